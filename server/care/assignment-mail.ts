import type { MailLanguage } from '../config';
import { careRequestMails } from '../db/schema';
import { enqueueMail } from '../mail';
import { EMAIL_PATTERN } from '../../contracts/email-address';
import type { StaffMemberOutput } from '../../contracts/care-workflow';
import { usernameOf } from './assignees';
import { careSettingsOf } from './settings';
import type { Db } from '../db';

/**
 * The panel's incoming list (src/resources/careRequests/parts/paths.ts, carePaths.incoming); `archived=<uid>` names the request
 * whose view the list opens. The intake's notice links there too.
 */
export const INCOMING_LIST_PATH = '/archive/incoming-care-requests/';
export const careRequestLink = (panelUrl: string, uid: string) =>
  `${panelUrl}${INCOMING_LIST_PATH}?archived=${encodeURIComponent(uid)}`;

export interface MailSettings {
  panelUrl: string;
  sender: string;
  language: MailLanguage;
}

interface Assignment {
  requestUid: string;
  partialZip: string | null;
  assignee: StaffMemberOutput;
  assignedBy: string;
}

/** Where the assignee's mails go: their own setting, else their username when it is an address; undefined when off or nowhere. */
async function assignmentAddress(executor: Db, userUid: string): Promise<string | undefined> {
  const settings = await careSettingsOf(executor, userUid);
  if (!settings.assignment_mails) return undefined;
  if (settings.mail_address) return settings.mail_address;
  const username = await usernameOf(executor, userUid);
  return username && new RegExp(EMAIL_PATTERN).test(username) ? username : undefined;
}

/** The mail in each language of AGENCY_LANGUAGE. */
const ASSIGNMENT_MAILS: Record<
  MailLanguage,
  (mail: { zip: string; assignedBy: string; link: string }) => { subject: string; lines: string[] }
> = {
  en: ({ zip, assignedBy, link }) => ({
    subject: `Care request ${zip} assigned to you`,
    lines: [
      `${assignedBy} assigned a care request to you.`,
      '',
      `Open it in Caredesk: ${link}`,
      `Mission zip code: ${zip}`,
    ],
  }),
  de: ({ zip, assignedBy, link }) => ({
    subject: `Betreuungsanfrage ${zip} Ihnen zugewiesen`,
    lines: [
      `${assignedBy} hat Ihnen eine Betreuungsanfrage zugewiesen.`,
      '',
      `In Caredesk öffnen: ${link}`,
      `PLZ des Einsatzorts: ${zip}`,
    ],
  }),
};

/** The mail names the request by its link and partial zip code only: mails are read by everyone with mail:read. */
function assignmentMail({ requestUid, partialZip, assignedBy }: Assignment, to: string, settings: MailSettings) {
  const link = careRequestLink(settings.panelUrl, requestUid);
  const { subject, lines } = ASSIGNMENT_MAILS[settings.language]({ zip: partialZip ?? '-', assignedBy, link });
  return { sender: settings.sender, to: [to], subject, message: lines.join('\n') };
}

/** Queued in the transaction of the assignment, and remembered for the request's activity. */
export async function mailAssignee(
  executor: Db,
  assignment: Assignment,
  settings: MailSettings,
  now: Date,
): Promise<void> {
  const to = await assignmentAddress(executor, assignment.assignee.uid);
  if (!to) return;
  const mailUid = await enqueueMail(executor, assignmentMail(assignment, to, settings));
  await linkCareMail(executor, assignment.requestUid, mailUid, 'assignment', now);
}

export async function linkCareMail(
  executor: Db,
  requestUid: string,
  mailUid: string,
  kind: 'new-request' | 'assignment',
  now = new Date(),
) {
  await executor.insert(careRequestMails).values({ mailUid, requestUid, kind, queuedAt: now });
}
