import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, ValueErrorType, type ValueError } from '@sinclair/typebox/compiler';
import type { Db } from '../db';
import { EpochSeconds } from '../../contracts/paging';
import { FORM_VERSIONS, type FormVersion } from '../../contracts/care-enumerations';
import { CareStatusSchema, type CareStatus } from '../../contracts/care-workflow';
import {
  ArchivedFields,
  FormVersion as FormVersionSchema,
  IncomingFields2012,
  IncomingFields2016,
  PersonalData,
} from '../../contracts/care';
import { vacuumCareRequests, upsertByLegacyId, type CareRequestRecord, type UpsertOutcome } from './store';

/**
 * The legacy import format (JSON Lines): one request per line, blank lines ignored.
 *   {"legacy_id": "...", "form_version": "2012" | "2016-pre" | "2016", "submitted": epoch seconds or ISO 8601 text,
 *    "host": "...", "affiliate": "..." | null, "incoming": {...}, "archived": {...} | null, "contact"?: {...}, "status"?: "..."}
 * incoming and archived hold the fields of the care service's wire shapes (schemas.ts) that a request brings along
 * (incoming: territories, partial zip code, mission, details, patients in the 2012 or the 2016 layout; archived: customer_version,
 * newsletter, referral, contact, mission_details, accommodation, caregiver_requirements); contact is the optional personal data;
 * status the workflow status a newly imported request starts with, LEGACY_IMPORT_STATUS when the line has none.
 */

/**
 * The legacy system kept no outcome, so an imported request's is unknown; yet it is done with, and must not wait in the board's
 * New column. Of the closed statuses, withdrawn claims the least: placed would count as the agency's success, declined as its
 * refusal; withdrawn says only that the request is no longer pursued. A line that knows better gives its own status.
 */
export const LEGACY_IMPORT_STATUS: CareStatus = 'withdrawn';

const ISO_TIMESTAMP =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}:?[0-9]{2})$';
const Submitted = Type.Union([EpochSeconds, Type.String({ pattern: ISO_TIMESTAMP })], {
  description: 'epoch seconds or an ISO 8601 timestamp with time zone',
});

const lineSchema = <T extends TSchema>(incoming: T) =>
  Type.Object(
    {
      legacy_id: Type.String({
        minLength: 1,
        maxLength: 128,
        pattern: '^\\S(.*\\S)?$',
        description: 'text without surrounding spaces',
      }),
      form_version: FormVersionSchema,
      submitted: Submitted,
      host: Type.String({ minLength: 1, maxLength: 253 }),
      affiliate: Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()], {
        description: 'text or null',
      }),
      incoming,
      archived: Type.Union([ArchivedFields, Type.Null()]),
      contact: Type.Optional(PersonalData),
      status: Type.Optional(CareStatusSchema),
    },
    { additionalProperties: false },
  );
const Line2012 = lineSchema(IncomingFields2012);
const Line2016 = lineSchema(IncomingFields2016);
type ImportLine = Static<typeof Line2012> | Static<typeof Line2016>;

const CHECKERS: Record<FormVersion, ReturnType<typeof TypeCompiler.Compile<typeof Line2012 | typeof Line2016>>> = {
  '2012': TypeCompiler.Compile(Line2012),
  '2016-pre': TypeCompiler.Compile(Line2016),
  '2016': TypeCompiler.Compile(Line2016),
};

interface LineError {
  line: number;
  field: string;
  reason: string;
}

export const formatLineError = (error: LineError) => `line ${error.line}: ${error.field}: ${error.reason}`;

/** The innermost error explains best: a union's own error only says that none of its variants fit. */
function deepestError(errors: ValueError[]): ValueError {
  const first = errors[0];
  if (first.type !== ValueErrorType.Union || !first.errors.length) return first;
  const nested = first.errors.flatMap((iterator) => [...iterator]).sort((a, b) => b.path.length - a.path.length);
  const deepest = nested[0];
  return deepest && deepest.path.length > first.path.length ? deepestError([deepest]) : first;
}

function reasonOf(error: ValueError): { field: string; reason: string } {
  const segments = error.path.split('/').filter(Boolean);
  const field = segments.join('.') || '(line)';
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { field, reason: 'is required' };
    case ValueErrorType.ObjectAdditionalProperties:
      return { field, reason: 'is not a known field' };
    default:
      return {
        field,
        reason: error.schema.description ? `must be ${error.schema.description}` : error.message.toLowerCase(),
      };
  }
}

function checkLine(value: unknown, lineNumber: number): LineError | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { line: lineNumber, field: '(line)', reason: 'must be a JSON object' };
  const version = (value as { form_version?: unknown }).form_version;
  if (!FORM_VERSIONS.includes(version as FormVersion)) {
    return { line: lineNumber, field: 'form_version', reason: `must be one of ${FORM_VERSIONS.join(', ')}` };
  }
  const errors = [...CHECKERS[version as FormVersion].Errors(value)];
  if (!errors.length) return undefined;
  return { line: lineNumber, ...reasonOf(deepestError(errors)) };
}

function recordOfLine(line: ImportLine): CareRequestRecord {
  const submitted = typeof line.submitted === 'number' ? new Date(line.submitted * 1000) : new Date(line.submitted);
  return {
    legacyId: line.legacy_id,
    formVersion: line.form_version,
    submitted,
    host: line.host,
    affiliate: line.affiliate,
    incoming: line.incoming,
    archived: line.archived,
    personal: line.contact ?? null,
    status: line.status ?? LEGACY_IMPORT_STATUS,
  };
}

function parseJson(text: string, lineNumber: number): { value?: unknown; error?: LineError } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: { line: lineNumber, field: '(line)', reason: `is not valid JSON (${(error as Error).message})` } };
  }
}

interface ParsedImport {
  records: CareRequestRecord[];
  errors: LineError[];
}

/** Checks every line (all of them, so one run lists every mistake) and turns the good ones into records. */
export function parseImport(text: string): ParsedImport {
  const records: CareRequestRecord[] = [];
  const errors: LineError[] = [];
  const lineOfLegacyId = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const lineNumber = index + 1;
    if (raw.trim() === '') return;
    const { value, error } = parseJson(raw, lineNumber);
    const problem = error ?? checkLine(value, lineNumber);
    if (problem) return void errors.push(problem);
    const line = value as ImportLine;
    const earlier = lineOfLegacyId.get(line.legacy_id);
    if (earlier !== undefined)
      return void errors.push({
        line: lineNumber,
        field: 'legacy_id',
        reason: `repeats the legacy id of line ${earlier}`,
      });
    lineOfLegacyId.set(line.legacy_id, lineNumber);
    records.push(recordOfLine(line));
  });
  return { records, errors };
}

interface ImportReport extends UpsertOutcome {
  errors: LineError[];
}

/** Imports all lines in one transaction, or, when any line is wrong, none of them. Idempotent by legacy id. */
export async function importCareRequests(db: Db, text: string): Promise<ImportReport> {
  const { records, errors } = parseImport(text);
  if (errors.length) return { inserted: 0, updated: 0, errors };
  const outcome = await db.transaction((tx) => upsertByLegacyId(tx, records));
  await vacuumCareRequests(db);
  return { ...outcome, errors: [] };
}
