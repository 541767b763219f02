/**
 * Helpers that must exist once (issue 20): a second copy is how readers of the same data start to disagree.
 * Reads the sources as text (tests, fixtures and the separate demo package are outside this rule).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sources = execFileSync('git', ['ls-files', 'shared', 'electron', 'renderer', 'scripts', 'bin', 'bench'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file));

/** Each line that matches, as `file: line` (the text, not its number, so an edit elsewhere in the file does not matter). */
function placesOf(pattern: RegExp): string[] {
  return sources.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `${file}: ${line.trim()}`),
  );
}

describe('one definition of each shared helper', () => {
  it('one plain-object test: shared/a2a/payload.ts isObject, under no other name and not written inline', () => {
    // Any spelling on one line that asks of the same value both `typeof … === 'object'` and
    // `!Array.isArray(…)`, whatever tests for null (`x &&`, `x !== null`, `x != null`) and in either order.
    const inline = /typeof ([\w$.]+) ===? ['"]object['"].*!Array\.isArray\(\1\)|!Array\.isArray\(([\w$.]+)\).*typeof \2 ===? ['"]object['"]/;
    for (const spelling of [
      "if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {",
      "return typeof x === 'object' && x !== null && !Array.isArray(x);",
      "const ok = x != null && typeof x == 'object' && !Array.isArray(x);",
      "return !Array.isArray(doc.info) && typeof doc.info === 'object' && doc.info !== null;",
    ])
      expect(inline.test(spelling), spelling).toBe(true);
    expect(inline.test("typeof r === 'object' && r !== null && !Array.isArray(other)")).toBe(false);
    expect(placesOf(inline)).toEqual(["shared/a2a/payload.ts: return typeof value === 'object' && value !== null && !Array.isArray(value);"]);
    expect(placesOf(/\b(isJsonObject|isPlainObject|isRecord|isObj)\b/)).toEqual([]);
  });

  it('one task-state reader and terminal test', () => {
    expect(placesOf(/(function|const) (isTerminalState|taskStateName|normali[sz]eState)\b/)).toEqual([
      'shared/a2a/payload.ts: export function taskStateName(state: unknown): TaskStateName | undefined {',
      'shared/a2a/payload.ts: export function isTerminalState(state: unknown): boolean {',
    ]);
  });

  it("the browser host's token header and the bridge's name are written once, in shared/contract", () => {
    expect(placesOf(/x-powerduck-token/)).toEqual(["shared/contract/web-wire.ts: export const webTokenHeader = 'x-powerduck-token';"]);
    // Both sides of the bridge name it through bridgeGlobal (preload exposes it, ipc-host looks it up).
    expect(placesOf(/exposeInMainWorld\(['"]|\?\.powerduck\b|powerduck\?:/)).toEqual([]);
  });
});
