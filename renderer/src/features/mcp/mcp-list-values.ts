/**
 * What was typed into a resource template's variables or a prompt's arguments, per tab and item,
 * kept while the app runs: the lists remount on every sub-tab switch, and a value typed there should
 * still be there on the way back. Page memory only, never saved (a value may be a secret); closing
 * the tab lets go of it.
 */
const kept = new Map<string, Record<string, string>>();

export type ListItem = { kind: 'template'; uriTemplate: string } | { kind: 'prompt'; name: string };

function keyOf(tabId: string, item: ListItem): string {
  return `${tabId}\u0000${item.kind}\u0000${item.kind === 'template' ? item.uriTemplate : item.name}`;
}

export function listValues(tabId: string, item: ListItem): Record<string, string> {
  return kept.get(keyOf(tabId, item)) ?? {};
}

export function keepListValues(tabId: string, item: ListItem, values: Record<string, string>): void {
  kept.set(keyOf(tabId, item), values);
}

export function forgetListValues(tabId: string): void {
  for (const key of kept.keys()) if (key.startsWith(`${tabId}\u0000`)) kept.delete(key);
}
