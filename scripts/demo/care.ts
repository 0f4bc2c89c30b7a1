import { fakerDE, type Faker } from '@faker-js/faker';
import * as E from '../../contracts/care-enumerations';
import type { ArchivedFieldsInput } from '../../contracts/care';
import type { CareRequestRecord } from '../../server/care/store';
import { recordOfForm } from '../../server/intake/mapping';
import { COMPLETED_SHARE, justNow, maybe, one, some, submittedFor, type DemoOptions } from './care-values';
import { demoIntakeForm } from './intake-form';
import { legacyArchived, legacyRecord, type LegacyPatient } from './legacy-care';

/**
 * Realistic demo care requests of every form version (npm run seed:demo, bench/care.ts): real German zip codes and towns
 * with phones in the town's area code and mobility that fits the care level (places.ts), names from faker's German
 * locale. 2016 requests go through the intake's own mapping, so they look exactly like submitted ones; most of them came in
 * over the last twelve weeks (the dashboard's chart), and many have their archived version completed, as after the call. The legacy
 * versions come as the legacy import brings them, closed (server/care/import.ts).
 */

/**
 * The archived version of a web-form request as staff complete it on the phone: what the form asked stays, the rest (household,
 * accommodation, caregiver wishes, each patient's abilities and care activities) is filled in.
 */
function completedArchive(faker: Faker, record: CareRequestRecord): ArchivedFieldsInput {
  const asSent = record.archived!;
  // the intake's mapping sets these from required form fields
  const patients: LegacyPatient[] = asSent.mission_details.patients.map((patient) => ({
    gender: patient.gender!,
    mobility: patient.mobility!,
    care_level: patient.care_level!,
    can_hear: patient.abilities.can_hear,
    can_talk: patient.abilities.can_talk,
    can_see: patient.abilities.can_see,
    night_shift: patient.night_shift,
    ambulatory_care_service: maybe(faker, () => one(faker, E.AMBULATORY_CARE_SERVICES)),
    diseases: maybe(faker, () => some(faker, E.DISEASES)),
  }));
  const completed = legacyArchived(faker, '2016', record.incoming, patients);
  const { patients: completedPatients, ...missionDetails } = completed.mission_details;
  return {
    ...completed,
    customer_version: asSent.customer_version,
    newsletter: asSent.newsletter,
    referral: asSent.referral,
    contact: asSent.contact,
    mission_details: { ...missionDetails, ...withoutNulls(asSent.mission_details), patients: completedPatients },
  };
}

const withoutNulls = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(value).filter(([key, entry]) => entry !== null && key !== 'patients'),
  ) as Partial<T>;

/** One demo request of the given form version; index numbers the legacy ids of the older versions. */
function demoCareRequest(version: E.FormVersion, index: number, options: DemoOptions): CareRequestRecord {
  const faker = options.faker ?? fakerDE;
  if (version !== '2016') return legacyRecord(faker, version, index, options);
  const now = options.now ?? new Date();
  const submitted = index === NEWEST_INDEX ? justNow(faker, now) : submittedFor(faker, version, now);
  const record = recordOfForm(demoIntakeForm(faker, submitted) as never, {
    fallbackHost: '',
    submitted,
    config: options.care,
  });
  return faker.datatype.boolean(COMPLETED_SHARE) ? { ...record, archived: completedArchive(faker, record) } : record;
}

/** The request that came in a few minutes ago. */
const NEWEST_INDEX = 1;

/** count demo requests, spread over the three form versions: a tenth of each legacy one, the rest today's (2016). */
export function demoCareRequests(count: number, options: DemoOptions): CareRequestRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const version: E.FormVersion = index % 10 === 0 ? '2012' : index % 10 === 5 ? '2016-pre' : '2016';
    return demoCareRequest(version, index, options);
  });
}
