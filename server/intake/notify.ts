import type { CareConfig } from '../config';
import type { Db } from '../db';
import { enqueueMail } from '../mail/queue';
import type { CareRequestRecord, Executor } from '../care/store';

/**
 * The office's notice of a new request. It carries the contact data on purpose: it goes only to the agency's own
 * CARE_REQUEST_NOTIFY addresses, and it is how staff call the customer back (no screen shows contact data).
 */
function notificationOf(record: CareRequestRecord, uid: string, config: CareConfig) {
  const { incoming, personal } = record;
  const start = incoming.mission_start_date ? ` (${incoming.mission_start_date})` : '';
  const lines = [
    `A care request was submitted on ${record.host || 'an unknown site'}.`,
    '',
    `Request: ${uid}`,
    `Mission: ${personal?.mission_zip_code ?? incoming.partial_mission_zip_code} ${personal?.mission_city ?? ''}`.trimEnd(),
    `Begins: ${incoming.mission_begins}${start}`,
    `Patients: ${incoming.patients.map((patient) => `${patient.gender}, care level ${patient.care_level}, ${patient.mobility}`).join('; ')}`,
    `Territory: ${incoming.core_territory ? 'core' : incoming.optional_territory ? 'optional' : 'outside'}`,
    `Affiliate: ${record.affiliate ?? '-'}`,
    '',
    `Contact: ${[personal?.salutation, personal?.academic_title === 'none' ? null : personal?.academic_title, personal?.first_name, personal?.last_name].filter(Boolean).join(' ')}`,
    `Phone: ${personal?.phone ?? '-'}`,
    `E-mail: ${personal?.email ?? '-'}`,
    `Notes: ${personal?.notes ?? '-'}`,
  ];
  return {
    sender: config.notifySender,
    to: config.notifyRecipients,
    subject: `New care request ${incoming.partial_mission_zip_code ?? ''} (${incoming.patients.length} patient${incoming.patients.length === 1 ? '' : 's'})`,
    message: lines.join('\n'),
  };
}

/** Queued in the request's own transaction: the notice goes out exactly when the request is stored. */
export async function notifyOffice(executor: Executor, record: CareRequestRecord, uid: string, config: CareConfig) {
  if (config.notifyRecipients.length === 0) return;
  await enqueueMail(executor as Db, notificationOf(record, uid, config));
}
