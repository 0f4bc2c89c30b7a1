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
        security: BEARER,
        response: { 200: TokenInfo, ...problems(401) },
      },
    },
    async (request) => request.apiCaller!,
  );
}
