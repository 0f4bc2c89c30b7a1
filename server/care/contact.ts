import { eq, inArray, lt } from 'drizzle-orm';
import type { TrustConfig } from '../config';
import type { Db, Transaction } from '../db';
import { archivedCareRequests, careRequestContacts, careRequestNotes, careRequests } from '../db/schema';
import { recordAudit, type AuditEvent } from '../shared/audit';
import type { HousekeepingJob } from '../shared/housekeeping';
import { epochSecondsOf } from '../shared/paging';
import { HttpProblem, notFound, problemType } from '../shared/problem';
import { cutoffOf, inBatches } from '../shared/retention';
import type { ContactOutput } from '../../contracts/care';
import { eraseNotes } from './notes';

/**
 * A care customer's contact data (care_request_contacts): read and erased one request at a time by care:contact holders,
 * each time audited in the same transaction (the audit event names the request, never the data), and erased by retention.
 */

type AuditContext = Pick<AuditEvent, 'actor' | 'address'>;

const contactErased = (erasedAt: Date) =>
  new HttpProblem(410, 'Gone', `The contact data of this care request was erased at ${erasedAt.toISOString()}.`, {
    type: problemType('contact-erased'),
  });

/** The archived request, its row locked against a concurrent erasure (`share` for reads, `update` for the erasure). */
async function archivedRequest(tx: Transaction, uid: string, lock: 'share' | 'update') {
  const [row] = await tx
    .select({
      uid: careRequests.uid,
      partialZip: careRequests.partialMissionZipCode,
      erasedAt: careRequests.contactErasedAt,
    })
    .from(careRequests)
    .innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
    .where(eq(careRequests.uid, uid))
    .for(lock, { of: careRequests });
  if (!row) throw notFound('No archived care request has this uid.', 'uid', 'care-request-not-found');
  return row;
}

const targetOf = (request: { uid: string; partialZip: string | null }) => ({
  type: 'care-request',
  id: request.uid,
  label: request.partialZip,
});

function toContact(row: typeof careRequestContacts.$inferSelect | undefined): ContactOutput {
  return {
    salutation: row?.salutation ?? null,
    academic_title: row?.academicTitle ?? null,
    first_name: row?.firstName ?? null,
    last_name: row?.lastName ?? null,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    notes: row?.notes ?? null,
    mission_zip_code: row?.missionZipCode ?? null,
    mission_city: row?.missionCity ?? null,
  };
}

/** A request that never carried contact data (some legacy ones) answers every field null; an erased one 410. */
export async function readContact(db: Db, uid: string, context: AuditContext): Promise<ContactOutput> {
  return db.transaction(async (tx) => {
    const request = await archivedRequest(tx, uid, 'share');
    if (request.erasedAt) throw contactErased(request.erasedAt);
    const [row] = await tx.select().from(careRequestContacts).where(eq(careRequestContacts.uid, uid));
    await recordAudit(tx, {
      action: 'care-request.contact-read',
      ...context,
      target: targetOf(request),
    });
    return toContact(row);
  });
}

/** Erasing twice changes nothing the second time (and records nothing). */
export async function eraseContact(db: Db, uid: string, context: AuditContext, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await archivedRequest(tx, uid, 'update');
    if (request.erasedAt) return;
    await tx.delete(careRequestContacts).where(eq(careRequestContacts.uid, uid));
    await eraseNotes(tx, [uid]);
    await tx.update(careRequests).set({ contactErasedAt: now }).where(eq(careRequests.uid, uid));
    const changes = { contact_erased: epochSecondsOf(now) };
    await recordAudit(tx, {
      action: 'care-request.contact-erase',
      ...context,
      target: targetOf(request),
      changes,
    });
  });
}

/** Erases the contact rows of up to `size` requests submitted before `cutoff`; returns how many. */
async function eraseContactsBatch(db: Db, cutoff: Date, now: Date, size: number): Promise<number> {
  const due = db
    .select({ uid: careRequestContacts.uid })
    .from(careRequestContacts)
    .innerJoin(careRequests, eq(careRequests.uid, careRequestContacts.uid))
    .where(lt(careRequests.submitted, cutoff))
    .limit(size);
  const erased = await db
    .delete(careRequestContacts)
    .where(inArray(careRequestContacts.uid, due))
    .returning({ uid: careRequestContacts.uid });
  if (erased.length)
    await db
      .update(careRequests)
      .set({ contactErasedAt: now })
      .where(
        inArray(
          careRequests.uid,
          erased.map(({ uid }) => uid),
        ),
      );
  return erased.length;
}

/** Notes of requests submitted before `cutoff` go with the contact data, also where a request never had contact data. */
async function eraseNotesBatch(db: Db, cutoff: Date, size: number): Promise<number> {
  const due = db
    .select({ uid: careRequestNotes.uid })
    .from(careRequestNotes)
    .innerJoin(careRequests, eq(careRequests.uid, careRequestNotes.requestUid))
    .where(lt(careRequests.submitted, cutoff))
    .limit(size);
  const erased = await db
    .delete(careRequestNotes)
    .where(inArray(careRequestNotes.uid, due))
    .returning({ uid: careRequestNotes.uid });
  return erased.length;
}

/** Housekeeping: contact data goes CARE_CONTACT_RETENTION_DAYS after submission; a run that erased some is audited with its count. */
export function careContactRetentionJob(
  config: Pick<TrustConfig, 'careContactRetentionDays'>,
  batchSize?: number,
): HousekeepingJob {
  return {
    name: 'care-contact-retention',
    async run(db, now) {
      const cutoff = cutoffOf(now, config.careContactRetentionDays);
      const count = await inBatches((size) => eraseContactsBatch(db, cutoff, now, size), batchSize);
      await inBatches((size) => eraseNotesBatch(db, cutoff, size), batchSize);
      if (count > 0)
        await recordAudit(db, { action: 'care-request.contact-retention', actor: null, changes: { count } });
      return count;
    },
  };
}
