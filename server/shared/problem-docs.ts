import type { SwaggerTransformObject } from '@fastify/swagger';

/** The media type of every error answer of the services (server/shared/problem.ts sends them so). */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

interface Response {
  content?: Record<string, unknown>;
}
type PathItem = Record<string, unknown>;

const isError = (status: string) => status.startsWith('4') || status.startsWith('5');

/** A 4xx or 5xx answer's body under the problem media type; @fastify/swagger names every body application/json. */
function asProblem(status: string, response: Response): Response {
  const [media] = Object.values(response.content ?? {});
  return isError(status) && media ? { ...response, content: { [PROBLEM_MEDIA_TYPE]: media } } : response;
}

function documentOperation(operation: unknown): unknown {
  const responses = (operation as { responses?: Record<string, Response> } | null)?.responses;
  if (!responses) return operation;
  return {
    ...(operation as object),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [status, asProblem(status, response)]),
    ),
  };
}

/**
 * @fastify/swagger's `transformObject`, the one place that documents the problem bodies' media type: every 4xx and 5xx
 * answer of every operation as application/problem+json, as the services send it (routes keep declaring their problems
 * with `problems(…)` of contracts/common.ts).
 */
export const documentProblemMediaType: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const paths = Object.entries((openapiObject.paths ?? {}) as Record<string, PathItem>).map(
    ([path, item]): [string, PathItem] => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, documentOperation(operation)])),
    ],
  );
  return { ...openapiObject, paths: Object.fromEntries(paths) };
};
