import { isEmail } from './validators';

/**
 * A sender address matching an account's expression, when it is obvious: a literal address (anchors and escaped dots
 * allowed, e.g. ^noreply@example\.org$) gives that address; a domain pattern (e.g. .*@example\.org$ or @example\.org)
 * gives noreply@<domain>. Otherwise ''.
 */
export function senderFromExpression(expression: string): string {
  const raw = expression.trim().replace(/^\^/, '').replace(/\$$/, '');
  const unescaped = raw.replace(/\\([.\-])/g, '$1');
  if (!/[*+?()[\]{}|\\^$]/.test(unescaped) && isEmail(unescaped)) return unescaped;
  const domain = /^(?:\.\*|\.\+|\[\^@\]\+|\[\^@\]\*)?@((?:[A-Za-z0-9-]+\\?\.)+[A-Za-z]{2,})$/.exec(raw);
  if (domain) return `noreply@${domain[1].replace(/\\\./g, '.')}`;
  return '';
}
