import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/helpers';
import {
  daysFromToday,
  errorFields,
  SECOND_PATIENT,
  submit,
  submitUrlEncoded,
  validForm,
  without,
  type FieldProblem,
} from '../../fixtures/care-form';
import { rowCounts } from '../../fixtures/care-records';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ withAdmin: false });
});
afterAll(async () => t?.close());

async function storedCount(): Promise<number> {
  const counts = await rowCounts(t.db);
  return counts.incoming + counts.archived + counts.contacts;
}

async function expectRejected(form: Record<string, string>, field: string, detail?: string | RegExp) {
  const before = await storedCount();
  const response = await submit(t.inject, form);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toContain('application/problem+json');
  const problem = response.json<FieldProblem>();
  const error = problem.errors.find((entry) => entry.field === field);
  expect(error, `${field} in ${response.body}`).toBeDefined();
  if (detail) expect(error!.detail).toMatch(detail);
  expect(await storedCount()).toBe(before);
  return problem;
}

describe('POST /api/intake/care-request/ accepts', () => {
  it('a valid multipart submission with 201 {uid, submitted}', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await submit(t.inject, validForm());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ uid: string; submitted: number }>();
    expect(body.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.submitted).toBeGreaterThanOrEqual(before);
  });

  it('a valid application/x-www-form-urlencoded submission', async () => {
    const response = await submitUrlEncoded(t.inject, validForm());
    expect(response.statusCode, response.body).toBe(201);
  });

  it('a start date of today, and no start date when the mission begins asap or is unknown', async () => {
    expect((await submit(t.inject, validForm({ Anreisedatum: daysFromToday(0) }))).statusCode).toBe(201);
    expect((await submit(t.inject, without(validForm({ BetreuungBeginn: '0' }), 'Anreisedatum'))).statusCode).toBe(201);
    expect((await submit(t.inject, without(validForm({ BetreuungBeginn: '2' }), 'Anreisedatum'))).statusCode).toBe(201);
  });

  it('a form without the optional fields (checkboxes unticked, no referral, notes or origin)', async () => {
    const form = without(
      validForm(),
      'WeiterePersonen',
      'Einkauf',
      'newsletter',
      'ErfahrenVon',
      'Bemerkungen',
      'WWW',
      'nodelay',
      'utm_source',
      'utm_medium',
      'utm_campaign',
    );
    const response = await submit(t.inject, form);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('empty inputs as not sent, and ignores unknown fields', async () => {
    const response = await submit(
      t.inject,
      validForm({ Bemerkungen: '', ErfahrenVon: '  ', absenden: 'Anfrage senden' }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('two patients', async () => {
    expect((await submit(t.inject, validForm(SECOND_PATIENT))).statusCode).toBe(201);
  });
});

describe('POST /api/intake/care-request/ rejects with a problem naming the field', () => {
  const required = [
    'EinsatzPLZ',
    'EinsatzOrt',
    'BetreuungBeginn',
    'Anrede',
    'Titel',
    'Vorname',
    'Nachname',
    'Telefon',
    'EMail',
  ];
  const firstPatient = ['P0Geschlecht', 'P0Pflegegrad', 'P0Mobil', 'P0Hoeren', 'P0Sprechen', 'P0Sehen', 'P0Nacht'];

  it.each([...required, ...firstPatient])('a missing %s (This field is required)', async (field) => {
    await expectRejected(without(validForm(), field), field, 'This field is required');
  });

  it.each([...required, ...firstPatient])('an empty %s', async (field) => {
    await expectRejected(validForm({ [field]: '   ' }), field, 'This field is required');
  });

  it('every offending field at once, and nothing stored', async () => {
    const before = await storedCount();
    const response = await submit(t.inject, { EinsatzPLZ: 'abcde', P0Mobil: '9', EMail: 'nope' });
    expect(response.statusCode).toBe(400);
    const problem = response.json<FieldProblem>();
    expect(problem.type).toBe('/problems/validation-error');
    expect(problem.field).toBe(problem.errors[0].field);
    expect(errorFields(response).sort()).toEqual([...required, ...firstPatient].sort());
    expect(problem.errors.find((error) => error.field === 'EinsatzPLZ')!.detail).toMatch(/5 digits/);
    expect(problem.errors.find((error) => error.field === 'P0Mobil')!.detail).toMatch(/1 to 5/);
    expect(problem.detail).toContain('EinsatzPLZ');
    expect(await storedCount()).toBe(before);
  });

  it('an empty body', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/intake/care-request/', remoteAddress: '10.99.0.1' });
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toContain('EinsatzPLZ');
  });

  it.each(['1011', '101155', '1011a', 'abcde', '10 115', '-1011'])(
    'a mission zip code %s that is not 5 digits',
    async (zip) => {
      await expectRejected(validForm({ EinsatzPLZ: zip }), 'EinsatzPLZ', /5 digits/);
    },
  );

  it('a missing start date when the mission begins at a date', async () => {
    await expectRejected(
      without(validForm({ BetreuungBeginn: '1' }), 'Anreisedatum'),
      'Anreisedatum',
      'This field is required',
    );
  });

  it('a start date in the past', async () => {
    await expectRejected(validForm({ Anreisedatum: daysFromToday(-2) }), 'Anreisedatum', /not be in the past/);
  });

  it.each(['2030-02-30', '2030-13-01', '01.03.2030', '2030-3-1'])(
    'a start date %s that is no calendar date',
    async (date) => {
      await expectRejected(validForm({ Anreisedatum: date }), 'Anreisedatum');
    },
  );

  it('a second patient given only in part', async () => {
    const problem = await expectRejected(
      validForm({ P1Geschlecht: '0', P1Mobil: '2' }),
      'P1Pflegegrad',
      /This field is required/,
    );
    expect(problem.errors.map((error) => error.field).sort()).toEqual([
      'P1Hoeren',
      'P1Nacht',
      'P1Pflegegrad',
      'P1Sehen',
      'P1Sprechen',
    ]);
  });

  const outOfRange: [string, string[]][] = [
    ['BetreuungBeginn', ['3', '-1', 'a', '1.0']],
    ['WeiterePersonen', ['2', 'ja']],
    ['Einkauf', ['2', 'true']],
    ['newsletter', ['2', 'on']],
    ['ErfahrenVon', ['8', '10']],
    ['Anrede', ['3']],
    ['Titel', ['3']],
    ['P0Geschlecht', ['2']],
    ['P0Pflegegrad', ['6', '-1']],
    ['P0Mobil', ['0', '6']],
    ['P0Hoeren', ['4']],
    ['P0Sprechen', ['4']],
    ['P0Sehen', ['4']],
    ['P0Nacht', ['3']],
    ['P1Mobil', ['6']],
  ];
  it.each(outOfRange.flatMap(([field, values]) => values.map((value) => [field, value] as const)))(
    '%s = %s out of its code range',
    async (field, value) => {
      const form = field.startsWith('P1')
        ? validForm({ ...SECOND_PATIENT, [field]: value })
        : validForm({ [field]: value });
      await expectRejected(form, field, /must be/);
    },
  );

  it.each(['erika', 'erika@', '@example.org', 'erika musterfrau@example.org', 'erika@exa mple.org'])(
    'an invalid e-mail %s (Invalid e-mail.)',
    async (email) => {
      await expectRejected(validForm({ EMail: email }), 'EMail', 'Invalid e-mail.');
    },
  );

  it('a phone number without digits', async () => {
    await expectRejected(validForm({ Telefon: 'ruf mich an' }), 'Telefon', /phone number/);
  });

  it('over-long text', async () => {
    await expectRejected(validForm({ Vorname: 'x'.repeat(129) }), 'Vorname', /at most 128/);
    await expectRejected(validForm({ Bemerkungen: 'x'.repeat(5001) }), 'Bemerkungen', /at most 5000/);
  });

  it('a field sent twice', async () => {
    const entries = Object.entries(validForm());
    entries.push(['P0Pflegegrad', '2']);
    const response = await submit(t.inject, entries);
    expect(response.statusCode).toBe(400);
    expect(response.json<FieldProblem>().errors).toContainEqual({
      field: 'P0Pflegegrad',
      detail: 'must be given only once',
    });
  });

  it('an origin that is no web address', async () => {
    await expectRejected(validForm({ WWW: 'ftp://files.example.org' }), 'WWW', /web address/);
    await expectRejected(validForm({ WWW: 'http://' }), 'WWW', /web address/);
  });

  it('the same rules on url-encoded bodies', async () => {
    const response = await submitUrlEncoded(t.inject, validForm({ P0Nacht: '7', EMail: 'x' }));
    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['EMail', 'P0Nacht']);
  });
});
