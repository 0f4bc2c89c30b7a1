/** One message module's texts: the panel's own keys (caredesk.<area>.*) and react-admin's resource keys (resources.<name>.*). */
export interface AreaMessages {
  caredesk?: Record<string, unknown>;
  resources?: Record<string, { name: string }>;
}

/**
 * A language folder's modules merged into one set of texts. Each language's index.ts finds its folder's modules by file name,
 * so a new area's texts need no list entry; a module missing in one language fails the test that compares the languages' keys.
 */
export function mergeAreaMessages(modules: Record<string, AreaMessages>) {
  const areas = Object.values(modules);
  return {
    caredesk: Object.assign({}, ...areas.map((area) => area.caredesk)) as Record<string, unknown>,
    resources: Object.assign({}, ...areas.map((area) => area.resources)) as Record<string, { name: string }>,
  };
}
