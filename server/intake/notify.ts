import type { CareConfig, MailLanguage } from '../config';
import { enqueueMail } from '../mail';
import { careRequestLink, linkCareMail, type CareRequestRecord } from '../care';
import type { Db } from '../db';

interface Notice {
  zip: string;
  patients: number;
  link: string;
}

/** The notice in each language of AGENCY_LANGUAGE. */
const NOTICES: Record<MailLanguage, (notice: Notice) => { subject: string; lines: string[] }> = {
  en: ({ zip, patients, link }) => ({
    subject: `New care request ${zip} (${patients} patient${patients === 1 ? '' : 's'})`,
    lines: [
      'A new care request was submitted.',
      '',
      `Open it in Caredesk: ${link}`,
      `Mission zip code: ${zip}`,
      `Patients: ${patients}`,
    ],
  }),
  de: ({ zip, patients, link }) => ({
    subject: `Neue Betreuungsanfrage ${zip} (${patients} ${patients === 1 ? 'Patient' : 'Patienten'})`,
    lines: [
      'Eine neue Betreuungsanfrage ist eingegangen.',
      '',
      `In Caredesk öffnen: ${link}`,
      `PLZ des Einsatzorts: ${zip}`,
      `Patienten: ${patients}`,
    ],
  }),
};

/**
 * The office's notice of a new request, in the agency's language. It carries no personal data (mails are read by everyone
 * with mail:read and kept until MAIL_RETENTION_DAYS): only the link to the request in the panel, the partial zip code and the
 * number of patients. Staff with care:contact see the contact data behind the link.
 */
function notificationOf(record: CareRequestRecord, uid: string, config: CareConfig) {
  const { subject, lines } = NOTICES[config.mailLanguage]({
    zip: record.incoming.partial_mission_zip_code ?? '-',
    patients: record.incoming.patients.length,
    link: careRequestLink(config.panelUrl, uid),
  });
  return { sender: config.notifySender, to: config.notifyRecipients, subject, message: lines.join('\n') };
}

/** Queued in the request's own transaction: the notice goes out exactly when the request is stored. */
export async function notifyOffice(executor: Db, record: CareRequestRecord, uid: string, config: CareConfig) {
  if (config.notifyRecipients.length === 0) return;
  const mailUid = await enqueueMail(executor, notificationOf(record, uid, config));
  await linkCareMail(executor, uid, mailUid, 'new-request');
}
