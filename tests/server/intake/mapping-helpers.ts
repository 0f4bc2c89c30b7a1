import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { careRequestContacts } from '../../../server/db/schema';
import { CARE, submit, type Form } from '../../fixtures/care-form';

/** A test app with the default care settings, notifying the office of each accepted request. */
export const createIntakeTestApp = () =>
  createTestApp({
    config: {
      care: {
        ...testConfig().care,
        notifyRecipients: ['office@pflege-berlin.example'],
        notifySender: 'caredesk@pflege-berlin.example',
      },
    },
  });

export interface Incoming {
  uid: string;
  form_version: string;
  host: string;
  legacy_id: string | null;
  submitted: number;
  affiliate: string | null;
  core_territory: boolean;
  optional_territory: boolean;
  partial_mission_zip_code: string | null;
  mission_begins: string;
  mission_start_date: string | null;
  drivers_license_required: boolean;
  other_persons_present: boolean;
  archived_request_available: boolean;
  numberOfPatients: number;
  details: Record<string, unknown>;
  patients: { gender: string; mobility: string; care_level: number; details: Record<string, unknown> }[];
}

/** Submits the care form to the file's test app (`app` is read at each call) and reads the request back. */
export function submissions(app: () => TestApp) {
  async function accepted(form: Form, headers: Record<string, string> = {}): Promise<string> {
    const response = await submit(app().inject, form, { headers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ uid: string }>().uid;
  }

  async function incoming(uid: string): Promise<Incoming> {
    const response = await app().as({ method: 'GET', url: `${CARE}/incoming/care-requests/?page_size=100` });
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<{ items: Incoming[] }>().items.find((entry) => entry.uid === uid);
    expect(item).toBeDefined();
    return item!;
  }

  async function archived(uid: string) {
    const response = await app().as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function contact(uid: string) {
    const [row] = await app().db.select().from(careRequestContacts).where(eq(careRequestContacts.uid, uid));
    return row;
  }

  return { accepted, incoming, archived, contact };
}
