import type { CheckDefinition } from './check-types';

/** docs/checks.md holds this block between the markers; scripts/checks-doc.mjs rewrites it, a test keeps it current. */
export const checksDocBegin = '<!-- checks-catalogue:begin (generated from shared/checks/check-catalog.ts by scripts/checks-doc.mjs; do not edit) -->';
export const checksDocEnd = '<!-- checks-catalogue:end -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function levels(check: CheckDefinition): string {
  const on = Object.entries(check.levelOn ?? {}).map(([binding, level]) => `${level} on ${binding}`);
  return on.length > 0 ? `${check.level} (${on.join(', ')})` : check.level;
}

/** The catalogue as Markdown: every check with its level per profile and the sentence the level rests on. */
export function renderChecksDoc(catalog: readonly CheckDefinition[]): string {
  const lines = [
    checksDocBegin,
    '',
    '### Levels, profiles and sources',
    '',
    `${catalog.length} checks. **spec** is the default profile; **strict** (\`--profile strict\`, the UI's Strict toggle) changes only the rows that name a strict level.`,
    '',
    '| check | spec | strict | source | keyword | the rule (paraphrased) |',
    '|---|---|---|---|---|---|',
  ];
  for (const check of catalog) {
    const source = `${check.source.document} ${check.source.section}`;
    const sentence = check.strict ? `${check.source.sentence} *Strict:* ${check.strict.rule}` : check.source.sentence;
    lines.push(
      `| \`${check.id}\` | ${levels(check)} | ${check.strict ? check.strict.level : '='} | ${cell(source)} | ${check.source.keyword} | ${cell(sentence)} |`,
    );
  }
  lines.push('', '### What each check sends and expects', '', '| check | sends | expects |', '|---|---|---|');
  for (const check of catalog) lines.push(`| \`${check.id}\` | ${cell(check.sends)} | ${cell(check.expects)} |`);
  lines.push('', checksDocEnd);
  return lines.join('\n');
}

/** Replaces the generated block in the document (or reports that the markers are missing). */
export function withChecksDoc(document: string, catalog: readonly CheckDefinition[]): string {
  const begin = document.indexOf(checksDocBegin);
  const end = document.indexOf(checksDocEnd);
  if (begin < 0 || end < begin) throw new Error('docs/checks.md has no generated catalogue block (markers missing).');
  return `${document.slice(0, begin)}${renderChecksDoc(catalog)}${document.slice(end + checksDocEnd.length)}`;
}
