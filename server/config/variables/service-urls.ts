import { text } from '../variable-types';

/** The service bases the panel reads from `GET /config.json`: same-origin prefixes, or other deployments of a service. */
export const serviceUrlVariables = {
  AUTH_URL: text({ default: '/api/auth', description: 'base URL of the auth service, as the panel calls it' }),
  MAIL_URL: text({ default: '/api/mail', description: 'base URL of the mail service' }),
  FILES_URL: text({ default: '/api/files', description: 'base URL of the file service' }),
  PRICING_URL: text({ default: '/api/pricing', description: 'base URL of the pricing service' }),
  CARE_URL: text({ default: '/api/care', description: 'base URL of the care-request service' }),
  INTAKE_URL: text({ default: '/api/intake', description: 'base URL of the care-request intake' }),
  AUDIT_URL: text({ default: '/api/audit', description: 'base URL of the audit service' }),
};
