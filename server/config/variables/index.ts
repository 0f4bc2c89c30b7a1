import { Type, type Static } from '@sinclair/typebox';
import { careVariables } from './care';
import { filesVariables } from './files';
import { httpVariables } from './http';
import { mailVariables } from './mail';
import { oidcVariables } from './oidc';
import { processVariables } from './process';
import { securityVariables } from './security';
import { serviceUrlVariables } from './service-urls';
import { signInThrottleVariables } from './sign-in-throttle';

export { SHUTDOWN_AFTER_GRACE_MS, SHUTDOWN_GRACE_MS } from './process';

/** Every environment variable the server reads, in the order docs/configuration.md lists them. */
export const Environment = Type.Object({
  ...processVariables,
  ...securityVariables,
  ...signInThrottleVariables,
  ...oidcVariables,
  ...httpVariables,
  ...mailVariables,
  ...careVariables,
  ...filesVariables,
  ...serviceUrlVariables,
});

/** The variables' values once read: defaults filled in, smaller values raised to their floor. */
export type Environment = Static<typeof Environment>;
