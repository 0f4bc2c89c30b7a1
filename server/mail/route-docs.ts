import { BEARER } from '../shared/service';

/** The OpenAPI head of a mail administration route. */
export const administration = (summary: string, description: string) => ({
  tags: ['mail administration'],
  summary,
  description,
  security: BEARER,
});
