import { describe, expect, it } from 'vitest';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { groupOperations } from './operation-groups';

const http = (path: string, tags?: string[]): SpecOperationSummary => ({
  path,
  httpMethod: 'get',
  kind: 'other',
  protocolGroup: 'http',
  ...(tags ? { tags } : {}),
});

describe('the sidebar groups operations by protocol, then by first tag', () => {
  it('keeps untagged operations first, then each tag in the order it first appears, file order inside', () => {
    const ops = [
      http('/a', ['Pets']),
      http('/b'),
      http('/c', ['Pets / Admin', 'Other']),
      http('/d', ['Pets']),
      { path: '/x', httpMethod: 'post', kind: 'a2a' as const },
    ];
    const groups = groupOperations(ops);
    expect(groups.map((g) => g.protocol)).toEqual(['a2a', 'http']);
    const httpGroup = groups[1];
    expect(httpGroup?.untagged.map((o) => o.op.path)).toEqual(['/b']);
    expect(httpGroup?.tagged.map((g) => [g.tag, g.ops.map((o) => [o.op.path, o.index])])).toEqual([
      [
        'Pets',
        [
          ['/a', 0],
          ['/d', 3],
        ],
      ],
      ['Pets / Admin', [['/c', 2]]],
    ]);
  });
});
