/**
 * A variable's value may itself use variables (`base = http://{{host}}:{{port}}`), as in Postman and
 * Insomnia: a reference is filled with its value, and that value's own references in turn, before
 * anything is sent or shown. A chain that comes back to itself (a → b → a) or runs deeper than
 * MAX_NESTING never gets a value: the resolver reports it, and the send is refused naming it.
 *
 * Pure: the caller says what each name holds. A secret's value is used as stored and never read for
 * references (a password may contain `{{`, and a refusal must never quote part of a secret).
 */
import { referenceSource } from './variable-syntax';

/** How deep values may refer to other values (a → b → … ): far beyond any real environment. */
export const MAX_NESTING = 16;
/** An expanded value larger than this is refused: an imported environment could otherwise fan out without end. */
export const MAX_EXPANDED_CHARS = 1024 * 1024;

/**
 * What a name holds: text, whose references are filled in turn, or `{ literal }`, used exactly as
 * given (a secret's value, a dynamic variable's fresh value).
 */
export type VariableValue = string | { literal: string };

/** Why a name got no value although it is defined: the path runs from the first name used to where it failed. */
export interface NestingProblem {
  kind: 'cycle' | 'depth' | 'size';
  path: string[];
}

export interface NestingReport {
  /** Names referenced inside values that have no value themselves. */
  missing?: Set<string>;
  /** For each name in `missing`: the variable whose value uses it (the first seen), for the refusal to say where it came from. */
  usedBy?: Map<string, string>;
  problems?: NestingProblem[];
}

/**
 * A lookup that answers a name with its value fully expanded (undefined when the name itself has
 * no value). Names missing deeper down go into `report.missing` and stay as written; a cycle, a
 * chain deeper than MAX_NESTING or an oversized value goes into `report.problems`.
 */
export function nestedLookup(lookup: (name: string) => VariableValue | undefined, report: NestingReport = {}): (name: string) => string | undefined {
  // A value without dynamic variables expands the same way every time: remembered, so a value used
  // many times (or a wide fan-out of references) costs one expansion per name. `below` is how many
  // names its longest chain runs under it, so the depth rule holds whichever use expanded it first.
  const settled = new Map<string, Expanded>();
  const pattern = new RegExp(referenceSource, 'g');
  const problem = (kind: NestingProblem['kind'], path: string[]): void => {
    const key = path.join('\u0000');
    if (!report.problems?.some((p) => p.kind === kind && p.path.join('\u0000') === key)) report.problems?.push({ kind, path });
  };
  const expand = (name: string, stack: readonly string[]): Expanded | undefined => {
    const remembered = settled.get(name);
    if (remembered !== undefined) return remembered;
    const found = lookup(name);
    if (found === undefined) return undefined;
    if (typeof found !== 'string') return { text: found.literal, fresh: name.startsWith('$'), below: 0 };
    if (!found.includes('{{')) return { text: found, fresh: false, below: 0 };
    const path = [...stack, name];
    let fresh = false;
    let failed = false;
    let below = 0;
    const text = found.replace(pattern, (all, inner: string) => {
      if (failed) return all;
      const seen = path.indexOf(inner);
      if (seen !== -1) {
        problem('cycle', [...path.slice(seen), inner]);
        failed = true;
        return all;
      }
      const value = path.length < MAX_NESTING ? expand(inner, path) : undefined;
      if (path.length >= MAX_NESTING || (value && path.length + 1 + value.below > MAX_NESTING)) {
        problem('depth', [...path, inner]);
        failed = true;
        return all;
      }
      if (value === undefined) {
        report.missing?.add(inner);
        if (report.usedBy && !report.usedBy.has(inner)) report.usedBy.set(inner, name);
        return all;
      }
      fresh ||= value.fresh;
      below = Math.max(below, value.below + 1);
      return value.text;
    });
    if (text.length > MAX_EXPANDED_CHARS) {
      problem('size', path);
      return { text: found, fresh: true, below };
    }
    const expanded = { text, fresh: fresh || failed, below };
    // A failed expansion is not remembered: every use reports it (and it refuses the send anyway).
    if (!expanded.fresh) settled.set(name, expanded);
    return expanded;
  };
  return (name) => expand(name, [])?.text;
}

interface Expanded {
  text: string;
  /** Holds a dynamic variable's value (or failed): expanded anew at each use. */
  fresh: boolean;
  below: number;
}

/** `a → b → a`: a problem's path as a refusal names it. */
export function nestingPath(path: readonly string[]): string {
  return path.map((name) => `{{${name}}}`).join(' → ');
}

/** What a refusal says about each problem (nothing of any value is quoted); `environment` is where the values are. */
export function nestingProblemMessage(problems: readonly NestingProblem[], environment?: string): string {
  const sentences = problems.map((p) => {
    switch (p.kind) {
      case 'cycle':
        return p.path.length === 2
          ? `The variable {{${p.path[0]}}} uses itself in its own value, so it never gets one.`
          : `The variables refer to each other in a loop (${nestingPath(p.path)}), so none of them gets a value.`;
      case 'depth':
        return `Variables refer to variables more than ${MAX_NESTING} levels deep (${nestingPath(p.path)}); a value may use others, but not that deep.`;
      case 'size':
        return `The variable {{${p.path[p.path.length - 1]}}} grows past ${MAX_EXPANDED_CHARS / 1024 / 1024} MB once the variables in its value are filled in (${nestingPath(p.path)}).`;
    }
  });
  return `${sentences.join(' ')} Change one of these values${environment ? ` in the environment "${environment}"` : ''}. Nothing was sent.`;
}
