import { describe, expect, it } from 'vitest';
import { firstChangedLine, lineDiff, scrollTopToShow } from './line-diff';

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

describe('where the conflict prompt opens each side', () => {
  it('finds the first differing line on each side, and says when a side has none', () => {
    const before = Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 47', 'line 47 edited');
    const diff = lineDiff(before, after);
    expect(firstChangedLine(diff.before)).toBe(47);
    expect(firstChangedLine(diff.after)).toBe(47);
    expect(firstChangedLine(lineDiff('a\nb', 'a\nb').before)).toBe(-1);
    // Only added lines: the disk's side has nothing to go to, the written side does.
    const added = lineDiff('a\nb', 'a\nx\nb');
    expect(firstChangedLine(added.before)).toBe(-1);
    expect(firstChangedLine(added.after)).toBe(1);
  });

  it('scrolls a line below the view up to a third of the way down, and one above it back into view', () => {
    // Box 300px tall at y=100, scrolled 0; the line is 900px further down.
    expect(scrollTopToShow({ top: 1000, height: 18 }, { top: 100, height: 300, scrollTop: 0 })).toBe(800);
    // Scrolled past it: back up, never below 0.
    expect(scrollTopToShow({ top: 40, height: 18 }, { top: 100, height: 300, scrollTop: 500 })).toBe(340);
    expect(scrollTopToShow({ top: 90, height: 18 }, { top: 100, height: 300, scrollTop: 20 })).toBe(0);
  });

  it('leaves the scroll alone when the line is already fully in view, and moves it when only partly', () => {
    expect(scrollTopToShow({ top: 150, height: 18 }, { top: 100, height: 300, scrollTop: 70 })).toBe(70);
    expect(scrollTopToShow({ top: 390, height: 18 }, { top: 100, height: 300, scrollTop: 0 })).toBe(190);
  });
});
