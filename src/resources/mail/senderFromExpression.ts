import { isEmail } from './validators';

/** The index of the `]` closing the character class opened at `start`, or -1. */
function classEnd(pattern: string, start: number): number {
  for (let index = start + 1; index < pattern.length; index += 1) {
    if (pattern[index] === '\\') index += 1;
    else if (pattern[index] === ']' && index > start + 1) return index;
  }
  return -1;
}

/** The index of the `)` closing the group opened at `start`, or -1. */
function groupEnd(pattern: string, start: number): number {
  let depth = 0;
  for (let index = start; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') index += 1;
    else if (char === '[') {
      index = classEnd(pattern, index);
      if (index < 0) return -1;
    } else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index;
  }
  return -1;
}

/** The pattern's first top-level alternative (everything before the first `|` outside groups and classes). */
function firstTopLevelAlternative(pattern: string): string | null {
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') index += 1;
    else if (char === '[') {
      index = classEnd(pattern, index);
      if (index < 0) return null;
    } else if (char === '(') {
      index = groupEnd(pattern, index);
      if (index < 0) return null;
    } else if (char === '|') return pattern.slice(0, index);
  }
  return pattern;
}

/**
 * One way through the pattern: the first alternative of every alternation, groups unwrapped, and a `?`, `*` or `+`
 * after a group dropped (one pass through the group matches each of them). Null for lookarounds or unbalanced groups.
 */
function onePath(pattern: string): string | null {
  const first = firstTopLevelAlternative(pattern);
  if (first === null) return null;
  let result = '';
  for (let index = 0; index < first.length; index += 1) {
    const char = first[index];
    if (char === '\\') {
      result += first.slice(index, index + 2);
      index += 1;
    } else if (char === '[') {
      const end = classEnd(first, index);
      result += first.slice(index, end + 1);
      index = end;
    } else if (char === '(') {
      const end = groupEnd(first, index);
      let inner = first.slice(index + 1, end);
      if (inner.startsWith('?:')) inner = inner.slice(2);
      else if (/^\?<[A-Za-z_$][\w$]*>/.test(inner)) inner = inner.slice(inner.indexOf('>') + 1);
      else if (inner.startsWith('?')) return null;
      const path = onePath(inner);
      if (path === null) return null;
      result += path;
      index = end;
      if ('?*+'.includes(first[index + 1] ?? '_')) index += first[index + 2] === '?' ? 2 : 1;
    } else result += char;
  }
  return result;
}

function matches(expression: string, address: string): boolean {
  try {
    return new RegExp(expression).test(address);
  } catch {
    return false;
  }
}

/** A literal address (^noreply@example\.org$) or noreply@<domain> for a domain pattern (.*@example\.org$), else ''. */
function senderFromSimplePattern(pattern: string): string {
  const raw = pattern.trim().replace(/^\^/, '').replace(/\$$/, '');
  const unescaped = raw.replace(/\\([.-])/g, '$1');
  if (!/[*+?()[\]{}|\\^$]/.test(unescaped) && isEmail(unescaped)) return unescaped;
  const domain = /^(?:\.\*|\.\+|\[\^@\]\+|\[\^@\]\*)?@((?:[A-Za-z0-9-]+\\?\.)+[A-Za-z]{2,})$/.exec(raw);
  if (domain) return `noreply@${domain[1].replace(/\\\./g, '.')}`;
  return '';
}

/**
 * A sender address matching an account's expression, when one is obvious: a literal address gives that address, a
 * domain pattern gives noreply@<domain>; with alternatives (`^(info|office)@example\.org$`, `@(a|b)\.de$`,
 * `^x@a\.de$|^y@b\.de$`) the first one is used. The address must match the expression; otherwise ''.
 */
export function senderFromExpression(expression: string): string {
  const path = onePath(expression.trim());
  const sender = path === null ? '' : senderFromSimplePattern(path);
  return sender && matches(expression, sender) ? sender : '';
}
