import type { CareRequestValues, PatientValues } from '../resources/careRequests/create/formValues';
import { PANEL_TRACKING } from '../resources/careRequests/create/formValues';

const flag = (value: boolean) => (value ? '1' : '0');
const code = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

const PATIENT_FIELDS: Array<[string, keyof PatientValues]> = [
  ['Geschlecht', 'gender'],
  ['Pflegegrad', 'careLevel'],
  ['Mobil', 'mobility'],
  ['Hoeren', 'canHear'],
  ['Sprechen', 'canTalk'],
  ['Sehen', 'canSee'],
  ['Nacht', 'nightShift'],
];

/**
 * The multipart body of a care request with the intake form's German field names (care-requests.md section 7):
 * Anreisedatum only with a start date (and mission begin "at date"), ErfahrenVon only with a referral, Bemerkungen only
 * when notes were written, P1* only for a second patient; WWW is the origin, nodelay=1 and fixed utm_* values.
 */
export function careRequestFormData(values: CareRequestValues): FormData {
  const data = new FormData();
  data.append('EinsatzPLZ', code(values.zipCode));
  data.append('EinsatzOrt', code(values.city));
  data.append('BetreuungBeginn', code(values.missionBegins));
  if (code(values.missionBegins) === '1' && values.startDate) data.append('Anreisedatum', values.startDate);
  data.append('WeiterePersonen', flag(values.otherPersonsPresent));
  data.append('Einkauf', flag(values.groceryShopping));
  data.append('newsletter', flag(values.newsletter));
  if (code(values.referral) !== '') data.append('ErfahrenVon', code(values.referral));
  data.append('Anrede', code(values.title));
  data.append('Titel', code(values.academicTitle));
  data.append('Vorname', code(values.firstName));
  data.append('Nachname', code(values.lastName));
  data.append('Telefon', code(values.phone));
  data.append('EMail', code(values.email));
  if (code(values.notes)) data.append('Bemerkungen', code(values.notes));
  values.patients.slice(0, 2).forEach((patient, index) => {
    for (const [name, key] of PATIENT_FIELDS) data.append(`P${index}${name}`, code(patient[key]));
  });
  data.append('WWW', code(values.origin));
  data.append('nodelay', '1');
  data.append('utm_source', PANEL_TRACKING.utm_source);
  data.append('utm_medium', PANEL_TRACKING.utm_medium);
  data.append('utm_campaign', PANEL_TRACKING.utm_campaign);
  return data;
}

export type SubmitResult =
  | { ok: true; status: number; body: string }
  | { ok: false; status: number | null; error: string; body: string };

/**
 * POSTs the form to `${intakeUrl}/care-request/` (no sign-in: the intake is the public form endpoint). Never throws:
 * a rejection or a network failure becomes { ok: false } with the error and the raw response body for the Failed card.
 */
export async function submitCareRequest(
  intakeUrl: string,
  values: CareRequestValues,
  fetchFn: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetchFn(`${intakeUrl}/care-request/`, {
      method: 'POST',
      body: careRequestFormData(values),
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message || error.name : String(error), body: '' };
  }
  const raw = await response.text().catch(() => '');
  let body = raw;
  let problem: { title?: string; detail?: string } | null = null;
  try {
    const parsed = JSON.parse(raw);
    body = JSON.stringify(parsed, null, 2);
    if (parsed && typeof parsed === 'object') problem = parsed;
  } catch {
    // not JSON: show it as it came
  }
  if (response.ok) return { ok: true, status: response.status, body };
  const statusLine = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const described = [problem?.title, problem?.detail].filter(Boolean).join(': ');
  return { ok: false, status: response.status, error: described ? `${statusLine}: ${described}` : statusLine, body };
}
