import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, ValueErrorType, type ValueError } from '@sinclair/typebox/compiler';
import {
  berlinToday,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  hostOf,
  isCalendarDate,
  MAX_LENGTH,
  maxLengthDetail,
  PAST_DATE_DETAIL,
  PHONE_PATTERN,
  REQUIRED_DETAIL,
  START_DATE_PATTERN,
  WEB_ADDRESS_DETAIL,
  ZIP_CODE_PATTERN,
} from '../../contracts/intake-rules';
import { strictValidatorCompiler } from '../shared/validator';

export { hostOf };

/**
 * The intake form as posted (the route's description in routes.ts): German field names, every value text. The JSON schema checks
 * each field on its own; checkFormRules adds the rules that span fields. Together they name every offending field.
 */

const REQUIRED_MESSAGE = REQUIRED_DETAIL;
const INVALID_EMAIL_MESSAGE = 'Invalid e-mail.';

const code = (low: number, high: number, meaning: string) =>
  Type.String({ pattern: `^[${low}-${high}]$`, description: `${meaning}: a code ${low} to ${high}` });
const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });
const yesNo = (meaning: string) => Type.String({ pattern: '^[01]$', description: `${meaning}: 0 (no) or 1 (yes)` });

const PATIENT_FIELDS = {
  Geschlecht: code(0, 1, 'gender, 0 male or 1 female'),
  Pflegegrad: code(0, 5, 'care level'),
  Mobil: code(1, 5, 'mobility, 1 fully mobile to 5 confined to bed'),
  Hoeren: code(0, 3, 'hearing, 0 no limitations to 3 not possible'),
  Sprechen: code(0, 3, 'speaking, 0 no limitations to 3 not possible'),
  Sehen: code(0, 3, 'seeing, 0 no limitations to 3 not possible'),
  Nacht: code(0, 2, 'night shifts, 0 none, 1 occasionally, 2 regularly'),
};
type PatientFieldName = keyof typeof PATIENT_FIELDS;
export const PATIENT_FIELD_NAMES = Object.keys(PATIENT_FIELDS) as PatientFieldName[];

const patientFields = <P extends 'P0' | 'P1'>(prefix: P, optional: boolean) =>
  Object.fromEntries(
    PATIENT_FIELD_NAMES.map((name) => [
      `${prefix}${name}`,
      optional ? Type.Optional(PATIENT_FIELDS[name]) : PATIENT_FIELDS[name],
    ]),
  ) as {
    [K in PatientFieldName as `${P}${K}`]: (typeof PATIENT_FIELDS)[K];
  };

export const IntakeForm = Type.Object(
  {
    EinsatzPLZ: Type.String({ pattern: ZIP_CODE_PATTERN, description: 'the mission zip code: 5 digits' }),
    EinsatzOrt: text(MAX_LENGTH.city, 'the mission city'),
    BetreuungBeginn: code(0, 2, 'mission begins, 0 as soon as possible, 1 at a date, 2 unknown'),
    Anreisedatum: Type.Optional(
      Type.String({
        pattern: START_DATE_PATTERN,
        description: 'the start date YYYY-MM-DD; required with BetreuungBeginn 1',
      }),
    ),
    WeiterePersonen: Type.Optional(yesNo('other persons present')),
    Einkauf: Type.Optional(yesNo("shopping by car, so a driver's license is required")),
    newsletter: Type.Optional(yesNo('newsletter')),
    ErfahrenVon: Type.Optional(code(0, 7, 'referral')),
    Anrede: code(0, 2, 'title, 0 Mr., 1 Mrs., 2 Family'),
    Titel: code(0, 2, 'academic title, 0 none, 1 Dr., 2 Prof. Dr.'),
    Vorname: text(MAX_LENGTH.name, 'first name'),
    Nachname: text(MAX_LENGTH.name, 'last name'),
    Telefon: Type.String({ maxLength: MAX_LENGTH.phone, pattern: PHONE_PATTERN, description: 'a phone number' }),
    EMail: Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN, description: 'an e-mail address' }),
    Bemerkungen: Type.Optional(Type.String({ maxLength: MAX_LENGTH.notes, description: 'notes' })),
    ...patientFields('P0', false),
    ...patientFields('P1', true),
    WWW: Type.Optional(
      Type.String({ maxLength: MAX_LENGTH.origin, description: 'the web page (origin) the form was sent from' }),
    ),
    nodelay: Type.Optional(Type.String({ maxLength: 16 })),
    utm_source: Type.Optional(Type.String({ maxLength: 128 })),
    utm_medium: Type.Optional(Type.String({ maxLength: 128 })),
    utm_campaign: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: true, description: 'Unknown fields (a submit button, say) are ignored.' },
);
export type IntakeFormFields = Static<typeof IntakeForm>;

export interface FieldError {
  field: string;
  detail: string;
}

/** Carries every field error of a submission to the route (which answers them all in one problem). */
export class IntakeFormError extends Error {
  constructor(readonly errors: FieldError[]) {
    super('The care request has invalid fields.');
  }
}

const checker = TypeCompiler.Compile(IntakeForm);

function fieldErrorOf(error: ValueError, form: Record<string, unknown>): FieldError | undefined {
  const field = error.path.replace(/^\//, '');
  if (!field || field.includes('/')) return undefined;
  if (error.type === ValueErrorType.ObjectRequiredProperty) return { field, detail: REQUIRED_MESSAGE };
  if (Array.isArray(form[field])) return { field, detail: 'must be given only once' };
  if (field === 'EMail') return { field, detail: INVALID_EMAIL_MESSAGE };
  if (error.type === ValueErrorType.StringMaxLength && typeof error.schema.maxLength === 'number')
    return { field, detail: maxLengthDetail(error.schema.maxLength) };
  return { field, detail: `must be ${error.schema.description ?? 'text'}` };
}

/** Every field the schema refuses, once each, in form order. */
export function schemaErrors(form: Record<string, unknown>): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of checker.Errors(form)) {
    const fieldError = fieldErrorOf(error, form);
    if (fieldError && !byField.has(fieldError.field)) byField.set(fieldError.field, fieldError);
  }
  return [...byField.values()];
}

/** Runs the schema on the parsed form; errors reach the handler through attachValidation, which adds the cross-field rules. */
export const intakeValidatorCompiler = (route: FastifyRouteSchemaDef<unknown>) => {
  // only the form is checked here; the query (and anything else) is held to the services' common rules
  if (route.httpPart !== 'body') return strictValidatorCompiler(route as FastifyRouteSchemaDef<TSchema>);
  return (input: unknown) => {
    const form = (input ?? {}) as Record<string, unknown>;
    const errors = schemaErrors(form);
    return errors.length ? { error: new IntakeFormError(errors) } : { value: form };
  };
};

function startDateErrors(form: Record<string, unknown>, badFields: Set<string>, today: string): FieldError[] {
  if (form.BetreuungBeginn !== '1' || badFields.has('Anreisedatum')) return [];
  const startDate = form.Anreisedatum;
  if (typeof startDate !== 'string') return [{ field: 'Anreisedatum', detail: REQUIRED_MESSAGE }];
  if (!isCalendarDate(startDate)) return [{ field: 'Anreisedatum', detail: 'must be a valid calendar date' }];
  if (startDate < today) return [{ field: 'Anreisedatum', detail: PAST_DATE_DETAIL }];
  return [];
}

/** A second patient is all or nothing: once one P1 field is sent, the missing ones are required. */
function secondPatientErrors(form: Record<string, unknown>): FieldError[] {
  const fields = PATIENT_FIELD_NAMES.map((name) => `P1${name}`);
  if (!fields.some((field) => field in form)) return [];
  return fields
    .filter((field) => !(field in form))
    .map((field) => ({ field, detail: `${REQUIRED_MESSAGE} (a second patient needs all of its fields)` }));
}

function originErrors(form: Record<string, unknown>, badFields: Set<string>): FieldError[] {
  if (typeof form.WWW !== 'string' || badFields.has('WWW') || hostOf(form.WWW) !== null) return [];
  return [{ field: 'WWW', detail: WEB_ADDRESS_DETAIL }];
}

/** The rules spanning fields, skipping the fields the schema already refused. */
export function checkFormRules(form: Record<string, unknown>, badFields: Set<string>, now: Date): FieldError[] {
  return [
    ...startDateErrors(form, badFields, berlinToday(now)),
    ...secondPatientErrors(form),
    ...originErrors(form, badFields),
  ];
}
