import type { Faker } from '@faker-js/faker';
import type { CareStatusReason, WorkflowChangeInput } from '../../contracts/care-workflow';
import { addDays, agencyDay, laterOfficeMoment, workdayAfter, workdayBefore } from './timeline';

/**
 * What became of a demo care request: the dispatchers' steps from its submission on, each at a moment in office hours, as a life
 * played forward and cut off at `now`. A request of this week is mostly still new or being contacted, one of some weeks ago has an
 * offer out or is closed, older ones are closed (placed, declined or withdrawn with a fitting reason). Each open step's follow-up
 * is the day of the next one (or a little before, when the dispatcher is late), so those of the open requests lie around today;
 * about a quarter of the open ones the dispatchers are behind on: their follow-up has passed.
 */

export interface StoryStep {
  at: Date;
  /** Which dispatcher acts (an index into the staff the seed has); `assign` makes them the assignee. */
  actor: number;
  change: Pick<WorkflowChangeInput, 'status' | 'follow_up' | 'reason'> & { assign?: true };
  note?: string;
}

export interface StoryRequest {
  submitted: Date;
  /** Inside the agency's core or optional territory: outside it, the request is declined. */
  inTerritory: boolean;
}

type Outcome = { status: 'placed' } | { status: 'declined' | 'withdrawn'; reason: CareStatusReason };

const NOTES = {
  contacted: [
    'Rückruf vereinbart, Unterlagen folgen per Post.',
    'Erstgespräch geführt, Tochter kümmert sich um die Unterlagen.',
    'Angehörige wünschen eine Betreuungskraft mit Führerschein.',
  ],
  unreachable: ['Nicht erreicht, erneut versuchen.', 'Mailbox, Rückrufbitte hinterlassen.'],
  offer: [
    'Angebot per E-Mail verschickt, Entscheidung in der nächsten Woche.',
    'Angebot besprochen, Kunde vergleicht noch.',
  ],
  waiting: ['Kunde bittet um Bedenkzeit bis nach dem Arzttermin.', 'Familie berät noch, Rückmeldung zugesagt.'],
  placed: [
    'Vertrag unterschrieben, Anreise der Betreuungskraft in zwei Wochen.',
    'Betreuungskraft vorgestellt, Einsatz bestätigt.',
  ],
};

/** Outside the territory the agency mostly declines; some it places through a partner agency. */
function outcomeOf(faker: Faker, request: StoryRequest): Outcome {
  if (!request.inTerritory && faker.datatype.boolean(0.6)) return { status: 'declined', reason: 'outside_territory' };
  return faker.helpers.weightedArrayElement<Outcome>([
    { weight: 45, value: { status: 'placed' } },
    { weight: 8, value: { status: 'declined', reason: 'no_caregiver_available' } },
    { weight: 7, value: { status: 'declined', reason: 'customer_unreachable' } },
    { weight: 3, value: { status: 'declined', reason: 'duplicate' } },
    { weight: 12, value: { status: 'withdrawn', reason: 'found_other_provider' } },
    { weight: 10, value: { status: 'withdrawn', reason: 'price' } },
    { weight: 10, value: { status: 'withdrawn', reason: 'no_longer_needed' } },
    { weight: 5, value: { status: 'withdrawn', reason: 'other' } },
  ]);
}

/** Whether the request gets an offer before it closes: a placement always, a refusal over the price or a rival's offer mostly. */
function goesThroughOffer(faker: Faker, outcome: Outcome): boolean {
  if (outcome.status === 'placed') return true;
  if (outcome.reason === 'price' || outcome.reason === 'found_other_provider') return faker.datatype.boolean(0.8);
  if (
    outcome.reason === 'customer_unreachable' ||
    outcome.reason === 'duplicate' ||
    outcome.reason === 'outside_territory'
  )
    return false;
  return faker.datatype.boolean(0.4);
}

const maybeNote = (faker: Faker, notes: string[], probability: number) =>
  faker.datatype.boolean(probability) ? faker.helpers.arrayElement(notes) : undefined;

interface PlannedStep {
  at: Date;
  change: Omit<StoryStep['change'], 'follow_up'>;
  note?: string;
  /** The step sets a follow-up: the day of the next step, or (now and then) a day or three before it, when the dispatcher is late. */
  followsUp: boolean;
}

/** The follow-up set at `at` for a next step at `next`: that day or a little before, but after the day of `at`. */
function followUpFor(faker: Faker, at: Date, next: Date): string {
  const late = faker.datatype.boolean(0.35) ? faker.number.int({ min: 1, max: 3 }) : 0;
  const planned = workdayBefore(agencyDay(next), late);
  const earliest = workdayAfter(addDays(agencyDay(at), 1), 0);
  return planned > earliest ? planned : earliest;
}

/**
 * Every step the request would go through, uncut: triage, the first call within two workdays, calls that reach no one, the offer
 * one to two weeks later, a family taking its time, the close one to four weeks after that.
 */
function plannedSteps(faker: Faker, request: StoryRequest): PlannedStep[] {
  const plan: PlannedStep[] = [];
  let at = request.submitted;
  const next = (workdays: [number, number], minMinutes = 60) =>
    (at = laterOfficeMoment(faker, at, minMinutes, workdays));
  const outcome = outcomeOf(faker, request);
  const unreachable = outcome.status === 'declined' && outcome.reason === 'customer_unreachable';
  if (faker.datatype.boolean(0.2)) plan.push({ at: next([0, 0], 10), change: { assign: true }, followsUp: false });
  const contacted = unreachable
    ? faker.helpers.arrayElement(NOTES.unreachable)
    : maybeNote(faker, NOTES.contacted, 0.3);
  plan.push({ at: next([0, 2], 30), change: { status: 'contacting', assign: true }, note: contacted, followsUp: true });
  const retries = unreachable ? faker.number.int({ min: 1, max: 2 }) : faker.datatype.boolean(0.15) ? 1 : 0;
  for (let retry = 0; retry < retries; retry += 1)
    plan.push({ at: next([2, 3]), change: {}, note: faker.helpers.arrayElement(NOTES.unreachable), followsUp: true });
  const offer = goesThroughOffer(faker, outcome);
  if (offer) {
    plan.push({
      at: next([3, 10]),
      change: { status: 'offer_sent' },
      note: maybeNote(faker, NOTES.offer, 0.4),
      followsUp: true,
    });
    if (faker.datatype.boolean(0.15))
      plan.push({ at: next([5, 8]), change: {}, note: faker.helpers.arrayElement(NOTES.waiting), followsUp: true });
  }
  const reason = outcome.status === 'placed' ? {} : { reason: outcome.reason };
  plan.push({
    at: next(offer ? [5, 20] : [2, 10]),
    change: { status: outcome.status, ...reason },
    note: outcome.status === 'placed' ? maybeNote(faker, NOTES.placed, 0.5) : undefined,
    followsUp: false,
  });
  return plan;
}

function wholeStory(faker: Faker, request: StoryRequest, staff: number): StoryStep[] {
  const actor = faker.number.int({ min: 0, max: staff - 1 });
  const plan = plannedSteps(faker, request);
  return plan.map((step, index) => {
    const closing = index === plan.length - 1;
    const followUp = step.followsUp
      ? { follow_up: followUpFor(faker, step.at, plan[index + 1].at) }
      : closing
        ? { follow_up: null }
        : {};
    return { at: step.at, actor, change: { ...step.change, ...followUp }, ...(step.note ? { note: step.note } : {}) };
  });
}

/** An open request the dispatchers are behind on: its follow-up (a day after its last step at the soonest) passed up to a week ago. */
function fallenBehind(faker: Faker, steps: StoryStep[], now: Date): StoryStep[] {
  const last = steps.at(-1);
  if (!last?.change.follow_up || !faker.datatype.boolean(0.25)) return steps;
  const today = agencyDay(now);
  const missed = workdayBefore(today, faker.number.int({ min: 1, max: 5 }));
  const soonest = workdayAfter(addDays(agencyDay(last.at), 1), 0);
  const followUp = missed > soonest ? missed : soonest;
  if (followUp >= today) return steps;
  return [...steps.slice(0, -1), { ...last, change: { ...last.change, follow_up: followUp } }];
}

/** The steps of the request that happened by `now`, oldest first. */
export function careStory(faker: Faker, request: StoryRequest, now: Date, staff: number): StoryStep[] {
  return fallenBehind(
    faker,
    wholeStory(faker, request, staff).filter((step) => step.at <= now),
    now,
  );
}
