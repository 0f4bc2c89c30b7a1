import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { deliveredReport, failedReport, type AttemptReport } from '../../server/mail/attempts';
import { claimDueMails, recordAndClaim, type ClaimedMail, type MarkedOutcome } from '../../server/mail/claims';
import { cancelMail } from '../../server/mail/mail-log';
import { backoffSeconds, failureOf } from '../../server/mail/outcomes';
import { enqueueMail } from '../../server/mail/queue';
import type { MailInput, ProviderOutput } from '../../contracts/mail';
import type { AuditContext } from '../../server/shared/audit';

/**
 * Demo mails in every state, made the way the worker makes them: queued by enqueueMail, claimed, and their outcomes recorded
 * with the worker's own reports; cancelled ones through the mail log's cancel. Nothing is sent: every address is in a
 * reserved domain (.example) and the demo providers' hosts end in .invalid, which no resolver answers.
 */

export type DemoMailState = 'delivered' | 'retrying' | 'failed' | 'queued' | 'cancelled';

interface DemoMail {
  mail: MailInput;
  state: DemoMailState;
  /** A nodemailer-shaped error, for retrying and failed mails. */
  error?: { responseCode?: number; response?: string; code?: string; message: string; rejected?: string[]; rejectedErrors?: { recipient: string; response: string }[] };
}

export const DEMO_MAIL_DOMAIN = 'caredesk.example';
const office = (box: string) => `${box}@${DEMO_MAIL_DOMAIN}`;

const refused = (address: string, reply: string) => ({ responseCode: Number(reply.slice(0, 3)), response: reply, message: `Can't send mail - all recipients were rejected: ${reply}`, rejected: [address], rejectedErrors: [{ recipient: address, response: reply }] });

/** What the agency's office mails about in a week: partner agencies, applicants, invoices. No care customer's data. */
const OFFICE_MAILS: DemoMail[] = [
  {
    state: 'delivered',
    mail: {
      sender: office('disposition'),
      to: ['einsatz@pflegeteam-nord.example'],
      cc: [office('jonas.weber')],
      subject: 'Einsatzanfrage 12xxx: Betreuungskraft ab dem 1. des Monats gesucht',
      message: 'Guten Tag,\n\nfür einen Einsatz in Berlin (12xxx) suchen wir eine Betreuungskraft mit guten Deutschkenntnissen und Führerschein.\nDie Einzelheiten finden Sie im Partnerportal.\n\nMit freundlichen Grüßen\nJonas Weber, Disposition',
    },
  },
  {
    state: 'delivered',
    mail: {
      sender: office('recruiting'),
      to: ['bewerbung.k.nowak@post.example'],
      subject: 'Ihre Bewerbung als Betreuungskraft',
      message: 'Sehr geehrte Frau Nowak,\n\nvielen Dank für Ihre Bewerbung. Wir melden uns in den nächsten Tagen für ein Gespräch bei Ihnen.\n\nViele Grüße\nMarek Nowak, Recruiting',
    },
  },
  {
    state: 'delivered',
    mail: {
      sender: office('buchhaltung'),
      to: ['rechnungen@pflegeteam-nord.example'],
      cc: [office('buchhaltung')],
      subject: 'Gutschrift 2026-1184 zum Rahmenvertrag RV-2026-014',
      message: 'Guten Tag,\n\nanbei erhalten Sie die Gutschrift 2026-1184 für den Abrechnungszeitraum Oktober.\n\nMit freundlichen Grüßen\nIhre Buchhaltung',
    },
  },
  {
    state: 'delivered',
    mail: {
      sender: office('disposition'),
      to: ['office@agentur-opieka.example', 'koordination@agentur-opieka.example'],
      subject: 'Wechsel der Betreuungskraft zum Monatsende (Vertrag SV-2026-0298)',
      message: 'Hallo zusammen,\n\nzum Monatsende steht der Wechsel im Einsatz SV-2026-0298 an. Bitte bestätigt uns das Anreisedatum der neuen Betreuungskraft.\n\nDanke und viele Grüße\nAylin Demir',
    },
  },
  {
    state: 'retrying',
    error: { responseCode: 421, response: '421 4.7.0 Try again later, closing connection.', message: 'Message failed: 421 4.7.0 Try again later, closing connection.' },
    mail: {
      sender: office('disposition'),
      to: ['einsatz@pflegeteam-sued.example'],
      subject: 'Anreise Betreuungskraft BK-0231 am Montag',
      message: 'Guten Tag,\n\ndie Betreuungskraft BK-0231 reist am Montag mit dem Bus an (Ankunft 14:30 Uhr ZOB). Bitte sorgen Sie für die Abholung.\n\nViele Grüße\nDisposition',
    },
  },
  {
    state: 'retrying',
    error: { code: 'ETIMEDOUT', message: 'Connection timeout' },
    mail: {
      sender: office('recruiting'),
      to: ['m.kowalski@poczta.example'],
      subject: 'Terminbestätigung: Vorstellungsgespräch am Donnerstag, 10 Uhr',
      message: 'Guten Tag Herr Kowalski,\n\nhiermit bestätigen wir Ihr Vorstellungsgespräch am Donnerstag um 10 Uhr per Videoanruf.\n\nViele Grüße\nMarek Nowak',
    },
  },
  {
    state: 'failed',
    error: refused('info@alte-adresse.example', '550 5.1.1 <info@alte-adresse.example>: Recipient address rejected: User unknown in virtual mailbox table'),
    mail: {
      sender: office('buchhaltung'),
      to: ['info@alte-adresse.example'],
      subject: 'Zahlungserinnerung zur Rechnung 2026-1097',
      message: 'Guten Tag,\n\nzur Rechnung 2026-1097 konnten wir noch keinen Zahlungseingang feststellen. Bitte prüfen Sie den Vorgang.\n\nMit freundlichen Grüßen\nIhre Buchhaltung',
    },
  },
  {
    state: 'failed',
    error: { responseCode: 554, response: '554 5.7.1 <kontakt@pflegedienst-mitte.example>: Relay access denied', message: 'Message failed: 554 5.7.1 Relay access denied' },
    mail: {
      sender: office('disposition'),
      to: ['kontakt@pflegedienst-mitte.example'],
      subject: 'Vertretung über die Feiertage',
      message: 'Hallo,\n\nkönnen Sie uns über die Feiertage mit einer Vertretung im Raum Potsdam aushelfen?\n\nViele Grüße\nDisposition',
    },
  },
  {
    state: 'queued',
    mail: {
      sender: office('recruiting'),
      to: ['team@sprachschule-mitte.example'],
      subject: 'Anmeldung zum Deutschkurs B1 für drei Betreuungskräfte',
      message: 'Guten Tag,\n\nwir möchten drei Betreuungskräfte für den Abendkurs B1 ab Januar anmelden. Bitte senden Sie uns die Unterlagen.\n\nViele Grüße\nRecruiting',
    },
  },
  {
    state: 'cancelled',
    mail: {
      sender: office('disposition'),
      to: ['alle@pflegeteam-nord.example'],
      subject: 'Rundschreiben Dezember (Entwurf)',
      message: 'Entwurf: Termine und Ansprechpartner über die Feiertage folgen.',
    },
  },
  {
    state: 'cancelled',
    mail: {
      sender: office('buchhaltung'),
      to: ['rechnungen@pflegeteam-nord.example'],
      subject: 'Gutschrift 2026-1184 zum Rahmenvertrag RV-2026-014 (doppelt)',
      message: 'Versehentlich doppelt angelegt.',
    },
  },
];

interface DemoMailContext {
  config: Config;
  provider: Pick<ProviderOutput, 'uid' | 'name' | 'host'>;
  /** The member of staff who cancels the cancelled ones. */
  actor: { uid: string; publicName: string };
  audit: AuditContext;
  /** Queue the care intake's notices of new requests: those of `delivered` go out, the others wait in the queue. */
  queueNotices: (which: 'delivered' | 'queued') => Promise<void>;
}

function outcomeOf(demo: DemoMail, claim: ClaimedMail, { config, provider }: DemoMailContext): MarkedOutcome {
  const startedAt = new Date();
  if (demo.state === 'delivered') {
    const recipients = [...claim.to, ...claim.cc];
    const report = deliveredReport(startedAt, provider, { response: '250 2.0.0 Ok: queued as 4Xk2Lm0vQz', accepted: recipients });
    return { kind: 'delivered', claim, refused: [], report };
  }
  const failure = failureOf(demo.error, config.mail.leaseSeconds);
  const errorMessage = failure.kind === 'failed' ? failure.errorMessage : demo.error!.message;
  const report: AttemptReport = failedReport(startedAt, provider, demo.error);
  if (demo.state === 'failed') return { kind: 'failed', claim, errorMessage, report };
  const delaySeconds = backoffSeconds(claim.attempts, config.mail.minBackoffSeconds, config.mail.maxBackoffSeconds);
  return { kind: 'retrying', claim, errorMessage, delaySeconds, report };
}

/**
 * Queues the office mails and the care intake's notices, then gives each its state. Runs on an installation without mails
 * (seedDemo checks), so every mail it claims is one of these.
 */
export async function seedDemoMails(db: Db, context: DemoMailContext): Promise<void> {
  const attempted = OFFICE_MAILS.filter((demo) => demo.state !== 'queued' && demo.state !== 'cancelled');
  const byUid = new Map<string, DemoMail>();
  for (const demo of attempted) byUid.set(await enqueueMail(db, demo.mail), demo);
  await context.queueNotices('delivered');
  const claims = await claimDueMails(db, 10_000, context.config.mail.leaseSeconds);
  const delivered: DemoMail = { state: 'delivered', mail: OFFICE_MAILS[0]!.mail };
  await recordAndClaim(db, claims.map((claim) => outcomeOf(byUid.get(claim.referenceUid) ?? delivered, claim, context)), 0, context.config.mail.leaseSeconds);

  await context.queueNotices('queued');
  for (const demo of OFFICE_MAILS.filter((entry) => entry.state === 'queued' || entry.state === 'cancelled')) {
    const uid = await enqueueMail(db, demo.mail);
    if (demo.state === 'cancelled') await cancelMail(db, uid, context.actor, context.audit);
  }
}
