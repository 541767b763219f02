import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

const changed = (lines: Array<{ text: string; change: string }>): string[] => lines.filter((l) => l.change === 'changed').map((l) => l.text);

describe('lineDiff', () => {
  it('marks only the lines that differ, on each side', () => {
    const before = ['{', '  "summary": "Get",', '  "description": "Changed outside",', '  "x-a2a": {', '    "endpoint": "http://a/rpc"', '  }', '}'].join('\n');
    const after = ['{', '  "summary": "Get",', '  "x-a2a": {', '    "endpoint": "http://b/rpc"', '  }', '}'].join('\n');
    const diff = lineDiff(before, after);
    expect(changed(diff.before)).toEqual(['  "description": "Changed outside",', '    "endpoint": "http://a/rpc"']);
    expect(changed(diff.after)).toEqual(['    "endpoint": "http://b/rpc"']);
    expect(diff.before.map((l) => l.text).join('\n')).toBe(before);
    expect(diff.after.map((l) => l.text).join('\n')).toBe(after);
  });

  it('equal texts have no marks; an empty side marks every line of the other', () => {
    expect(changed(lineDiff('a\nb', 'a\nb').before)).toEqual([]);
    expect(changed(lineDiff('', 'x\ny').after)).toEqual(['x', 'y']);
  });

  it('texts too large for the table still mark what is not on the other side', () => {
    const big = Array.from({ length: 3000 }, (_, k) => `line ${k}`);
    const diff = lineDiff(big.join('\n'), [...big.slice(0, 1500), 'new line', ...big.slice(1500)].join('\n'));
    expect(changed(diff.after)).toEqual(['new line']);
    expect(changed(diff.before)).toEqual([]);
  });
});
