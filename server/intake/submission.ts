import type { FastifyRequest } from 'fastify';
import type { CareConfig } from '../config';
import type { Db } from '../db';
import { announceCareEvent, insertCareRequests } from '../care';
import { checkMail } from '../mail';
import { auditContextOf, recordAudit } from '../shared/audit';
import { HttpProblem, problemType } from '../shared/problem';
import { checkFormRules, hostOf, IntakeFormError, type FieldError } from './form';
import { recordOfForm } from './mapping';
import { notifyOffice } from './notify';

/** Taking one submission: every rule checked, then the request stored and the office notified in one transaction. */

function invalidForm(errors: FieldError[]) {
  const fields = errors.map((error) => error.field).join(', ');
  return new HttpProblem(400, 'Bad Request', `The care request has invalid fields: ${fields}.`, {
    type: problemType('validation-error'),
    field: errors[0].field,
    errors,
  });
}

/** Where the request came from when the form names no WWW origin: its Origin, else its Referer, else unknown (""). */
function fallbackHost(request: FastifyRequest): string {
  const candidates = [request.headers.origin, request.headers.referer].filter(
    (value): value is string => typeof value === 'string',
  );
  return candidates.map(hostOf).find((host) => host !== null) ?? '';
}

/** Addresses that would make every accepted request fail in its transaction are refused at start-up instead. */
export function checkNotificationSettings(care: CareConfig) {
  if (care.notifyRecipients.length === 0) return;
  checkMail({ sender: care.notifySender, to: care.notifyRecipients, subject: 'New care request', message: '' });
}

/** The schema's errors (collected, not thrown: see attachValidation) and the rules that span fields, all at once. */
export function assertValidSubmission(request: FastifyRequest, now: Date) {
  // an error of another part than the form (an unknown query parameter) is answered as on every other route
  if (request.validationError && !(request.validationError instanceof IntakeFormError)) throw request.validationError;
  const form = (request.body ?? {}) as Record<string, unknown>;
  const schemaErrors = request.validationError instanceof IntakeFormError ? request.validationError.errors : [];
  const errors = [...schemaErrors, ...checkFormRules(form, new Set(schemaErrors.map((error) => error.field)), now)];
  if (errors.length) throw invalidForm(errors);
}

/**
 * A request created in the panel (a signed-in caller) is audited with its creator; an anonymous web-form submission is not
 * (no staff member changed anything; the request itself records when and from where it came).
 */
async function auditCreation(tx: Db, request: FastifyRequest, uid: string, partialZip: string | null) {
  const context = auditContextOf(request);
  if (!context.actor) return;
  await recordAudit(tx, {
    action: 'care-request.create',
    ...context,
    target: { type: 'care-request', id: uid, label: partialZip },
  });
}

export async function storeSubmission(
  db: Db,
  care: CareConfig,
  request: FastifyRequest,
  submitted: Date,
): Promise<string> {
  const record = recordOfForm(request.body as never, { fallbackHost: fallbackHost(request), submitted, config: care });
  return db.transaction(async (tx) => {
    const [stored] = await insertCareRequests(tx, [record]);
    await notifyOffice(tx, record, stored, care);
    await auditCreation(tx, request, stored, record.incoming.partial_mission_zip_code);
    // a new request starts its workflow at version 1; the panels see it arrive once it is committed
    await announceCareEvent(tx, 'care-request.received', stored, 1);
    return stored;
  });
}
