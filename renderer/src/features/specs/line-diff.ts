/**
 * Two texts side by side with the lines that differ marked: the conflict prompt's comparison of the
 * operation on disk with what a save would write. A longest-common-subsequence over lines; texts too big
 * for the table (an operation with a huge example) fall back to "is this line anywhere on the other side".
 */
export type LineChange = 'same' | 'changed';

export interface DiffLine {
  text: string;
  change: LineChange;
}

/** Above this many cells the LCS table would cost more than a prompt should: compare by presence. */
const MAX_CELLS = 4_000_000;

export function lineDiff(before: string, after: string): { before: DiffLine[]; after: DiffLine[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > MAX_CELLS) {
    const inA = new Set(a);
    const inB = new Set(b);
    return {
      before: a.map((text) => ({ text, change: inB.has(text) ? 'same' : 'changed' })),
      after: b.map((text) => ({ text, change: inA.has(text) ? 'same' : 'changed' })),
    };
  }
  // lengths[i][j] = LCS length of a[i..] and b[j..], kept in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
  const left: DiffLine[] = [];
  const right: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      left.push({ text: a[i] as string, change: 'same' });
      right.push({ text: b[j] as string, change: 'same' });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && (lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number))) {
      left.push({ text: a[i] as string, change: 'changed' });
      i++;
    } else {
      right.push({ text: b[j] as string, change: 'changed' });
      j++;
    }
  }
  return { before: left, after: right };
}

/** The index of the first line that differs, or -1 when none does: where the prompt opens each side. */
export function firstChangedLine(lines: readonly DiffLine[]): number {
  return lines.findIndex((line) => line.change === 'changed');
}

/**
 * The scroll position that brings a line into a scrolled box, a third of the way down so the lines
 * before it give context; unchanged when the line is already fully in view. Positions are the
 * line's and the box's top edges on screen (getBoundingClientRect), so the box needs no positioning.
 */
export function scrollTopToShow(line: { top: number; height: number }, box: { top: number; height: number; scrollTop: number }): number {
  const offset = line.top - box.top;
  if (offset >= 0 && offset + line.height <= box.height) return box.scrollTop;
  return Math.max(0, Math.round(box.scrollTop + offset - box.height / 3));
}
