import { HttpError } from 'react-admin';

/** An RFC 9457 problem body as the services send it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  field?: string;
}

export function isProblem(body: unknown): body is Problem {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { title, detail } = body as Record<string, unknown>;
  return typeof title === 'string' || typeof detail === 'string';
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const englishInField: Translate = (_key, options) => `in field ${String(options?.field)}`;

/** 'Title: detail (in field x)', leaving out the parts the problem does not have. */
export function problemMessage(problem: Problem, fallback = '', translate: Translate = englishInField): string {
  const title = problem.title?.trim() || fallback;
  const detail = problem.detail?.trim();
  let message = title && detail ? `${title}: ${detail}` : title || detail || '';
  if (problem.field) message += ` (${translate('caredesk.errors.in_field', { field: problem.field })})`;
  return message;
}

/** Turns react-admin's HttpError for a problem body into one whose message describes the problem. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError && isProblem(error.body)) {
    return new HttpError(problemMessage(error.body, error.message), error.status, error.body);
  }
  return error;
}

/**
 * A human-readable description of any rejection value: the problem (title, detail, field) of an HttpError,
 * the message of an Error, or the raw value.
 */
export function describeError(error: unknown, translate?: Translate): string {
  if (error instanceof HttpError && isProblem(error.body)) return problemMessage(error.body, error.message, translate);
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error !== null && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
