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

export type CompiledExpression = { matcher: SenderMatcher; problem?: undefined } | { matcher?: undefined; problem: string };

export function compileExpression(expression: string): CompiledExpression {
  try {
    const pattern = RE2JS.compile(RE2JS.translateRegExp(expression));
    return { matcher: { test: (sender) => pattern.test(sender) } };
  } catch (error) {
    return { problem: (error as Error).message.replace(/^error parsing regexp: /, '') };
  }
}
