import { MAX_LENGTH_DETAIL_PATTERN, PAST_DATE_DETAIL, REQUIRED_DETAIL } from '../../../../contracts/intake-rules';
import { formFieldOf, type IntakeFieldError } from '../../../dataProviders/careRequests/intake';
import { initialContact } from './formValues';
import { todayIso } from './validators';

export type StepIndex = 0 | 1 | 2;

interface Reason {
  /** A translation key. */
  message: string;
  args?: Record<string, unknown>;
}

/** A field the intake refused, placed in the stepper: its step, form path and label, and the reason in translatable form. */
export interface RefusedField {
  /** The form path ("zipCode", "patients.1.mobility"); null for a field the stepper does not have. */
  source: string | null;
  step: StepIndex | null;
  /** The label's translation key; the intake's own field name when the stepper has no such field. */
  label: string;
  /** 0 or 1 for a patient's field. */
  patient: number | null;
  reason: Reason;
}

const validation = (name: string) => `caredesk.care.create.validation.${name}`;
const CONTACT_FIELDS = new Set(Object.keys(initialContact()));
/** The message of a field's own format rule, for a refusal that is neither "required" nor "too long". */
const FORMAT_MESSAGES: Record<string, string> = {
  origin: 'origin',
  zipCode: 'zip_code',
  startDate: 'date',
  phone: 'phone',
  email: 'email',
};

/** The intake's English reason as the stepper's own message, recognised by the wording in contracts/intake-rules.ts. */
function reasonOf({ detail }: IntakeFieldError, name: string | null): Reason {
  if (detail.startsWith(REQUIRED_DETAIL)) return { message: 'caredesk.validation.required' };
  const maxLength = MAX_LENGTH_DETAIL_PATTERN.exec(detail);
  if (maxLength) return { message: validation('max_length'), args: { max: Number(maxLength[1]) } };
  if (detail === PAST_DATE_DETAIL) return { message: validation('min_date'), args: { day: todayIso() } };
  return { message: validation((name && FORMAT_MESSAGES[name]) ?? 'invalid') };
}

export function refusedFieldOf(error: IntakeFieldError): RefusedField {
  const ref = formFieldOf(error.field);
  if (!ref) return { source: null, step: null, label: error.field, patient: null, reason: reasonOf(error, null) };
  const step: StepIndex = ref.patient !== null ? 1 : CONTACT_FIELDS.has(ref.name) ? 2 : 0;
  return {
    source: ref.patient !== null ? `patients.${ref.patient}.${ref.name}` : ref.name,
    step,
    label: `caredesk.care.create.fields.${ref.name}`,
    patient: ref.patient,
    reason: reasonOf(error, ref.name),
  };
}
