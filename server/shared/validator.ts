import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, ValueErrorType, type ValueError } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';

/** The shape Fastify's error handler (and server/shared/problem.ts) expects of a schema error: Ajv's. */
interface SchemaError {
  instancePath: string;
  message: string;
  params: { missingProperty?: string; additionalProperty?: string };
}

/**
 * Validates with TypeBox's compiled checker instead of the app's Ajv, whose `coerceTypes` would turn a JSON
 * number 1234 into the username "1234": bodies are checked as sent, only querystring and params (always text
 * on the wire) are converted to the schema's types first.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const checker = TypeCompiler.Compile(schema);
  return (input: unknown) => {
    const value = httpPart === 'body' ? input : convertText(schema, input);
    if (!checker.Check(value)) {
      const first = checker.Errors(value).First();
      return { error: first ? [toSchemaError(first)] : [] } as never;
    }
    const unstorable = firstUnstorableText(value, '');
    if (unstorable)
      return { error: [{ instancePath: unstorable.path, message: unstorable.message, params: {} }] } as never;
    return { value };
  };
};

const DECIMAL_INTEGER = /^-?\d{1,15}$/;
const DECIMAL_NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

/**
 * Query and path values converted to the schema's types; a number must be written in plain decimal digits (TypeBox's own
 * conversion reads "1e400" and "1e3" as 1), otherwise it stays text and the check refuses it.
 */
function convertText(schema: TSchema, input: unknown): unknown {
  if (isRecord(input) && isEmpty(input)) return input; // most requests: nothing to convert, and TypeBox's conversion is not free
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  // read before converting: the conversion may change the input in place
  const notDecimal = Object.entries(properties ?? {}).flatMap(([key, property]): [string, string][] => {
    const text = isRecord(input) ? input[key] : undefined;
    const digits =
      property.type === 'integer' ? DECIMAL_INTEGER : property.type === 'number' ? DECIMAL_NUMBER : undefined;
    return digits && typeof text === 'string' && !digits.test(text) ? [[key, text]] : [];
  });
  const converted = Value.Convert(schema, input);
  if (isRecord(converted)) for (const [key, text] of notDecimal) converted[key] = text;
  return converted;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isEmpty(record: Record<string, unknown>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return false;
  return true;
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The first string PostgreSQL cannot store as sent, with its path in Ajv's /a/0/b form: U+0000 (text cannot hold it) or
 * an unpaired surrogate (not Unicode: a jsonb column refuses it, a text column would silently get U+FFFD instead).
 */
function firstUnstorableText(value: unknown, path: string): { path: string; message: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path, message: 'must not contain NUL characters' };
    return LONE_SURROGATE.test(value)
      ? { path, message: 'must be valid Unicode (it holds an unpaired surrogate)' }
      : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = firstUnstorableText(item, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

function toSchemaError(error: ValueError): SchemaError {
  const segments = error.path.split('/');
  const leaf = segments.pop() ?? '';
  const parent = segments.join('/');
  if (error.type === ValueErrorType.ObjectRequiredProperty)
    return { instancePath: parent, message: 'is required', params: { missingProperty: leaf } };
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    return { instancePath: parent, message: 'is not a known field', params: { additionalProperty: leaf } };
  }
  return { instancePath: error.path, message: describeSchemaError(error), params: {} };
}

/** A schema error in words, after the field's name: "must be …". */
export function describeSchemaError({ type, schema, message }: ValueError): string {
  switch (type) {
    case ValueErrorType.String:
      return 'must be a string';
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.Integer:
    case ValueErrorType.Number:
      return 'must be a number';
    case ValueErrorType.Array:
      return 'must be a list';
    case ValueErrorType.Object:
      return 'must be a JSON object';
    case ValueErrorType.StringMinLength:
      return `must have at least ${schema.minLength} characters`;
    case ValueErrorType.StringMaxLength:
      return `must have at most ${schema.maxLength} characters`;
    case ValueErrorType.StringPattern:
      return `must be ${schema.description ?? `of the form ${schema.pattern}`}`;
    case ValueErrorType.StringFormat:
      return `must be ${schema.description ?? `a ${schema.format}`}`;
    case ValueErrorType.Union:
      return schema.description ? `must be ${schema.description}` : lowerFirst(message);
    case ValueErrorType.ArrayMinItems:
      return `must have at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`;
    case ValueErrorType.ArrayMaxItems:
      return `must have at most ${schema.maxItems} items`;
    default:
      return lowerFirst(message);
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
