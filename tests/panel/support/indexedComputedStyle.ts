/**
 * jsdom's getComputedStyle matches every rule of every style sheet against the element. MUI's emotion writes one sheet per
 * rule (about 1,400 in a whole-App test), and Testing Library's role queries ask for the style of every element they name:
 * that matching was half of the panel tests' time. This keeps jsdom's cascade and its cache, and only skips the rules that
 * cannot match: a rule whose rightmost compound names a class is tried only on elements carrying that class, in sheet order.
 * `common/indexed-computed-style.test.tsx` compares it with jsdom's own on a rendered App.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const styleRules = require('jsdom/lib/jsdom/living/helpers/style-rules.js');
const { matchesDontThrow } = require('jsdom/lib/jsdom/living/helpers/selectors.js');
const idlUtils = require('jsdom/lib/jsdom/living/generated/utils.js');
const cssom = require('rrweb-cssom');
const defaultStyleSheet: string = require('jsdom/lib/jsdom/browser/default-stylesheet.js');
const { CSSStyleDeclaration } = require('cssstyle');

interface CssRule {
  selectorText?: string;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<CssRule>;
  style: CssDeclaration;
}
interface CssDeclaration extends ArrayLike<string> {
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): void;
}
interface CssSheet {
  cssRules: ArrayLike<CssRule>;
}
interface ElementImpl {
  _ownerDocument: DocumentImpl;
  localName: string;
  style: CssDeclaration;
  getAttributeNS(namespace: string | null, name: string): string | null;
}
interface DocumentImpl {
  _styleCache: WeakMap<ElementImpl, CssDeclaration> | null;
  styleSheets: { _list: CssSheet[] };
}

interface RuleIndex {
  /** jsdom's style cache the index was last checked against: jsdom drops it whenever a sheet or the tree changes */
  checkedAgainst: object | null;
  sheets: CssSheet[];
  ruleCounts: number[];
  byKey: Map<string, number[]>;
  unkeyed: number[];
  rules: CssRule[];
}

const { forEach, indexOf } = Array.prototype;
const parsedDefaultSheet: CssSheet = cssom.parse(defaultStyleSheet);
const indexes = new WeakMap<DocumentImpl, RuleIndex>();
const computedCaches = new WeakMap<object, WeakMap<ElementImpl, CssDeclaration>>();

/** The rules jsdom tries, in its order: top-level rules, and the rules of `@media` blocks that name `screen`. */
function flattenRules(sheets: CssSheet[]): CssRule[] {
  const rules: CssRule[] = [];
  for (const sheet of sheets) {
    forEach.call(sheet.cssRules, (rule: CssRule) => {
      if (rule.media) {
        if (indexOf.call(rule.media, 'screen') !== -1)
          forEach.call(rule.cssRules, (inner: CssRule) => rules.push(inner));
      } else {
        rules.push(rule);
      }
    });
  }
  return rules;
}

/** Splits at the commas, blanks and combinators outside brackets, parentheses and quotes. */
function splitTopLevel(text: string, separators: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && separators.includes(char)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The characters outside brackets, parentheses and quotes. */
function topLevelText(text: string): string {
  let depth = 0;
  let quote = '';
  let kept = '';
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) kept += char;
  }
  return kept;
}

/** A class (or else a tag name) the element must carry for the selector to match it, or null when it needs neither. */
function requiredKey(selector: string): string | null {
  const compounds = splitTopLevel(selector.trim(), ' \t\n\r\f>+~').filter((part) => part !== '');
  const last = topLevelText(compounds[compounds.length - 1] ?? '');
  if (last.includes('|')) return null;
  const className = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/.exec(last);
  if (className) return `.${className[1].toLowerCase()}`;
  const tagName = /^([a-zA-Z][a-zA-Z0-9-]*)/.exec(last);
  return tagName ? tagName[1].toLowerCase() : null;
}

/** The keys under which a rule is filed: [] never matches an element (no selector), null may match any element. */
function ruleKeys(rule: CssRule): string[] | null {
  const text = rule.selectorText;
  if (text === undefined) return [];
  if (text.includes('\\')) return null;
  const keys = splitTopLevel(text, ',').map(requiredKey);
  return keys.includes(null) ? null : (keys as string[]);
}

function buildIndex(sheets: CssSheet[], checkedAgainst: object | null): RuleIndex {
  const rules = flattenRules([parsedDefaultSheet, ...sheets]);
  const byKey = new Map<string, number[]>();
  const unkeyed: number[] = [];
  rules.forEach((rule, position) => {
    const keys = ruleKeys(rule);
    if (keys === null) return unkeyed.push(position);
    for (const key of new Set(keys)) {
      const bucket = byKey.get(key);
      if (bucket) bucket.push(position);
      else byKey.set(key, [position]);
    }
  });
  const ruleCounts = sheets.map((sheet) => sheet.cssRules.length);
  return { checkedAgainst, sheets: [...sheets], ruleCounts, byKey, unkeyed, rules };
}

function isCurrent(index: RuleIndex, sheets: CssSheet[]): boolean {
  return (
    index.sheets.length === sheets.length &&
    sheets.every((sheet, i) => sheet === index.sheets[i] && sheet.cssRules.length === index.ruleCounts[i])
  );
}

function currentIndex(document: DocumentImpl): RuleIndex {
  const sheets = document.styleSheets._list;
  let index = indexes.get(document);
  if (index && index.checkedAgainst !== null && index.checkedAgainst === document._styleCache) return index;
  if (!index || !isCurrent(index, sheets)) index = buildIndex(sheets, document._styleCache);
  else index.checkedAgainst = document._styleCache;
  indexes.set(document, index);
  return index;
}

function candidateRules(index: RuleIndex, element: ElementImpl): CssRule[] {
  const classes = (element.getAttributeNS(null, 'class') ?? '').toLowerCase().split(/[ \t\n\f\r]+/);
  const keys = [element.localName.toLowerCase(), ...classes.map((name) => `.${name}`)];
  const positions = new Set(index.unkeyed);
  for (const key of keys) index.byKey.get(key)?.forEach((position) => positions.add(position));
  return [...positions].sort((a, b) => a - b).map((position) => index.rules[position]);
}

function copyProperty(target: CssDeclaration, source: CssDeclaration, property: string) {
  const value = source.getPropertyValue(property);
  // https://drafts.csswg.org/css-cascade-4/#valdef-all-unset
  if (value === 'unset') target.removeProperty(property);
  else target.setProperty(property, value, source.getPropertyPriority(property));
}

/** jsdom's getDeclarationForElement over the candidate rules only. */
function declarationForElement(element: ElementImpl): CssDeclaration {
  const document = element._ownerDocument;
  // jsdom can drop its cache while an answer is computed (seen with MUI's TextareaAutosize): fill the one it was read from
  const styleCache = (document._styleCache ??= new WeakMap());
  const cached = styleCache.get(element);
  if (cached) return cached;
  const index = currentIndex(document);
  const declaration: CssDeclaration = new CSSStyleDeclaration();
  for (const rule of candidateRules(index, element)) {
    if (matchesDontThrow(element, rule.selectorText))
      forEach.call(rule.style, (p: string) => copyProperty(declaration, rule.style, p));
  }
  forEach.call(element.style, (p: string) => copyProperty(declaration, element.style, p));
  styleCache.set(element, declaration);
  return declaration;
}

/** jsdom's window.getComputedStyle, answered from a cache that lives as long as jsdom's own. */
function computedStyle(element: Element): CSSStyleDeclaration {
  const elementImpl: ElementImpl | undefined = idlUtils.implForWrapper(element);
  if (!elementImpl?.localName) return jsdomGetComputedStyle(element);
  const document = elementImpl._ownerDocument;
  const cacheKey = (document._styleCache ??= new WeakMap());
  const ownDeclaration = declarationForElement(elementImpl);
  let cache = computedCaches.get(cacheKey);
  if (!cache) computedCaches.set(cacheKey, (cache = new WeakMap()));
  let declaration = cache.get(elementImpl);
  if (!declaration) {
    declaration = new CSSStyleDeclaration() as CssDeclaration;
    forEach.call(ownDeclaration, (p: string) =>
      declaration!.setProperty(p, ownDeclaration.getPropertyValue(p), ownDeclaration.getPropertyPriority(p)),
    );
    for (const property of Object.keys(styleRules.propertiesWithResolvedValueImplemented)) {
      declaration.setProperty(property, styleRules.getResolvedValue(elementImpl, property));
    }
    cache.set(elementImpl, declaration);
  }
  return declaration as unknown as CSSStyleDeclaration;
}

export function jsdomComputedStyle(element: Element): CSSStyleDeclaration {
  return jsdomGetComputedStyle(element);
}

const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
const jsdomDeclarationForElement = styleRules.getDeclarationForElement;

/** Installs the indexed matching; `restore` puts jsdom's own back (for the comparison test). */
export function installIndexedComputedStyle() {
  styleRules.getDeclarationForElement = declarationForElement;
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) =>
    pseudoElement ? jsdomGetComputedStyle(element, pseudoElement) : computedStyle(element);
  return function restore() {
    styleRules.getDeclarationForElement = jsdomDeclarationForElement;
    window.getComputedStyle = jsdomGetComputedStyle;
  };
}
