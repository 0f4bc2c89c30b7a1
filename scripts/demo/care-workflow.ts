import { findPasswordLogin } from '../../server/auth/users';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { createNote } from '../../server/care/notes';
import { changeWorkflow } from '../../server/care/workflow';
import { CARE_STATUS_REASONS, type CareStatus, type WorkflowChangeInput } from '../../contracts/care-workflow';

/**
 * The demo's care workflow: every status, with assignees, follow-ups around today and a few notes, made through the service's own
 * store functions (so versions, the audit trail and the activity come out right). The dispatchers do the work; their usernames are
 * no addresses, so no assignment mail is queued.
 */

const WORKERS = ['jonas.weber', 'aylin.demir', 'petra.schulz'];
/** Per ten requests: how many end in each status (closed ones after passing through the open ones, as in real work). */
const STATUS_BY_TENTH: CareStatus[] = ['new', 'new', 'contacting', 'contacting', 'offer_sent', 'placed', 'placed', 'declined', 'declined', 'withdrawn'];
const PATH: Record<CareStatus, CareStatus[]> = {
  new: [],
  contacting: ['contacting'],
  offer_sent: ['contacting', 'offer_sent'],
  placed: ['contacting', 'offer_sent', 'placed'],
  declined: ['contacting', 'declined'],
  withdrawn: ['contacting', 'offer_sent', 'withdrawn'],
};
const NOTES = [
  'Rückruf vereinbart, Unterlagen folgen per Post.',
  'Angehörige wünschen eine Betreuungskraft mit Führerschein.',
  'Angebot besprochen, Entscheidung in der nächsten Woche.',
  'Nicht erreicht, erneut versuchen.',
];

type Actor = { uid: string; publicName: string };

async function workers(db: Db): Promise<Actor[]> {
  const found = await Promise.all(WORKERS.map((username) => findPasswordLogin(db, username)));
  return found.flatMap((login) => (login ? [{ uid: login.user.uid, publicName: login.user.publicName }] : []));
}

const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The changes that take a new request to its final status, the last one with its follow-up (open) or reason (declined, withdrawn). */
function changesTo(status: CareStatus, assignee: Actor, index: number, now: Date): Omit<WorkflowChangeInput, 'version'>[] {
  const steps: Omit<WorkflowChangeInput, 'version'>[] = PATH[status].map((step) => ({ status: step }));
  if (steps.length) steps[0] = { ...steps[0], assignee_uid: assignee.uid };
  const last = steps.at(-1);
  if (!last) return [];
  if (status === 'declined' || status === 'withdrawn') last.reason = CARE_STATUS_REASONS[index % CARE_STATUS_REASONS.length];
  else if (status !== 'placed') last.follow_up = dayFrom(now, (index % 20) - 5);
  return steps;
}

/** Chosen by position, not by faker: the demo's other data keep the values they had before the workflow existed. */
export async function seedCareWorkflow(db: Db, uids: string[], config: Config, now: Date): Promise<void> {
  const staff = await workers(db);
  if (staff.length === 0) return;
  const settings = { panelUrl: config.care.panelUrl, sender: config.care.notifySender, language: config.care.mailLanguage, accessPolicy: config.trust.accessPolicy };
  for (const [index, uid] of uids.entries()) {
    const worker = staff[index % staff.length]!;
    const context = { actor: worker, address: null };
    const changes = changesTo(STATUS_BY_TENTH[index % STATUS_BY_TENTH.length]!, worker, index, now);
    for (const [step, change] of changes.entries()) await changeWorkflow(db, uid, { ...change, version: step + 1 }, context, settings);
    if (changes.length && index % 4 === 0) await createNote(db, uid, NOTES[index % NOTES.length]!, context, now);
  }
}
