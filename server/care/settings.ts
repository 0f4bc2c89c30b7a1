import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { careUserSettings } from '../db/schema';
import { recordAudit, changedFields, type AuditContext } from '../shared/audit';
import type { MyCareSettingsBody } from '../../contracts/care-workflow';

/** A user's own care settings (GET/PUT /api/care/my-settings/); without a row, the defaults. */

const DEFAULTS: MyCareSettingsBody = { assignment_mails: true, mail_address: null };

export async function careSettingsOf(executor: Db, userUid: string): Promise<MyCareSettingsBody> {
  const [row] = await executor.select().from(careUserSettings).where(eq(careUserSettings.userUid, userUid));
  return row ? { assignment_mails: row.assignmentMails, mail_address: row.mailAddress } : DEFAULTS;
}

/** Audited as care-settings.update with whether mails are on and whether an address changed (never the address itself). */
export async function saveCareSettings(
  db: Db,
  userUid: string,
  settings: MyCareSettingsBody,
  context: AuditContext,
): Promise<MyCareSettingsBody> {
  return db.transaction(async (tx) => {
    const before = await careSettingsOf(tx, userUid);
    const values = { assignmentMails: settings.assignment_mails, mailAddress: settings.mail_address };
    await tx
      .insert(careUserSettings)
      .values({ userUid, ...values })
      .onConflictDoUpdate({ target: careUserSettings.userUid, set: values });
    const changed = changedFields(before, settings);
    if (Object.keys(changed).length) {
      const changes = { ...changed, ...('mail_address' in changed ? { mail_address: 'changed' } : {}) };
      await recordAudit(tx, {
        action: 'care-settings.update',
        ...context,
        target: { type: 'user', id: userUid },
        changes,
      });
    }
    return settings;
  });
}
