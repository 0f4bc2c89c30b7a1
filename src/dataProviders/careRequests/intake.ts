import type { CareRequestValues, PatientValues } from './formValues';

/** The fixed campaign-tracking values of requests entered in the panel (docs/api.md, Decisions the specification leaves open). */
const PANEL_TRACKING = { utm_source: 'caredesk', utm_medium: 'panel', utm_campaign: 'staff-entry' } as const;

const flag = (value: boolean) => (value ? '1' : '0');
const code = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

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
 * The multipart body of a care request with the intake form's German field names (the intake route's description in /api/docs):
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

/** Where a field of the intake form lives in the stepper's values: a mission or contact value, or a patient's. */
interface FormFieldRef {
  name: string;
  /** 0 or 1 for a patient's field, else null. */
  patient: number | null;
}

const FIELD_OF_WIRE: Record<string, string> = {
  WWW: 'origin',
  EinsatzPLZ: 'zipCode',
  EinsatzOrt: 'city',
  BetreuungBeginn: 'missionBegins',
  Anreisedatum: 'startDate',
  WeiterePersonen: 'otherPersonsPresent',
  Einkauf: 'groceryShopping',
  newsletter: 'newsletter',
  ErfahrenVon: 'referral',
  Anrede: 'title',
  Titel: 'academicTitle',
  Vorname: 'firstName',
  Nachname: 'lastName',
  Telefon: 'phone',
  EMail: 'email',
  Bemerkungen: 'notes',
};

/** The stepper field behind an intake field name ("EinsatzPLZ", "P1Mobil"); null for the fixed tracking fields and unknown names. */
export function formFieldOf(wireName: string): FormFieldRef | null {
  if (Object.hasOwn(FIELD_OF_WIRE, wireName)) return { name: FIELD_OF_WIRE[wireName], patient: null };
  const patientField = /^P([01])(.+)$/.exec(wireName);
  const name = patientField && PATIENT_FIELDS.find(([wire]) => wire === patientField[2])?.[1];
  return name ? { name, patient: Number(patientField[1]) } : null;
}

/** One field the intake refused, as its problem body names it: the intake's field name and its (English) reason. */
export interface IntakeFieldError {
  field: string;
  detail: string;
}

/**
 * Why a submission failed: the intake refused fields (400 naming them), refused the request otherwise (another 4xx),
 * is rate-limited (429), found it too large (413), failed itself (5xx), or could not be reached.
 */
type FailureKind = 'invalid' | 'refused' | 'rate_limited' | 'too_large' | 'server' | 'network';

export type SubmitResult =
  | { ok: true; status: number; body: string }
  | {
      ok: false;
      kind: FailureKind;
      status: number | null;
      /** The status line and the problem's title and detail (or the network error), for the details. */
      error: string;
      body: string;
      fieldErrors: IntakeFieldError[];
      /** From a 429's Retry-After header (seconds or an HTTP date); null when absent. */
      retryAfterSeconds: number | null;
    };

type Problem = { title?: unknown; detail?: unknown; field?: unknown; errors?: unknown };

const isFieldError = (value: unknown): value is IntakeFieldError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as IntakeFieldError).field === 'string' &&
  typeof (value as IntakeFieldError).detail === 'string';

function fieldErrorsOf(problem: Problem | null): IntakeFieldError[] {
  if (!problem) return [];
  if (Array.isArray(problem.errors)) return problem.errors.filter(isFieldError);
  if (typeof problem.field === 'string')
    return [{ field: problem.field, detail: typeof problem.detail === 'string' ? problem.detail : '' }];
  return [];
}

function retryAfterSecondsOf(header: string | null, now: Date = new Date()): number | null {
  if (!header) return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

function kindOf(status: number, fieldErrors: IntakeFieldError[]): FailureKind {
  if (status === 429) return 'rate_limited';
  if (status === 413) return 'too_large';
  if (status === 400 && fieldErrors.length) return 'invalid';
  return status >= 400 && status < 500 ? 'refused' : 'server';
}

/**
 * POSTs the form to `${intakeUrl}/care-request/` (the public form endpoint; the panel passes a fetch that sends its bearer,
 * so the request is made as the signed-in user, who needs care:create, and is audited). Never throws:
 * a rejection or a network failure becomes { ok: false } with what the Failed card needs and the raw response body.
 */
export async function submitCareRequest(
  intakeUrl: string,
  values: CareRequestValues,
  fetchFn: (url: string, init: RequestInit) => Promise<Response> = (url, init) => globalThis.fetch(url, init),
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetchFn(`${intakeUrl}/care-request/`, {
      method: 'POST',
      body: careRequestFormData(values),
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return {
      ok: false,
      kind: 'network',
      status: null,
      error: reason,
      body: '',
      fieldErrors: [],
      retryAfterSeconds: null,
    };
  }
  const raw = await response.text().catch(() => '');
  let body = raw;
  let problem: Problem | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    body = JSON.stringify(parsed, null, 2);
    if (parsed && typeof parsed === 'object') problem = parsed;
  } catch {
    // not JSON: show it as it came
  }
  if (response.ok) return { ok: true, status: response.status, body };
  const statusLine = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const described = [problem?.title, problem?.detail].filter((part) => typeof part === 'string' && part).join(': ');
  const fieldErrors = fieldErrorsOf(problem);
  return {
    ok: false,
    kind: kindOf(response.status, fieldErrors),
    status: response.status,
    error: described ? `${statusLine}: ${described}` : statusLine,
    body,
    fieldErrors,
    retryAfterSeconds: response.status === 429 ? retryAfterSecondsOf(response.headers.get('Retry-After')) : null,
  };
}
