import { ensurePgliteTemplate, ensurePostgresTemplate } from './database-templates';

/** Builds the migrated template databases once, before any test file starts (they would otherwise race to build them). */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  await ensurePgliteTemplate(); // server processes start from its folder on either database kind's run
  if (adminUrl) await ensurePostgresTemplate(adminUrl);
}
