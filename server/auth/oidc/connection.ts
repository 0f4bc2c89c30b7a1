import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config';

/**
 * The provider as openid-client knows it after discovery. Discovery starts with the service and never holds up its start: an
 * unreachable provider leaves password sign-in as it is, and whoever needs the provider next (the login page's question, a sign-in)
 * has it tried again, at most once per `discoveryRetryMs`; concurrent askers share one attempt.
 */
export interface ProviderConnection {
  /** The discovered configuration, discovering it now when due; undefined while the provider cannot be reached. */
  configuration(): Promise<client.Configuration | undefined>;
}

export function connectToProvider(settings: OidcConfig, log: FastifyBaseLogger, now = Date.now): ProviderConnection {
  let discovered: client.Configuration | undefined;
  let attempt: Promise<client.Configuration | undefined> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;

  const discover = () => {
    attempt ??= discoveryOf(settings)
      .then(
        (configuration) => {
          discovered = configuration;
          log.info({ issuer: settings.issuer }, 'OpenID Connect provider discovered');
          return configuration;
        },
        (error: unknown) => {
          failedAt = now();
          log.warn(
            { issuer: settings.issuer, err: error },
            'OpenID Connect provider cannot be reached: sign-in there is unavailable until it answers (password sign-in works)',
          );
          return undefined;
        },
      )
      .finally(() => (attempt = undefined));
    return attempt;
  };
  void discover();

  return {
    configuration: async () => {
      if (discovered) return discovered;
      if (attempt) return attempt;
      return now() - failedAt < settings.discoveryRetryMs ? undefined : discover();
    },
  };
}

function discoveryOf({ issuer, clientId, clientSecret, timeoutSeconds }: OidcConfig): Promise<client.Configuration> {
  const url = new URL(issuer);
  // the configuration only takes http:// for a loopback issuer (server/config/variables/oidc.ts)
  const execute = url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
  const authentication = clientSecret === undefined ? client.None() : client.ClientSecretPost(clientSecret);
  return client.discovery(url, clientId, undefined, authentication, { execute, timeout: timeoutSeconds });
}
