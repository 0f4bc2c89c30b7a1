import { problems } from '../../contracts/common';
import { BEARER, type ServiceApp } from '../shared/service';
import { TokenInfo } from '../../contracts/api-tokens';

const TAGS = ['pricing'];

export function pricingRoutes(app: ServiceApp) {
  app.get(
    '/token-info/',
    {
      config: { auth: 'apiToken' },
      schema: {
        tags: TAGS,
        summary: 'The API token the caller presents, when it is valid',
        description:
          'Takes `Authorization: Bearer <API token of the pricing service>`, never a panel user. 401 `/problems/unauthorized` for a missing, ' +
          'unknown, revoked, expired or deleted token (a value under 16 characters is refused without a lookup); 429 ' +
          '`/problems/too-many-token-failures` with Retry-After while the client address has failed too many token checks.',
        security: BEARER,
        response: { 200: TokenInfo, ...problems(401, 429) },
      },
    },
    (request) => request.apiCaller!,
  );
}
