import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { archivedCareRequests, careRequests } from '../../../server/db/schema';
import { copyPgliteTemplate } from '../support/database-templates';
import { createTestApp, type TestApp } from '../support/helpers';
import { formatLineError, importCareRequests, LEGACY_IMPORT_STATUS, parseImport } from '../../../server/care/import';
import { changeWorkflow } from '../../../server/care/workflow';
import { careRequestCounts } from '../../../server/care/store';
import { CARE_REQUESTS_JSONL } from '../../fixtures/care-form';
import { rowCounts } from '../../fixtures/care-records';

let t: TestApp;
const lines = () =>
  CARE_REQUESTS_JSONL.trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const jsonl = (objects: unknown[]) => objects.map((object) => JSON.stringify(object)).join('\n') + '\n';

beforeAll(async () => {
  t = await createTestApp({ withAdmin: false });
});
afterAll(async () => t?.close());

const counts = () => rowCounts(t.db);

async function storedRow(legacyId: string) {
  const [row] = await t.db
    .select({ uid: careRequests.uid, host: careRequests.host, archived: archivedCareRequests.uid })
    .from(careRequests)
    .leftJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
    .where(eq(careRequests.legacyId, legacyId));
  return { ...row, archived: row.archived !== null };
}

describe('parseImport', () => {
  it('names line, field and reason of every bad line, and skips blank lines', () => {
    const good = lines();
    const wrongMobility = structuredClone(good[2]);
    wrongMobility.incoming.patients[0].mobility = 'flying';
    const missingHost = structuredClone(good[3]);
    delete missingHost.host;
    const extraKey = structuredClone(good[4]);
    extraKey.archived.accommodation.pool = true;
    const layoutOf2016In2012 = { ...structuredClone(good[0]), form_version: '2016', archived: null };
    const text = [
      JSON.stringify(good[0]),
      '',
      '{"legacy_id": ',
      JSON.stringify({ ...good[1], form_version: '2019' }),
      JSON.stringify(wrongMobility),
      JSON.stringify(missingHost),
      JSON.stringify(extraKey),
      JSON.stringify({ ...good[5], legacy_id: good[0].legacy_id }),
      JSON.stringify({ ...good[5], submitted: 'yesterday' }),
      JSON.stringify(layoutOf2016In2012),
      '[1, 2]',
    ].join('\n');
    const { errors } = parseImport(text);
    expect(errors.map(formatLineError)).toEqual([
      expect.stringMatching(/^line 3: \(line\): is not valid JSON/),
      'line 4: form_version: must be one of 2012, 2016-pre, 2016',
      expect.stringMatching(
        /^line 5: incoming\.patients\.0\.mobility: must be one of fully_mobile, .*bedridden, or null$/,
      ),
      'line 6: host: is required',
      'line 7: archived.accommodation.pool: is not a known field',
      'line 8: legacy_id: repeats the legacy id of line 1',
      'line 9: submitted: must be epoch seconds or an ISO 8601 timestamp with time zone',
      'line 10: incoming.details.newsletter: is required',
      'line 11: (line): must be a JSON object',
    ]);
  });
});

describe('importCareRequests', () => {
  it('imports nothing when one line is bad', async () => {
    const good = lines();
    const bad = structuredClone(good[5]);
    bad.incoming.patients[0].care_level = 9;
    const report = await importCareRequests(t.db, jsonl([...good.slice(0, 5), bad]));
    expect(report.inserted).toBe(0);
    expect(report.errors).toHaveLength(1);
    expect(formatLineError(report.errors[0])).toMatch(/^line 6: incoming\.patients\.0\.care_level: /);
    expect(await counts()).toEqual({ incoming: 0, archived: 0, contacts: 0 });
  });

  it('imports all three form versions with archived versions and contact data', async () => {
    const report = await importCareRequests(t.db, CARE_REQUESTS_JSONL);
    expect(report).toEqual({ inserted: 6, updated: 0, errors: [] });
    expect(await counts()).toEqual({ incoming: 6, archived: 3, contacts: 2 });
  });

  it('is idempotent by legacy id: a repeated import updates in place and never duplicates', async () => {
    const before = await storedRow('L2012-0001');
    const again = await importCareRequests(t.db, CARE_REQUESTS_JSONL);
    expect(again).toEqual({ inserted: 0, updated: 6, errors: [] });
    expect(await counts()).toEqual({ incoming: 6, archived: 3, contacts: 2 });
    expect((await storedRow('L2012-0001')).uid).toBe(before.uid);
  });

  it('applies changed lines: new values, archived version removed or added, new legacy ids inserted', async () => {
    const changed = lines();
    changed[0].host = 'www.umgezogen.example';
    changed[0].archived = null;
    changed[1].archived = structuredClone(lines()[0].archived);
    const added = { ...structuredClone(changed[5]), legacy_id: 'L2016-0003' };
    const report = await importCareRequests(t.db, jsonl([...changed, added]));
    expect(report).toEqual({ inserted: 1, updated: 6, errors: [] });
    expect(await storedRow('L2012-0001')).toMatchObject({ host: 'www.umgezogen.example', archived: false });
    expect(await storedRow('L2012-0002')).toMatchObject({ archived: true });
    expect(await counts()).toMatchObject({ incoming: 7, archived: 3 });
    expect(await careRequestCounts(t.db)).toEqual({ requests: 7, archived: 3 });
  });
});

describe('the workflow status of imported requests', () => {
  const withIds = (suffix: string, status?: string) =>
    lines().map((line) => ({
      ...line,
      legacy_id: `${line.legacy_id}-${suffix}`,
      ...(status === undefined ? {} : { status }),
    }));
  const statusOf = async (legacyId: string) => {
    const [row] = await t.db
      .select({
        uid: careRequests.uid,
        status: careRequests.status,
        followUp: careRequests.followUp,
        version: careRequests.version,
      })
      .from(careRequests)
      .where(eq(careRequests.legacyId, legacyId));
    return row;
  };

  it('closes what it imports, as withdrawn, unless a line gives a status of its own', async () => {
    const [first, second, ...rest] = withIds('S');
    const report = await importCareRequests(
      t.db,
      jsonl([first, { ...second, status: 'placed' }, { ...rest[0], status: 'new' }, ...rest.slice(1)]),
    );
    expect(report.errors).toEqual([]);
    expect(LEGACY_IMPORT_STATUS).toBe('withdrawn');
    expect((await statusOf(`${first!.legacy_id}`)).status).toBe('withdrawn');
    expect((await statusOf(`${second!.legacy_id}`)).status).toBe('placed');
    expect((await statusOf(`${rest[0]!.legacy_id}`)).status).toBe('new');
    for (const line of rest.slice(1)) expect((await statusOf(line.legacy_id)).status).toBe('withdrawn');
  });

  it('names a status that is none of the workflow', () => {
    const [line] = withIds('X', 'archived');
    expect(parseImport(jsonl([line])).errors.map(formatLineError)).toEqual([
      'line 1: status: must be one of new, contacting, offer_sent, placed, declined, withdrawn',
    ]);
  });

  it('keeps the workflow staff worked since when a request is imported again, with or without a status', async () => {
    const [line] = withIds('R', 'new');
    await importCareRequests(t.db, jsonl([line]));
    const { uid } = await statusOf(line!.legacy_id);
    const settings = {
      panelUrl: t.config.care.panelUrl,
      sender: t.config.care.notifySender,
      language: t.config.care.mailLanguage,
      accessPolicy: t.config.trust.accessPolicy,
    };
    const worked = await changeWorkflow(
      t.db,
      uid,
      { version: 1, status: 'contacting', follow_up: '2030-01-07' },
      { actor: null, address: null },
      settings,
    );
    for (const again of [line, { ...line, status: 'withdrawn' }, { ...line, status: undefined }]) {
      expect(await importCareRequests(t.db, jsonl([again]))).toEqual({ inserted: 0, updated: 1, errors: [] });
      expect(await statusOf(line!.legacy_id)).toEqual({
        uid,
        status: 'contacting',
        followUp: '2030-01-07',
        version: worked.version,
      });
    }
  });
});

describe('npm run import:care-requests', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'caredesk-import-'));
  beforeAll(() => (t.databaseUrl ? undefined : copyPgliteTemplate(path.join(folder, 'data', 'pglite'))));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** Spawns the script as npm would (tsx), so each run pays for a TypeScript load and a database open: hence the long timeout. */
  function runImport(file: string) {
    const env = { ...process.env, DATA_DIR: path.join(folder, 'data'), DATABASE_URL: t.databaseUrl ?? '' };
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-care-requests.ts', file], {
      env,
      encoding: 'utf8',
      timeout: 100_000,
    });
  }

  it('imports a file and reports counts, then refuses a bad file with the line, field and reason and exit code 1', () => {
    const good = path.join(folder, 'good.jsonl');
    writeFileSync(good, CARE_REQUESTS_JSONL);
    const first = runImport(good);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/(6 new, 0 updated|0 new, 6 updated)/);

    const bad = path.join(folder, 'bad.jsonl');
    writeFileSync(bad, CARE_REQUESTS_JSONL + '{"legacy_id": "X1", "form_version": "2012"}\n');
    const second = runImport(bad);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('line 7: submitted: is required');
    expect(second.stderr).toContain('nothing was imported');

    const usage = runImport('');
    expect(usage.status).toBe(2);
  }, 240_000);
});
