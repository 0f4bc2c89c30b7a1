import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, de, en, Faker, fakerDE } from '@faker-js/faker';
import { careStory } from '../../../scripts/demo/care-story';
import { demoLogo, demoPdf, demoPhoto, demoScan } from '../../../scripts/demo/documents';
import { officeMails } from '../../../scripts/demo/mail-texts';
import { demoCareRequests } from '../../../scripts/demo/care';
import { demoTownNamed, MOBILE_PREFIX, nationalDigits, PLAUSIBLE_MOBILITIES } from '../../../scripts/demo/places';
import { MOBILITIES } from '../../../contracts/care-enumerations';
import type { CareRequestRecord } from '../../../server/care/store';
import { parseImport } from '../../../server/care/import';
import { DEMO_USERS, DemoRefused, existingContent, seedDemo } from '../../../scripts/demo';
import { createBlobStorage } from '../../../server/storage';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';

/** Every patient's mobility goes with their care level, and every landline is in the mission town's area code. */
function expectPlausible(records: CareRequestRecord[]) {
  for (const record of records) {
    for (const patient of record.incoming.patients)
      expect(
        PLAUSIBLE_MOBILITIES[patient.care_level!],
        `${patient.mobility} at care level ${patient.care_level}`,
      ).toContain(patient.mobility);
    for (const patient of record.archived?.mission_details.patients ?? [])
      expect(PLAUSIBLE_MOBILITIES[patient.care_level!]).toContain(patient.mobility);
    const { phone, mission_city: town } = record.personal!;
    const areaCode = demoTownNamed(town!)?.areaCode;
    expect(areaCode, `${town} is a demo town`).toBeDefined();
    const digits = nationalDigits(phone!);
    expect(digits.startsWith(areaCode!) || MOBILE_PREFIX.test(digits), `${phone} in ${town} (${areaCode})`).toBe(true);
  }
  const landlines = records.filter((record) => !MOBILE_PREFIX.test(nationalDigits(record.personal!.phone!)));
  expect(landlines.length).toBeGreaterThan(records.length / 2);
}

describe('demo care requests (seed:demo, bench)', () => {
  fakerDE.seed(1);
  const records = demoCareRequests(200, { care: testConfig().care, now: new Date('2024-06-30T12:00:00Z') });

  it('cover all three form versions, one and two patients, with and without archived versions', () => {
    expect(new Set(records.map((record) => record.formVersion))).toEqual(new Set(['2012', '2016-pre', '2016']));
    expect(new Set(records.map((record) => record.incoming.patients.length))).toEqual(new Set([1, 2]));
    expect(
      records.some((record) => record.archived === null) && records.some((record) => record.archived !== null),
    ).toBe(true);
    expect(
      records.some((record) => record.incoming.core_territory) &&
        records.some((record) => record.incoming.optional_territory),
    ).toBe(true);
  });

  it('are plausible: mobility fits the care level, a landline has the area code of the town', () => {
    expectPlausible(records);
    const careLevels = records.flatMap((record) => record.incoming.patients.map((patient) => patient.care_level));
    expect(new Set(careLevels)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(new Set(records.flatMap((record) => record.incoming.patients.map((patient) => patient.mobility)))).toEqual(
      new Set(MOBILITIES),
    );
    expect(records.some((record) => nationalDigits(record.personal!.phone!).startsWith('030'))).toBe(true);
  });

  it('are the same for the same seed and the same now', () => {
    const again = (seed: number) => {
      fakerDE.seed(seed);
      return demoCareRequests(20, { care: testConfig().care, now: new Date('2024-06-30T12:00:00Z'), faker: fakerDE });
    };
    expect(JSON.stringify(again(5))).toBe(JSON.stringify(again(5)));
    expect(JSON.stringify(again(5))).not.toBe(JSON.stringify(again(6)));
  });

  it('use real German zip codes and towns, never showing the full zip code in list fields', () => {
    for (const record of records) {
      expect(record.personal?.mission_zip_code).toMatch(/^\d{5}$/);
      expect(record.personal?.mission_city).toBeTruthy();
      expect(record.incoming.partial_mission_zip_code).toBe(`${record.personal!.mission_zip_code!.slice(0, 2)}xxx`);
    }
  });

  it('are valid import lines (the schema of the legacy import)', () => {
    const lines = records.map((record, index) => ({
      legacy_id: record.legacyId ?? `DEMO-${index}`,
      form_version: record.formVersion,
      submitted: Math.floor(record.submitted.getTime() / 1000),
      host: record.host,
      affiliate: record.affiliate,
      incoming: record.incoming,
      archived: record.archived,
      contact: Object.fromEntries(Object.entries(record.personal!).filter(([key]) => key !== 'tracking')),
    }));
    const { errors } = parseImport(lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(errors).toEqual([]);
  });
});

/** The objects a PDF's cross-reference table points at: each offset must start "N 0 obj". */
function expectValidPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF\n$/)![1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
  expect(offsets.length).toBeGreaterThan(4);
  offsets.forEach((offset, index) =>
    expect(text.slice(offset, offset + `${index + 1} 0 obj\n`.length)).toBe(`${index + 1} 0 obj\n`),
  );
}

/** A PNG's chunks with their checksums, and its pixels: as many bytes as its width, height and colour type say. */
function expectValidPng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Record<string, Buffer> = {};
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    expect(png.readUInt32BE(at + 8 + length), type).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks[type] = png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
  }
  const [width, height, channels] = [
    chunks.IHDR.readUInt32BE(0),
    chunks.IHDR.readUInt32BE(4),
    chunks.IHDR[9] === 2 ? 3 : 1,
  ];
  expect(inflateSync(chunks.IDAT).length).toBe((width * channels + 1) * height);
  expect(chunks.IEND).toBeDefined();
}

describe('demo documents, stories and mails', () => {
  it('are real PDFs and PNGs of about the size asked for', () => {
    for (const bytes of [60_000, 900_000]) {
      const scanned = demoPdf({
        title: 'Vertrag (Kopie)',
        pages: [['Seite eins'], ['Seite zwei']],
        scanned: true,
        bytes,
        seed: 1,
      });
      const written = demoPdf({ title: 'Rechnung', pages: [['Betrag: 2.590 EUR']], bytes, seed: 2 });
      for (const pdf of [scanned, written]) {
        expectValidPdf(pdf);
        expect(Math.abs(pdf.length - bytes) / bytes).toBeLessThan(0.15);
      }
      for (const png of [demoPhoto(bytes, 3), demoScan(bytes, 4)]) {
        expectValidPng(png);
        expect(Math.abs(png.length - bytes) / bytes).toBeLessThan(0.15);
      }
    }
    expectValidPng(demoLogo());
  });

  it('are the same for the same seed and the same now', () => {
    const now = new Date('2026-03-18T10:00:00Z');
    const generated = (seed: number) => {
      const faker = new Faker({ locale: [de, en, base] });
      faker.seed(seed);
      const story = careStory(faker, { submitted: new Date('2026-02-02T19:30:00Z'), inTerritory: true }, now, 2);
      return JSON.stringify({ story, mails: officeMails(faker, '2026-02-01', now) });
    };
    expect(generated(7)).toBe(generated(7));
    expect(generated(7)).not.toBe(generated(8));
  });
});

describe('npm run seed:demo (seedDemo) on an empty installation', { timeout: 120_000 }, () => {
  let t: TestApp;
  let filesDir: string;

  beforeAll(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'caredesk-demo-files-'));
    // the server's own file storage, so that the demo's files download
    t = await createTestApp({ config: { dataDir: filesDir } });
    await seedDemo(t.db, {
      config: t.config,
      storage: createBlobStorage(t.config),
      masterSecret: t.masterSecret,
      seed: 3,
    });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.as({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it("fills the dashboard's chart: requests in most of the last twelve weeks, in core and optional territory", async () => {
    const { weeks } = await get<{ weeks: { requests: number; core_territory: number; optional_territory: number }[] }>(
      '/api/care/statistics/',
    );
    expect(weeks).toHaveLength(12);
    expect(weeks.filter((week) => week.requests > 0).length).toBeGreaterThanOrEqual(10);
    expect(weeks.reduce((sum, week) => sum + week.core_territory, 0)).toBeGreaterThan(0);
    expect(weeks.reduce((sum, week) => sum + week.optional_territory, 0)).toBeGreaterThan(0);
  });

  it('fills the incoming and archived lists, with archived versions completed after the call', async () => {
    const incoming = await get<{ total: number }>('/api/care/incoming/care-requests/?exact_total=true');
    expect(incoming.total).toBe(250);
    const archived = await get<{
      total: number;
      items: { form_version: string; accommodation: { accommodation: string | null } }[];
    }>('/api/care/archived/care-requests/?exact_total=true&page_size=100');
    expect(archived.total).toBeGreaterThan(150);
    expect(
      archived.items.some((item) => item.form_version === '2016' && item.accommodation.accommodation !== null),
    ).toBe(true);
  });

  it('has mails in every state, none sent, and the dashboard counts them', async () => {
    for (const state of ['queued', 'retrying', 'delivered', 'failed', 'cancelled']) {
      const filters = encodeURIComponent(JSON.stringify({ state: [state] }));
      const log = await get<{ items: { state: string; mail: { to: string[] } }[] }>(
        `/api/mail/administration/mails/?page_size=100&filters=${filters}`,
      );
      expect(log.items.length, state).toBeGreaterThan(0);
      for (const item of log.items) for (const address of item.mail.to) expect(address).toMatch(/\.example$/);
    }
    const figures = await get<{ queued: number; retrying: number; failed: number; delivered_today: number }>(
      '/api/mail/administration/statistics/',
    );
    expect(figures.queued && figures.retrying && figures.failed && figures.delivered_today).toBeGreaterThan(0);
    const providers = await get<{ host: string; disabled: boolean }[]>('/api/mail/administration/providers/');
    expect(providers.map((provider) => provider.host).every((host) => host.endsWith('.invalid'))).toBe(true);
    expect((await get<unknown[]>('/api/mail/administration/accounts/')).length).toBe(2);
  });

  it('has PDFs and pictures of 50 kB to 2 MB, a text and a CSV file, with references, counted and downloadable', async () => {
    type Found = {
      total: number;
      items: { uid: string; meta: { content_type: string; references: unknown[] }; stored_binary: { size: number } }[];
    };
    const found = await get<Found>('/api/files/search/?exact_total=true&page_size=100');
    expect(found.total).toBeGreaterThanOrEqual(15);
    expect(new Set(found.items.map((file) => file.meta.content_type))).toEqual(
      new Set(['application/pdf', 'image/png', 'text/plain', 'text/csv']),
    );
    expect(found.items.every((file) => file.meta.references.length > 0)).toBe(true);
    for (const file of found.items.filter((item) => !item.meta.content_type.startsWith('text/'))) {
      expect(file.stored_binary.size).toBeGreaterThanOrEqual(50_000);
      expect(file.stored_binary.size).toBeLessThanOrEqual(2_000_000);
    }
    const sizes = found.items.map((file) => file.stored_binary.size);
    expect(Math.max(...sizes)).toBeGreaterThan(1_000_000);
    expect((await get<{ files: number; total_size: number }>('/api/files/statistics/')).files).toBe(found.total);
    const searched = await get<{ total: number }>('/api/files/search/?query=BK-0231&exact_total=true');
    expect(searched.total).toBe(2);
    const pdf = found.items.find((file) => file.meta.content_type === 'application/pdf')!;
    const download = await t.as({ method: 'GET', url: `/api/files/download/${pdf.uid}/` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.rawPayload.length).toBe(pdf.stored_binary.size);
  });

  it('has API tokens of both services: one expiring soon, one revoked', async () => {
    for (const scope of ['files', 'pricing']) {
      const tokens = await get<{ revoked: number | null; last_four: string | null }[]>(
        `/api/${scope}/administration/access-tokens/`,
      );
      expect(tokens).toHaveLength(3);
      expect(tokens.filter((token) => token.revoked !== null)).toHaveLength(1);
      expect((await get<{ expiring: number }>(`/api/${scope}/administration/access-tokens/statistics/`)).expiring).toBe(
        1,
      );
    }
  });

  it('has panel users of every known role, and the audit trail shows who set up mail, files and tokens', async () => {
    const users = await get<{ domain_user: { uid: string; public_name: string; roles: string[] } }[]>(
      '/api/auth/administration/users/',
    );
    const roles = new Set(users.flatMap((user) => user.domain_user.roles));
    for (const role of ['administrator', 'recruiter', 'caregiver', 'ceo', 'dispatcher'])
      expect(roles, role).toContain(role);
    const administrator = users.find((user) => user.domain_user.public_name === DEMO_USERS[0].publicName);
    const filters = encodeURIComponent(JSON.stringify({ actor: administrator!.domain_user.uid }));
    const { items } = await get<{ items: { action: string }[] }>(`/api/audit/events/?page_size=100&filters=${filters}`);
    const actions = new Set(items.map((event) => event.action));
    for (const action of ['mail-provider.create', 'mail-account.create', 'file.upload', 'api-token.create'])
      expect(actions, action).toContain(action);
  });

  it('keeps the contact data plausible: phone in the area code of the mission town', async () => {
    const { items } = await get<{ items: { uid: string }[] }>('/api/care/archived/care-requests/?page_size=20');
    for (const { uid } of items) {
      const contact = await get<{ phone: string; mission_city: string }>(
        `/api/care/archived/care-requests/${uid}/contact/`,
      );
      const digits = nationalDigits(contact.phone);
      expect(
        digits.startsWith(demoTownNamed(contact.mission_city)!.areaCode) || MOBILE_PREFIX.test(digits),
        `${contact.phone} in ${contact.mission_city}`,
      ).toBe(true);
    }
  });

  it('refuses a second run and changes nothing', async () => {
    const before = await existingContent(t.db);
    await expect(
      seedDemo(t.db, { config: t.config, storage: createBlobStorage(t.config), masterSecret: t.masterSecret }),
    ).rejects.toThrow(DemoRefused);
    expect(await existingContent(t.db)).toEqual(before);
  });
});
