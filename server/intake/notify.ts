import type { CareConfig } from '../config';
import type { Db } from '../db';
import { enqueueMail } from '../mail';
import { careRequestLink, linkCareMail, type CareRequestRecord, type Executor } from '../care';

/**
 * The office's notice of a new request. It carries no personal data (mails are read by everyone with mail:read and kept
 * until MAIL_RETENTION_DAYS): only the link to the request in the panel, the partial zip code and the number of patients.
 * Staff with care:contact see the contact data behind the link.
 */
function notificationOf(record: CareRequestRecord, uid: string, config: CareConfig) {
  const zip = record.incoming.partial_mission_zip_code ?? '-';
  const patients = record.incoming.patients.length;
  const lines = [
    'A new care request was submitted.',
    '',
    `Open it in Caredesk: ${careRequestLink(config.panelUrl, uid)}`,
    `Mission zip code: ${zip}`,
    `Patients: ${patients}`,
  ];
  return {
    sender: config.notifySender,
    to: config.notifyRecipients,
    subject: `New care request ${zip} (${patients} patient${patients === 1 ? '' : 's'})`,
    message: lines.join('\n'),
  };
}

/** Queued in the request's own transaction: the notice goes out exactly when the request is stored. */
export async function notifyOffice(executor: Executor, record: CareRequestRecord, uid: string, config: CareConfig) {
  if (config.notifyRecipients.length === 0) return;
  const mailUid = await enqueueMail(executor as Db, notificationOf(record, uid, config));
  await linkCareMail(executor, uid, mailUid, 'new-request');
}
