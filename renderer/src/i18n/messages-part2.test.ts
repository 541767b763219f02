import { describe, expect, it } from 'vitest';
import { part2En, part2Ko, translate2, type Part2Key } from './messages-part2';
import { en } from './en';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
// Protocol and product words that read the same in Korean.
const sameInBoth = new Set<Part2Key>(['card.sig.jwks', 'card.if.url', 'checks.group.list-tasks', 'history.source.cli']);

describe('part 2 strings', () => {
  it('has a Korean string for every English key, with the same placeholders', () => {
    for (const key of Object.keys(part2En) as Part2Key[]) {
      expect(part2Ko[key], key).toBeTruthy();
      expect(placeholders(part2Ko[key]), key).toEqual(placeholders(part2En[key]));
    }
  });

  it('translates rather than copies', () => {
    const copied = (Object.keys(part2En) as Part2Key[]).filter((k) => part2Ko[k] === part2En[k] && !sameInBoth.has(k));
    expect(copied).toEqual([]);
    const hangul = (Object.keys(part2En) as Part2Key[]).filter((k) => /[가-힣]/.test(part2Ko[k]));
    expect(hangul.length / Object.keys(part2En).length).toBeGreaterThan(0.95);
  });

  it('keeps the control names the issues give, and gives them Korean names', () => {
    const names: Array<[Part2Key, string]> = [
      ['cards.url', 'Card URL'],
      ['cards.fetch', 'Fetch card'],
      ['card.if.apply', 'Apply interface'],
      ['card.sig.jwks', 'JWKS'],
      ['card.sig.verify', 'Verify signature'],
      ['docs.copyForLlm', 'Copy for LLM'],
      ['checks.run', 'Check agent'],
      ['servergen.generate', 'Generate server'],
    ];
    for (const [key, name] of names) {
      expect(translate2('en', key), key).toBe(name);
      if (key !== 'card.sig.jwks') expect(translate2('ko', key), key).toMatch(/[가-힣]/);
    }
  });

  it('does not collide with part 1 keys (one namespace per feature)', () => {
    const clash = Object.keys(part2En).filter((k) => k in en);
    expect(clash).toEqual([]);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate2('en', 'card.sig.summary', { valid: 1, total: 2 })).toBe('1 of 2 signatures valid.');
    expect(translate2('ko', 'card.sig.summary', { valid: 1, total: 2 })).toBe('서명 2개 중 1개 유효.');
    expect(translate2('en', 'card.sig.summary')).toBe('{valid} of {total} signatures valid.');
  });
});

describe('accessible names stay unambiguous', () => {
  // People and tests find controls by role and (sub)string of the name: no other control label may contain these.
  const issueNames: Part2Key[] = ['cards.url', 'cards.fetch', 'card.if.apply', 'card.sig.jwks', 'card.sig.verify', 'docs.copyForLlm', 'checks.run', 'servergen.generate'];
  const controlLabels: Part2Key[] = [
    ...issueNames,
    'cards.inspect', 'cards.pasteLabel', 'cards.as', 'card.ext.fetch', 'card.sig.loadFile', 'card.sig.copyCanonical', 'card.if.showRequest',
    'card.if.withoutAuth', 'card.if.carryAuth', 'card.copyJson', 'import.button', 'import.prefix', 'import.snapshot',
    'checks.stop', 'checks.target', 'checks.rerun', 'checks.useRequest', 'checks.saveJson', 'checks.saveJunit', 'checks.filterText',
    'checks.filterGroup', 'checks.filterLevel', 'checks.filterInterface', 'checks.binding', 'checks.version',
    'docs.run', 'docs.open', 'save.file', 'save.path', 'save.fileName', 'save.summary', 'save.save', 'save.replace', 'save.showDocs',
    'servergen.outDir', 'servergen.name', 'servergen.fromSpec', 'servergen.copySteps', 'specs.saveActive', 'specs.newFile', 'specs.newFileName',
    'specs.create', 'specs.refresh', 'history.search', 'history.refresh', 'history.clear', 'history.reopen', 'history.fullBodies',
    'view.close', 'tools.menu', 'tools.shortcuts', 'tools.settings', 'conflict.reload', 'conflict.overwrite', 'conflict.saveAs',
    'conflict.newPath', 'conflict.cancel', 'common2.close', 'common2.cancel',
  ];
  it.each(['en', 'ko'] as const)('in %s', (locale) => {
    for (const name of issueNames) {
      const wanted = translate2(locale, name).toLowerCase();
      const containing = controlLabels.filter((k) => k !== name && translate2(locale, k).toLowerCase().includes(wanted));
      expect(containing, `${locale} ${name}`).toEqual([]);
    }
  });
});
