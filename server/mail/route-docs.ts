import { routeDocs } from '../shared/route-docs';

/** The OpenAPI head of a mail administration route. */
export const administration = routeDocs(['mail administration']);
