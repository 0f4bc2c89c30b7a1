import { expectJson, type AdminApi } from './api';
import { demoPdf } from '../../../scripts/demo/documents';

/**
 * Values as long as the contracts let them be (contracts/*.ts maxLength), the way a newcomer may well type them: names and texts of
 * words, hosts and addresses of one unbroken piece each. The screen walks show them beside the demo data, so that a list or a dialog
 * that fits only short values fails the walk.
 */

export const LONGEST = {
  publicName: 128,
  username: 64,
  roleName: 64,
  providerName: 128,
  host: 253,
  expression: 512,
  address: 254,
  subject: 998,
  fileName: 512,
  fileDescription: 2000,
  referenceValue: 256,
  tokenService: 128,
  intakeName: 128,
  intakeCity: 128,
  intakePhone: 64,
  intakeNotes: 5000,
  affiliate: 128,
} as const;

const WORDS = [
  'Pflegeagentur',
  'Charlottenburg-Wilmersdorf',
  'Betreuung',
  'Tempelhof-Schöneberg',
  'Koordination',
  'Wochenendvertretung',
  'Seniorenresidenz',
  'Abrechnungsstelle',
];

/** Words of the agency's vocabulary, starting with `start`, cut to exactly `length` characters (never ending in a blank). */
export function wordsOf(length: number, start = ''): string {
  let text = start;
  for (let index = 0; text.length < length; index += 1) text += `${text ? ' ' : ''}${WORDS[index % WORDS.length]}`;
  const cut = text.slice(0, length);
  return cut.endsWith(' ') ? `${cut.slice(0, -1)}e` : cut;
}

export const letters = (length: number, from = 'pflegeagenturberlin') =>
  from.repeat(Math.ceil(length / from.length)).slice(0, length);

/** A host name of exactly `length` characters ending in `.tld`, of labels of at most 63 letters. */
export function hostOf(length: number, tld: string): string {
  const labels: string[] = [];
  for (let left = length - tld.length - 1; left > 0;) {
    const size = left <= 63 ? left : Math.min(63, left - 2);
    labels.push(letters(size));
    left -= left <= 63 ? size : size + 1;
  }
  return `${labels.join('.')}.${tld}`;
}

/** An address of exactly `length` characters whose local part (at most 64) starts with `local`. */
export const addressOf = (local: string, length: number) => {
  const localPart = `${local}${letters(64 - local.length, 'xyz')}`;
  return `${localPart}@${hostOf(length - localPart.length - 1, 'example')}`;
};

/** A regular expression of exactly `length` characters that matches `sender` at `domain` (and colleagues' boxes besides). */
function expressionOf(length: number, sender: string, domain: string): string {
  const head = `^(?:${sender}`;
  const tail = `)@${domain.replace(/\./g, '\\.')}$`;
  const room = length - head.length - tail.length;
  let others = '';
  for (let index = 1; others.length < room; index += 1) others += `|vertretung-${String(index).padStart(2, '0')}`;
  others = others.slice(0, room);
  return `${head}${others.endsWith('|') ? `${others.slice(0, -1)}x` : others}${tail}`;
}

export interface LongestSeed {
  /** The sender whose mails go through the provider with the longest host (no such host answers: they are retried). */
  longSender: string;
  /** Recipients that the SMTP peer refuses, each as long as an address may be: a mail to them fails with the longest error text. */
  refusedRecipients: string[];
}

/**
 * A user, a provider with its account, a file, a token per service and a care request with the longest values; the caller sends the
 * mails (it knows the SMTP peer's provider): one with the longest subject and addresses, one to the refused recipients.
 */
export async function seedLongestValues(api: AdminApi, suffix: string, domain: string): Promise<LongestSeed> {
  const role = wordsOf(LONGEST.roleName, 'Nachtbereitschaft').replace(/ /g, '-');
  const user = {
    public_name: wordsOf(LONGEST.publicName, `Maria-Magdalena ${suffix}`),
    username: `${suffix}-${letters(LONGEST.username - suffix.length - 1)}`,
    password: 'pflege-Pass-1',
    roles: ['dispatcher', role],
  };
  await expectJson(await api.post('/api/auth/administration/users/', user), 201);

  const provider = {
    name: wordsOf(LONGEST.providerName, `Ausweichserver ${suffix}`),
    host: hostOf(LONGEST.host, 'invalid'),
    port: 65535,
    security: 'none',
  };
  const { uid: providerUid } = await expectJson<{ uid: string }>(
    await api.post('/api/mail/administration/providers/', provider),
    201,
  );
  const longSender = `lang-${suffix}@${domain}`;
  const account = {
    expression: expressionOf(LONGEST.expression, `lang-${suffix}`, domain),
    provider: { uid: providerUid },
    credentials: null,
    credentials_changed: false,
  };
  await expectJson(await api.post('/api/mail/administration/accounts/', account), 201);

  const meta = {
    name: `${wordsOf(LONGEST.fileName - 4, `Vertrag ${suffix}`)}.pdf`,
    description: wordsOf(LONGEST.fileDescription, 'Unterschriebener Vertrag'),
    references: ['Customer', 'ServiceContract', 'Caregiver', 'ServiceAgency'].map((name) => ({
      name,
      value: wordsOf(LONGEST.referenceValue, `${name} ${suffix}`),
    })),
  };
  const pdf = demoPdf({ title: 'Vertrag', pages: [['Seite 1']], bytes: 60_000, seed: 1 });
  const upload = await api.request.post('/api/files/upload/', {
    headers: { authorization: `Bearer ${api.accessToken}` },
    multipart: { meta: JSON.stringify(meta), file: { name: meta.name, mimeType: 'application/pdf', buffer: pdf } },
  });
  await expectJson(upload, 201);
  for (const service of ['files', 'pricing']) {
    const token = {
      service: wordsOf(LONGEST.tokenService, `Schnittstelle ${suffix}`),
      token: `e2e-long-${suffix}-${letters(40)}`,
    };
    await expectJson(await api.post(`/api/${service}/administration/access-tokens/`, token), 201);
  }
  await seedLongestCareRequest(api, suffix);
  return {
    longSender,
    refusedRecipients: Array.from({ length: 7 }, (_, index) =>
      addressOf(`refused-${index}-${suffix}-`, LONGEST.address),
    ),
  };
}

/** A web-form request with the longest origin host, names, city, phone, address, notes and affiliate the intake takes. */
async function seedLongestCareRequest(api: AdminApi, suffix: string) {
  const form: Record<string, string> = {
    EinsatzPLZ: '10115',
    EinsatzOrt: wordsOf(LONGEST.intakeCity, 'Berlin-Charlottenburg'),
    BetreuungBeginn: '0',
    WeiterePersonen: '0',
    Einkauf: '1',
    newsletter: '0',
    Anrede: '1',
    Titel: '2',
    Vorname: wordsOf(LONGEST.intakeName, 'Anna-Lena'),
    Nachname: wordsOf(LONGEST.intakeName, `von ${suffix}`),
    Telefon: `+49 30 ${'1234567890 '.repeat(6)}`
      .slice(0, LONGEST.intakePhone)
      .trimEnd()
      .padEnd(LONGEST.intakePhone, '0'),
    EMail: addressOf(`anna-lena-${suffix}-`, LONGEST.address),
    Bemerkungen: wordsOf(LONGEST.intakeNotes, 'Bitte vormittags anrufen.'),
    P0Geschlecht: '1',
    P0Pflegegrad: '3',
    P0Mobil: '3',
    P0Hoeren: '1',
    P0Sprechen: '0',
    P0Sehen: '2',
    P0Nacht: '1',
    WWW: `https://${hostOf(LONGEST.host, 'example')}/anfrage`,
    utm_source: wordsOf(LONGEST.affiliate, `partnerportal-${suffix}`).replace(/ /g, '-'),
  };
  await expectJson(await api.request.post('/api/intake/care-request/', { form }), 201);
}
