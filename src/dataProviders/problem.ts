import { HttpError } from 'react-admin';
import { type FieldLabels, fieldLabelKey } from './problemFields';

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

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Without the panel's messages: the server's own words (its title, its detail, the field's wire name). */
const untranslated: Translate = (key, options) =>
  key === 'caredesk.errors.in_field'
    ? `in field ${String(options?.field)}`
    : typeof options?._ === 'string'
      ? options._
      : key;

/** The slug of one of our stable problem types (`/problems/self-ban` → `self_ban`), or null for any other type. */
function typeSlug(type: string | undefined): string | null {
  const match = /^\/problems\/([a-z0-9-]+)$/.exec(type ?? '');
  return match ? match[1].replaceAll('-', '_') : null;
}

const PROBLEM_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'field', 'errors']);

/**
 * A problem's extension members as the arguments of its text (`%{accounts}`); its number, if it has one, also chooses the text's
 * plural form (smart_count), so that "1 account" and "2 accounts" can be said in every language.
 */
function textArguments(problem: Problem): Record<string, unknown> {
  const extensions = Object.fromEntries(Object.entries(problem).filter(([name]) => !PROBLEM_MEMBERS.has(name)));
  const count = Object.values(extensions).find((value) => typeof value === 'number');
  return count === undefined ? extensions : { ...extensions, smart_count: count };
}

/**
 * 'Title: text (in field Label)' in the panel's language: the title by status, the text by problem type, the field
 * by its label. A type the panel does not know shows the server's detail; a field without a label its wire name.
 */
export function problemMessage(
  problem: Problem,
  translate: Translate = untranslated,
  fieldLabels: FieldLabels = {},
  fallbackTitle = '',
): string {
  const serverTitle = problem.title?.trim() || fallbackTitle;
  const title = problem.status
    ? translate(`caredesk.problems.titles.${problem.status}`, { _: serverTitle })
    : serverTitle;
  const slug = typeSlug(problem.type);
  const detail = problem.detail?.trim() ?? '';
  const text = slug ? translate(`caredesk.problems.types.${slug}`, { ...textArguments(problem), _: detail }) : detail;
  let message = title && text ? `${title}: ${text}` : title || text;
  if (problem.field) {
    const labelKey = fieldLabelKey(problem.field, fieldLabels);
    const field = labelKey ? translate(labelKey, { _: problem.field }) : problem.field;
    message += ` (${translate('caredesk.errors.in_field', { field })})`;
  }
  return message;
}

/** An HttpError for a problem body that remembers how to name the request's fields, so it can be described again in any language. */
class ProblemError extends HttpError {
  constructor(
    status: number,
    readonly problem: Problem,
    readonly fieldLabels: FieldLabels,
    /** The response's status text, for a problem without a title. */
    readonly fallbackTitle: string,
    translate?: Translate,
  ) {
    super(problemMessage(problem, translate, fieldLabels, fallbackTitle), status, problem);
    // HttpError's constructor sets its own prototype, which would make this a plain HttpError.
    Object.setPrototypeOf(this, ProblemError.prototype);
  }

  describe(translate?: Translate): string {
    return problemMessage(this.problem, translate, this.fieldLabels, this.fallbackTitle);
  }
}

/**
 * Turns react-admin's HttpError for a problem body into a ProblemError whose message describes the problem in the
 * language `translate` speaks now (react-admin's own notifications show that message).
 */
export function toHttpError(error: unknown, translate?: Translate, fieldLabels: FieldLabels = {}): unknown {
  if (error instanceof HttpError && typeof error.status === 'number' && isProblem(error.body)) {
    return new ProblemError(error.status, error.body, fieldLabels, error.message, translate);
  }
  return error;
}

/**
 * A human-readable description of any rejection value: the problem (title, text, field) of an HttpError,
 * the message of an Error, or the raw value.
 */
export function describeError(error: unknown, translate?: Translate): string {
  if (error instanceof ProblemError) return error.describe(translate);
  if (error instanceof HttpError && isProblem(error.body))
    return problemMessage(error.body, translate, {}, error.message);
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
