import { Kind, KindGuard, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ConfigError } from './config-error';
import type { VariableOptions } from './variable-types';
import { Environment } from './variables';

type Declaration = TSchema & VariableOptions;

/** Reads and checks every declared variable; the first one that does not fit stops with a ConfigError naming it. */
export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const values: Record<string, unknown> = {};
  for (const [name, declaration] of Object.entries(Environment.properties) as [string, Declaration][]) {
    values[name] = readVariable(name, declaration, env[name]);
  }
  return values as Environment;
}

function readVariable(name: string, declaration: Declaration, raw: string | undefined): unknown {
  // a list set to nothing is an empty list; any other variable set to nothing takes its default
  if (raw === undefined || (raw === '' && declaration[Kind] !== 'Array')) return declaration.default;
  if (declaration.refused && Object.hasOwn(declaration.refused, raw.trim())) {
    throw new ConfigError(`${name}=${raw.trim()} ${declaration.refused[raw.trim()]}; it must ${mustOf(declaration)}`);
  }
  const value = parse(declaration, raw);
  if (!Value.Check(declaration, value)) throw new ConfigError(refusal(name, declaration, raw, value));
  return declaration.atLeast !== undefined ? Math.max(declaration.atLeast, value as number) : value;
}

/** The text as the declared type; a text that is not one stays text (or NaN) and fails the check. */
function parse(declaration: TSchema, raw: string): unknown {
  switch (declaration[Kind]) {
    case 'Integer':
      return Number(raw);
    case 'Boolean':
      return flagValue(raw);
    case 'Literal':
      return typeof declaration.const === 'boolean' ? flagValue(raw) : raw;
    case 'Array':
      return raw
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    case 'Union': {
      // blanks around a union's value are dropped, and only blanks are no value
      const text = raw.trim();
      if (text === '') return declaration.default;
      for (const member of declaration.anyOf as TSchema[]) {
        const value = parse(member, text);
        if (Value.Check(member, value)) return value;
      }
      return raw;
    }
    default:
      return raw;
  }
}

function flagValue(raw: string): boolean | string {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return raw;
}

function refusal(name: string, declaration: Declaration, raw: string, value: unknown): string {
  if (declaration.secret) {
    const detail = declaration.describeRefused?.(raw);
    return `${name} must ${mustOf(declaration)}${detail ? `; ${detail}` : ''}`;
  }
  const wrongEntry = Array.isArray(value) ? value.find((entry) => !Value.Check(declaration.items, entry)) : undefined;
  return `${name} must ${mustOf(declaration)}, got "${wrongEntry ?? raw}"`;
}

/** What a refusal says the variable must be: declared, or told by its type. */
function mustOf(declaration: Declaration): string {
  if (declaration.must) return declaration.must;
  switch (declaration[Kind]) {
    case 'Integer':
      return declaration.maximum !== undefined
        ? `be a whole number from ${declaration.minimum} to ${declaration.maximum}`
        : 'be a whole number';
    case 'Boolean':
      return 'be true or false';
    case 'Union':
      return `be ${(declaration.anyOf as TSchema[])
        .filter(KindGuard.IsLiteral)
        .map((member) => member.const)
        .join(' or ')}`;
    default:
      return 'be as docs/configuration.md describes';
  }
}
