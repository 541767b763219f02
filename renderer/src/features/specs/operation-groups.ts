/**
 * How the Specs sidebar groups a file's operations: by protocol (A2A, MCP, then plain HTTP), and
 * within a protocol by the operation's first OpenAPI tag (an imported Postman folder becomes one),
 * untagged operations first, then each tag in the order it first appears; file order inside a group.
 */
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { isMcpOperation } from '../mcp';

export type ProtocolGroup = 'a2a' | 'mcp' | 'http';

export interface IndexedOperation {
  op: SpecOperationSummary;
  /** Position in the file's list (stable ids for the rows). */
  index: number;
}

export interface OperationGroup {
  protocol: ProtocolGroup;
  /** Operations without a tag. */
  untagged: IndexedOperation[];
  tagged: Array<{ tag: string; ops: IndexedOperation[] }>;
}

export function groupOperations(operations: readonly SpecOperationSummary[]): OperationGroup[] {
  const groups = new Map<ProtocolGroup, OperationGroup>(
    (['a2a', 'mcp', 'http'] as const).map((protocol) => [protocol, { protocol, untagged: [], tagged: [] }]),
  );
  operations.forEach((op, index) => {
    const group = groups.get(op.kind === 'a2a' ? 'a2a' : isMcpOperation(op) ? 'mcp' : 'http') as OperationGroup;
    const tag = op.tags?.[0];
    if (tag === undefined) return void group.untagged.push({ op, index });
    const existing = group.tagged.find((g) => g.tag === tag);
    if (existing) existing.ops.push({ op, index });
    else group.tagged.push({ tag, ops: [{ op, index }] });
  });
  return [...groups.values()].filter((g) => g.untagged.length || g.tagged.length);
}
