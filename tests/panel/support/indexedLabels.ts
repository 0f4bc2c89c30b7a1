/**
 * jsdom finds a form control's labels by walking the whole document and asking every node for its control, and a label's
 * control by walking the document again for its `for` id. Testing Library computes the accessible name of every button and
 * field a role query looks at, so a query on a form cost a walk of the document per label per control: an eighth of the
 * panel tests' time. These getters answer the same from the document's labels and its id index.
 * `common/indexed-labels.test.tsx` compares them with jsdom's own on a rendered form.
 */

const LABELABLE = [
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLMeterElement',
  'HTMLOutputElement',
  'HTMLProgressElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
] as const;
const LABELABLE_TAGS = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea', 'input']);

function isLabelable(element: Element): boolean {
  if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !LABELABLE_TAGS.has(element.localName)) return false;
  return element.localName !== 'input' || (element as HTMLInputElement).type !== 'hidden';
}

/** The first element with this id in tree order under `root` (a document answers from its index). */
function elementWithId(root: Node, id: string): Element | null {
  if (root instanceof Document) return root.getElementById(id);
  const scope = root as ParentNode & Node;
  if (root instanceof Element && root.id === id) return root;
  return scope.querySelector?.(`[id="${id.replace(/["\\]/g, '\\$&')}"]`) ?? null;
}

function control(this: HTMLLabelElement): Element | null {
  const forValue = this.getAttribute('for');
  if (forValue === null) return [...this.querySelectorAll('*')].find(isLabelable) ?? null;
  if (forValue === '') return null;
  const target = elementWithId(this.getRootNode(), forValue);
  return target && isLabelable(target) ? target : null;
}

function labels(this: Element): HTMLLabelElement[] | null {
  if (!isLabelable(this)) return null;
  const root = this.getRootNode() as ParentNode & Node;
  const candidates = [...(root instanceof HTMLLabelElement ? [root] : []), ...(root.querySelectorAll?.('label') ?? [])];
  return candidates.filter((label) => label.control === this);
}

/** jsdom's own getters, by prototype: installing twice keeps them. */
const jsdomGetters = new WeakMap<object, PropertyDescriptor>();

function replaceGetter(prototype: object, name: string, get: () => unknown) {
  if (!jsdomGetters.has(prototype)) jsdomGetters.set(prototype, Object.getOwnPropertyDescriptor(prototype, name)!);
  Object.defineProperty(prototype, name, { get, configurable: true, enumerable: true });
}

const prototypes = () => [
  [HTMLLabelElement.prototype, 'control', control] as const,
  ...LABELABLE.map(
    (name) => [(window as unknown as Record<string, { prototype: object }>)[name].prototype, 'labels', labels] as const,
  ),
];

/** Replaces jsdom's getters of this window; answers a function that puts jsdom's back. */
export function installIndexedLabels(): () => void {
  for (const [prototype, name, get] of prototypes()) replaceGetter(prototype, name, get);
  return function restore() {
    for (const [prototype, name] of prototypes()) Object.defineProperty(prototype, name, jsdomGetters.get(prototype)!);
  };
}
