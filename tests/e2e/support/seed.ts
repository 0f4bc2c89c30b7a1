import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { expectJson, type AdminApi } from './api';
import { addressOf, LONGEST, seedLongestValues, wordsOf } from './longestValues';
import { closedPort, type SmtpPeer } from './smtpPeer';

/** Seeding through the services' real APIs, so that every screen of the panel has something to show. */

export const uniqueSuffix = () => randomBytes(3).toString('hex');

export interface SeededUser {
  uid: string;
  publicName: string;
  username: string;
  password: string;
}

export async function seedUser(
  api: AdminApi,
  user: Omit<SeededUser, 'uid'> & { roles: string[] },
): Promise<SeededUser> {
  const body = { username: user.username, password: user.password, public_name: user.publicName, roles: user.roles };
  const created = await expectJson<{ domain_user: { uid: string } }>(
    await api.post('/api/auth/administration/users/', body),
    201,
  );
  return { ...user, uid: created.domain_user.uid };
}

export async function seedProvider(
  api: AdminApi,
  provider: { name: string; host: string; port: number; security?: string },
): Promise<string> {
  const body = { security: 'none', ...provider };
  return (await expectJson<{ uid: string }>(await api.post('/api/mail/administration/providers/', body), 201)).uid;
}

export async function seedAccount(api: AdminApi, expression: string, providerUid: string): Promise<string> {
  const body = { expression, provider: { uid: providerUid }, credentials: null, credentials_changed: false };
  return (await expectJson<{ uid: string }>(await api.post('/api/mail/administration/accounts/', body), 201)).uid;
}

export async function sendMail(
  api: AdminApi,
  mail: { sender: string; to: string[]; cc?: string[]; subject: string },
): Promise<string> {
  const body = { cc: [], message: 'Diese Nachricht kommt aus einem Browsertest.', ...mail };
  return (await expectJson<{ reference_uid: string }>(await api.post('/api/mail/send/', body), 202)).reference_uid;
}

export const MAIL_LISTS = {
  queue: '/api/mail/administration/queue/',
  delivered: '/api/mail/administration/queue/delivered/',
  retries: '/api/mail/administration/queue/failed-temporarily/',
  failed: '/api/mail/administration/queue/failed-permanently/',
} as const;

/** Waits (bounded) until the mail with this reference is in the given list. */
export async function waitForMail(api: AdminApi, list: keyof typeof MAIL_LISTS, reference: string): Promise<void> {
  await expect(async () => {
    const entries = await expectJson<Array<{ reference_uid: string }>>(await api.get(MAIL_LISTS[list]), 200);
    expect(entries.map((entry) => entry.reference_uid)).toContain(reference);
  }).toPass({ timeout: 20_000, intervals: [200, 500, 1000] });
}

interface SeededFile {
  name: string;
  description: string;
  /** Text, or the bytes of a binary file. */
  content: string | Buffer;
  /** text/csv by default. */
  mimeType?: string;
  references?: { name: string; value: string }[];
}

export async function seedFile(api: AdminApi, file: SeededFile) {
  const meta = { name: file.name, description: file.description, references: file.references ?? [] };
  const buffer = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
  const response = await api.request.post('/api/files/upload/', {
    headers: { authorization: `Bearer ${api.accessToken}` },
    multipart: { meta: JSON.stringify(meta), file: { name: file.name, mimeType: file.mimeType ?? 'text/csv', buffer } },
  });
  return (await expectJson<{ uid: string }>(response, 201)).uid;
}

export type TokenService = 'files' | 'pricing';

export async function seedToken(api: AdminApi, service: TokenService, name: string): Promise<string> {
  const body = { service: name, token: `e2e-${randomBytes(12).toString('hex')}1` };
  return (await expectJson<{ uid: string }>(await api.post(`/api/${service}/administration/access-tokens/`, body), 201))
    .uid;
}

/** A care request with two patients, submitted through the public intake as the agency's web form does. */
export async function seedCareRequest(api: AdminApi, host: string): Promise<string> {
  const form: Record<string, string> = {
    EinsatzPLZ: '10115',
    EinsatzOrt: 'Berlin',
    BetreuungBeginn: '0',
    WeiterePersonen: '1',
    Einkauf: '1',
    newsletter: '0',
    ErfahrenVon: '2',
    Anrede: '1',
    Titel: '0',
    Vorname: 'Erika',
    Nachname: 'Musterfrau',
    Telefon: '030 1234567',
    EMail: 'erika.musterfrau@example.org',
    ...patient('P0', {
      Geschlecht: '1',
      Pflegegrad: '3',
      Mobil: '3',
      Hoeren: '1',
      Sprechen: '0',
      Sehen: '2',
      Nacht: '1',
    }),
    ...patient('P1', {
      Geschlecht: '0',
      Pflegegrad: '2',
      Mobil: '4',
      Hoeren: '0',
      Sprechen: '0',
      Sehen: '0',
      Nacht: '0',
    }),
    WWW: `https://${host}/anfrage`,
    utm_source: 'partnerportal',
  };
  return (await expectJson<{ uid: string }>(await api.request.post('/api/intake/care-request/', { form }), 201)).uid;
}

const patient = (prefix: string, fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [`${prefix}${name}`, value]));

/** A PNG of one white pixel. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

/** What the screen walks need: one of everything, with names that belong to this run. */
export interface WalkSeed {
  suffix: string;
  user: SeededUser;
  providerUid: string;
  providerName: string;
  accountUid: string;
  fileName: string;
  /** A PNG, which the file search previews. */
  imageName: string;
  filesToken: string;
  pricingToken: string;
  careHost: string;
  /** The reference of the delivered mail (its detail has an attempt with accepted recipients). */
  deliveredMail: string;
  /** The reference of the failed mail (its detail offers Requeue, how a phone requeues). */
  failedMail: string;
  /** An audit event (the newest when the seeding ended). */
  auditEventId: string;
  /** The sender whose mails the peer holds (sent on demand, so that the queue has an entry while a screen is checked). */
  slowSender: string;
}

/**
 * A user with every known role (and an unknown one), a provider and account for the peer, one mail each delivered,
 * retrying (a provider on a closed port) and failed (every recipient refused, with the longest error text), a file with references
 * and an image, a token per service and a care request; and beside them a record of each kind with the contracts' longest values
 * (support/longestValues.ts). The walks' installations hold the demo data as well (support/demoData.ts).
 */
export async function seedWalk(api: AdminApi, peer: SmtpPeer): Promise<WalkSeed> {
  const suffix = uniqueSuffix();
  const domain = `walk-${suffix}.example`;
  const user = await seedUser(api, {
    // first on the users list's first page (sorted by name), whatever else the worker's installation holds
    publicName: `Aaron Pflegeteam ${suffix}`,
    username: `pflegeteam-${suffix}`,
    password: 'pflege-Pass-1',
    roles: ['administrator', 'recruiter', 'caregiver', 'ceo', 'dispatcher', 'nachtdienst'],
  });
  // as long as real ones: a phone's account editor must wrap it, not grow wider
  const providerName = `Postausgang der Pflegeagentur Charlottenburg ${suffix}`;
  const providerUid = await seedProvider(api, { name: providerName, host: '127.0.0.1', port: peer.port });
  const unreachable = await seedProvider(api, {
    name: `Unerreichbar ${suffix}`,
    host: '127.0.0.1',
    port: await closedPort(),
  });
  const escapedDomain = domain.replace(/\./g, '\\.');
  const accountUid = await seedAccount(api, `^(buero|slow)@${escapedDomain}$`, providerUid);
  await seedAccount(api, `^warten@${escapedDomain}$`, unreachable);
  const longest = await seedLongestValues(api, suffix, domain);

  const delivered = await sendMail(api, {
    sender: `buero@${domain}`,
    to: ['pflege@example.org', 'team@example.org'],
    subject: `Dienstplan ${suffix}`,
  });
  const failed = await sendMail(api, {
    sender: `buero@${domain}`,
    to: longest.refusedRecipients,
    subject: `Abgelehnt ${suffix}`,
  });
  const retrying = await sendMail(api, {
    sender: `warten@${domain}`,
    to: ['pflege@example.org'],
    subject: `Wiederholung ${suffix}`,
  });
  const longMails = [
    // 253 characters: the SMTP peer (smtp-server) refuses an address of 254 as bad syntax
    await sendMail(api, {
      sender: `buero@${domain}`,
      to: [addressOf('pflege-', LONGEST.address - 1), addressOf('team-', LONGEST.address - 1)],
      cc: [addressOf('kopie-', LONGEST.address - 1)],
      subject: wordsOf(LONGEST.subject, `Monatsabrechnung ${suffix}`),
    }),
    await sendMail(api, {
      sender: longest.longSender,
      to: ['pflege@example.org'],
      subject: wordsOf(LONGEST.subject, `Erneuter Versuch ${suffix}`),
    }),
  ];
  await waitForMail(api, 'delivered', delivered);
  await waitForMail(api, 'failed', failed);
  await waitForMail(api, 'retries', retrying);
  await waitForMail(api, 'delivered', longMails[0]);
  await waitForMail(api, 'retries', longMails[1]);

  const fileName = `Besuchsbericht-${suffix}.csv`;
  await seedFile(api, {
    name: fileName,
    description: `Wochenbericht ${suffix}`,
    content: 'Kunde;Stunden\nMüller;3\n',
    references: [
      { name: 'Customer', value: `K-${suffix}` },
      { name: 'Caregiver', value: `P-${suffix}` },
      { name: 'Caregiver', value: `P2-${suffix}` },
      // four kinds, as real files have: the list shows two and a "+2"
      { name: 'ServiceContract', value: `V-${suffix}` },
      { name: 'ServiceAgency', value: `A-${suffix}` },
    ],
  });
  const imageName = `Grundriss-${suffix}.png`;
  await seedFile(api, {
    name: imageName,
    description: `Grundriss der Wohnung ${suffix}`,
    content: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    mimeType: 'image/png',
  });
  const filesToken = `dateiportal-${suffix}`;
  const pricingToken = `preisportal-${suffix}`;
  await seedToken(api, 'files', filesToken);
  await seedToken(api, 'pricing', pricingToken);
  const careHost = `www.pflege-${suffix}.example`;
  await seedCareRequest(api, careHost);
  const events = await expectJson<{ items: Array<{ id: number | string }> }>(
    await api.get('/api/audit/events/?page_size=1'),
    200,
  );
  return {
    suffix,
    user,
    providerUid,
    providerName,
    accountUid,
    fileName,
    imageName,
    filesToken,
    pricingToken,
    careHost,
    deliveredMail: delivered,
    failedMail: failed,
    auditEventId: String(events.items[0].id),
    slowSender: `slow@${domain}`,
  };
}

/** A mail that the peer holds, so that the queue shows an entry for a while (the server gives up after its SMTP timeout). */
export async function queueHeldMail(api: AdminApi, seed: WalkSeed): Promise<void> {
  const reference = await sendMail(api, {
    sender: seed.slowSender,
    to: ['slow@example.org'],
    subject: `Warteschlange ${seed.suffix}`,
  });
  await waitForMail(api, 'queue', reference);
}
