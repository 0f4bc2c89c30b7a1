import { RE2JS } from 're2js';

/**
 * Account expressions run on RE2 (re2js): matching takes time linear in the sender whatever the pattern, so a catastrophic
 * pattern such as `^(a+)+$` cannot stall the process. JavaScript spellings (`\u0041`, `(?<name>…)`, `\/`) are translated
 * first; what RE2 cannot do in linear time (backreferences, lookahead, lookbehind) does not compile. Like JavaScript's
 * `test` the match is a case-sensitive search anywhere in the sender: `^` and `$` anchor it.
 */
export interface SenderMatcher {
  test(sender: string): boolean;
}

/** What is wrong with an expression, as the panel names it (the problem's `reason`); `syntax` for anything else RE2 refuses. */
export const EXPRESSION_ERRORS = [
  'unclosed-group',
  'unopened-group',
  'unclosed-class',
  'invalid-class-range',
  'invalid-repeat-count',
  'missing-repeat-argument',
  'nested-repeat',
  'backreference',
  'lookaround',
  'invalid-escape',
  'invalid-group-syntax',
  'trailing-backslash',
  'syntax',
] as const;
export type ExpressionError = (typeof EXPRESSION_ERRORS)[number];

export interface ExpressionProblem {
  reason: ExpressionError;
  /** What RE2 said, in its words ("missing closing ]: `[`"). */
  message: string;
  /** The part of the expression at fault, when RE2 names one. */
  at: string | null;
}

export type CompiledExpression =
  { matcher: SenderMatcher; problem?: undefined } | { matcher?: undefined; problem: ExpressionProblem };

const LOOKAROUND = /^\(\?<?[=!]/;

/** RE2's error codes (re2js's RE2JSSyntaxException.error) by what they mean to someone writing an expression. */
function reasonOf(code: string, at: string | null): ExpressionError {
  if (at !== null && LOOKAROUND.test(at)) return 'lookaround';
  if (at !== null && /^\\([1-9]|k<)/.test(at)) return 'backreference';
  const reasons: Record<string, ExpressionError> = {
    'missing closing )': 'unclosed-group',
    'unexpected )': 'unopened-group',
    'missing closing ]': 'unclosed-class',
    'invalid character class range': 'invalid-class-range',
    'invalid character class': 'invalid-class-range',
    'invalid repeat count': 'invalid-repeat-count',
    'missing argument to repetition operator': 'missing-repeat-argument',
    'invalid nested repetition operator': 'nested-repeat',
    'invalid escape sequence': 'invalid-escape',
    'invalid or unsupported Perl syntax': 'invalid-group-syntax',
    'invalid named capture': 'invalid-group-syntax',
    'trailing backslash at end of expression': 'trailing-backslash',
  };
  return reasons[code] ?? 'syntax';
}

export function compileExpression(expression: string): CompiledExpression {
  try {
    const pattern = RE2JS.compile(RE2JS.translateRegExp(expression));
    return { matcher: { test: (sender) => pattern.test(sender) } };
  } catch (error) {
    const { message, error: code, input } = error as Error & { error?: unknown; input?: unknown };
    const at = typeof input === 'string' && input !== '' ? input : null;
    return {
      problem: {
        reason: reasonOf(typeof code === 'string' ? code : '', at),
        message: message.replace(/^error parsing regexp: /, ''),
        at,
      },
    };
  }
}
