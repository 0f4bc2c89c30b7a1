import { NoQuery } from '../../contracts/common';
import { BEARER } from '../shared/service';

export const TAGS = ['auth'];

/** The OpenAPI part of a route for signed-in users. */
export const signedIn = (summary: string, description?: string) => ({ tags: TAGS, summary, security: BEARER, querystring: NoQuery, ...(description ? { description } : {}) });
