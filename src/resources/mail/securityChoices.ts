import type { MailSecurity } from '../../dataProviders/mail/wire';

/** The security choices with their labels (No Security, START/TLS, SSL/TLS). */
export const SECURITY_CHOICES: { id: MailSecurity; name: string }[] = [
  { id: 'none', name: 'caredesk.mail.security.none' },
  { id: 'starttls', name: 'caredesk.mail.security.starttls' },
  { id: 'ssl/tls', name: 'caredesk.mail.security.ssl_tls' },
];

export const securityLabel = (security: string): string =>
  SECURITY_CHOICES.find((choice) => choice.id === security)?.name ?? security;
