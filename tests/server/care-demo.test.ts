import { describe, expect, it } from 'vitest';
import { fakerDE } from '@faker-js/faker';
import { demoCareRequests } from '../../server/care/demo';
import { parseImport } from '../../server/care/import';
import { testConfig } from './helpers';

describe('demo care requests (seed:demo, bench)', () => {
  fakerDE.seed(1);
  const records = demoCareRequests(200, { care: testConfig().care, now: new Date('2024-06-30T12:00:00Z') });

  it('cover all three form versions, one and two patients, with and without archived versions', () => {
    expect(new Set(records.map((record) => record.formVersion))).toEqual(new Set(['2012', '2016-pre', '2016']));
    expect(new Set(records.map((record) => record.incoming.patients.length))).toEqual(new Set([1, 2]));
    expect(records.some((record) => record.archived === null) && records.some((record) => record.archived !== null)).toBe(true);
    expect(records.some((record) => record.incoming.core_territory) && records.some((record) => record.incoming.optional_territory)).toBe(true);
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
