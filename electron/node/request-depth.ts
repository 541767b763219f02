/**
 * How deep a request may nest. The core's walks over request values (card canonicalisation, redaction,
 * variables, the JSON-RPC body, the history record) recurse, so a request nested thousands of levels
 * deep ended as a stack overflow ("Maximum call stack size exceeded", answered as `internal`) at
 * whichever walk met it first. The dispatcher refuses such a request once, before any handler runs.
 * Real requests (cards, bodies, drafts) nest a few dozen levels; 512 is also where the variables
 * resolver stops looking.
 */
export const maxRequestDepth = 512;

/** Nodes visited before giving up: bounds the walk for huge or shared (in-process, possibly cyclic) values. */
const maxNodesVisited = 2_000_000;

/** True when `value` nests objects or arrays deeper than `maxDepth`. Iterative: the check itself cannot overflow. */
export function nestsDeeperThan(value: unknown, maxDepth: number = maxRequestDepth): boolean {
  if (value === null || typeof value !== 'object') return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  let visited = 0;
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    if (++visited > maxNodesVisited) return false;
    // No Object.values: the walk runs on every request (every Send), so it allocates nothing per node.
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        const child: unknown = (current as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}
