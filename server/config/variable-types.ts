import { FormatRegistry, Type, type SchemaOptions, type Static, type TSchema } from '@sinclair/typebox';

/**
 * An environment variable's declaration is a TypeBox schema: its `description` is the meaning that docs/configuration.md
 * shows, its `default` the value when the variable is unset or blank. These options add what TypeBox has no word for.
 */
export interface VariableOptions extends SchemaOptions {
  description: string;
  /** The docs' default column when no plain value says it: a default derived from other settings, or filled in later. */
  shownDefault?: string;
  /** Shown after the default in the docs, e.g. "30 days" after 2592000. */
  defaultNote?: string;
  /** A smaller value is raised to this rather than refused. */
  atLeast?: number;
  /** What the refusal says, after "NAME must ": "be a comma list of e-mail addresses". */
  must?: string;
  /** The refusal never repeats the value given. */
  secret?: boolean;
  /** For a secret: what the refusal may say about the value given without showing it. */
  describeRefused?: (raw: string) => string;
  /** Values that fit the type yet are refused, with the reason the refusal gives. */
  refused?: Record<string, string>;
}

type Declared<T> = VariableOptions & { default?: T };

/** A whole number, at least its minimum (0 unless declared); anything else is refused. */
export const wholeNumber = (options: Declared<number> & { minimum?: number; maximum?: number }) =>
  Type.Integer({ minimum: 0, ...options });

/** true or 1, false or 0. */
export const flag = (options: Declared<boolean>) => Type.Boolean(options);

export const text = (
  options: Declared<string> & { pattern?: string; format?: string; minLength?: number; maxLength?: number },
) => Type.String(options);

/** Entries separated by commas, blanks around them ignored; set but empty, the list is empty rather than the default. */
export const commaList = <T extends TSchema>(entry: T, options: Declared<Static<T>[]>) => Type.Array(entry, options);

export const ZIP_PREFIX = '^[0-9]{1,5}$';
export const EMAIL_ADDRESS = '^[^\\s@,]+@[^\\s@,]+$';

FormatRegistry.Set('absolute-url', (value) => URL.canParse(value));
FormatRegistry.Set('http-url', (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol));
