import { BEARER } from './service';

/**
 * The OpenAPI head of a route module's routes, under the module's tags: `const describe = routeDocs(['care'])`, then
 * `schema: { ...describe(summary, description), … }`. Every route documents the Bearer token it takes, except the public ones
 * (`config: { auth: 'public' }`), which take none.
 */
export const routeDocs =
  (tags: string[], { auth }: { auth?: 'public' } = {}) =>
  (summary: string, description: string) => ({
    tags,
    summary,
    description,
    ...(auth === 'public' ? {} : { security: BEARER }),
  });
