import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { ko } from './ko';
import { methodSummary } from './method-summaries';
import { allMethods } from '../../../shared/a2a/catalogue';

/**
 * One Korean word per concept (issue 20), the glossary DEVELOPERS.md gives translators. `en` finds the
 * English strings that name the concept (placeholders and search prefixes like `task:` aside); each of
 * those says the chosen word in Korean, and no Korean string anywhere says a banned one.
 */
const glossary = [
  { concept: 'secret (a value in the secret store)', en: /\bsecrets?\b/i, ko: '시크릿', banned: ['비밀'] },
  { concept: 'A2A task', en: /\btasks?\b(?!:)/i, ko: '태스크', banned: ['작업', '타스크'] },
  { concept: 'OpenAPI operation', en: /\boperations?\b/i, ko: '오퍼레이션', banned: ['작업', '연산'] },
  { concept: 'spec (an OpenAPI file)', en: /\bspecs?\b/i, ko: '스펙', banned: ['명세'] },
  // "JSON-RPC params" names the protocol's field and stays as it is.
  { concept: 'parameter (query, path, header)', en: /(?<!JSON-RPC )\bparam(?:eter)?s?\b/i, ko: '매개변수', banned: ['파라미터'] },
] as const;

/** Words that contain a banned one but mean something else; each says why it may stay. */
const allowed = [
  { word: '비밀번호', reason: 'password (Basic auth), a field of its own, not a stored secret' },
  { word: '작업 공간', reason: 'workspace: the folder of spec files, neither a task nor an operation' },
  { word: '작업 디렉터리', reason: 'working directory (a stdio server starts in it), the usual Korean term, neither a task nor an operation' },
] as const;

const keys = Object.keys(en) as MessageKey[];
const withoutAllowed = (text: string): string => allowed.reduce((rest, a) => rest.split(a.word).join(' '), text);
const englishWords = (text: string): string => text.replace(/\{[^{}]*\}/g, ' ');

/** Every Korean string the page shows: the catalogue and the method picker's one-liners. */
const koreanStrings: { where: string; text: string }[] = [
  ...keys.map((key) => ({ where: key, text: ko[key] })),
  ...allMethods.map((method) => ({ where: `method ${method.name}`, text: methodSummary('ko', method) })),
];

describe('Korean glossary', () => {
  it.each(glossary)('says $ko for $concept wherever the English names it', ({ en: pattern, ko: word }) => {
    const naming = keys.filter((key) => pattern.test(englishWords(en[key])));
    // The table is about words people meet often; a pattern that matched nothing would prove nothing.
    expect(naming.length).toBeGreaterThan(10);
    expect(naming.filter((key) => !ko[key].includes(word))).toEqual([]);
    const methods = allMethods.filter((method) => pattern.test(method.summary));
    expect(methods.filter((method) => !methodSummary('ko', method).includes(word)).map((m) => m.name)).toEqual([]);
  });

  it.each(glossary)('never says $banned for $concept', ({ banned }) => {
    const offenders = koreanStrings.filter(({ text }) => banned.some((word) => withoutAllowed(text).includes(word))).map((s) => `${s.where}: ${s.text}`);
    expect(offenders).toEqual([]);
  });

  it('gives task and operation different words', () => {
    const [task, operation] = [glossary[1], glossary[2]];
    expect(task.ko).not.toBe(operation.ko);
    expect(task.banned).not.toContain(operation.ko);
    expect(operation.banned).not.toContain(task.ko);
  });

  it('catches a banned word, and lets an allowed compound through', () => {
    expect(withoutAllowed('저장된 비밀 선택')).toContain('비밀');
    expect(withoutAllowed('사용자 이름과 비밀번호')).not.toContain('비밀');
    expect(withoutAllowed('작업 공간의 파일')).not.toContain('작업');
    expect(withoutAllowed('작업 취소')).toContain('작업');
  });
});
