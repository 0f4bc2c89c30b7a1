import { HttpError } from 'react-admin';
import { isProblem, problemMessage, type Translate } from '../../../dataProviders/problem';

/**
 * Why the care service refused or failed a change, in words a person reads: a problem's text in the panel's language (never
 * its bare title such as "Gone"), or what went wrong on the way.
 */
export function refusalReason(error: unknown, translate: Translate): string {
  if (error instanceof HttpError && isProblem(error.body)) {
    const text = problemMessage({ ...error.body, title: undefined, status: undefined }, translate);
    if (text) return text;
  }
  if (error instanceof HttpError) return translate('caredesk.care_work.failure.answered', { status: error.status });
  if (error instanceof Error && !(error instanceof TypeError) && error.message) return error.message;
  return translate('caredesk.care_work.failure.unreachable');
}

/** The 410 /problems/contact-erased: the customer's contact data, and the notes with it, were erased. */
export const isContactErased = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 410 &&
  (error.body as { type?: string } | null)?.type === '/problems/contact-erased';
