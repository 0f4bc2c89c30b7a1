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
    const value = httpPart === 'body' ? input : Value.Convert(schema, input);
    if (checker.Check(value)) return { value };
    const first = checker.Errors(value).First();
    return { error: first ? [toSchemaError(first)] : [] } as never;
  };
};

function toSchemaError(error: ValueError): SchemaError {
  const segments = error.path.split('/');
  const leaf = segments.pop() ?? '';
  const parent = segments.join('/');
  if (error.type === ValueErrorType.ObjectRequiredProperty) return { instancePath: parent, message: 'is required', params: { missingProperty: leaf } };
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    return { instancePath: parent, message: 'is not a known field', params: { additionalProperty: leaf } };
  }
  return { instancePath: error.path, message: describe(error), params: {} };
}

function describe({ type, schema, message }: ValueError): string {
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
    case ValueErrorType.ArrayMinItems:
      return `must have at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`;
    case ValueErrorType.ArrayMaxItems:
      return `must have at most ${schema.maxItems} items`;
    default:
      return message.charAt(0).toLowerCase() + message.slice(1);
  }
}
