export { ConfigError } from './config-error';
export { loadConfig } from './load-config';
export type {
  CareConfig,
  Config,
  HttpConfig,
  MailConfig,
  MailLanguage,
  OidcConfig,
  PasswordHashCost,
  S3Config,
  ThrottleConfig,
  TrustConfig,
} from './types';
