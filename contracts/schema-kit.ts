import { Type, type TSchema, type SchemaOptions } from '@sinclair/typebox';

/**
 * The pieces every contract builds its schemas from. A `description` here is also the wording of a validation error: the strict
 * validator words a failed described union as "must be" its description.
 */

/** The options of an object that refuses keys it does not declare: `Type.Object(properties, closed)`. */
export const closed = { additionalProperties: false } as const;

/** The schema, or null. */
export const nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}) =>
  Type.Union([schema, Type.Null()], options);

/** The schema, or null, described as the schema's description followed by "or null" (undescribed when the schema is). */
export const describedNullable = <T extends TSchema>(schema: T) =>
  nullable(schema, schema.description ? { description: `${schema.description}, or null` } : {});

/** One of the words, as a union of their literals, described by naming them all unless told otherwise. */
export const oneOf = <T extends readonly string[]>(values: T, description = `one of ${values.join(', ')}`) =>
  Type.Union(
    values.map((value: T[number]) => Type.Literal(value)),
    { description },
  );
