import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from './i18n';

describe('control names', () => {
  it('keeps the control names the issues give, and gives them Korean names', () => {
    const names: Array<[MessageKey, string]> = [
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
      expect(translate('en', key), key).toBe(name);
      if (key !== 'card.sig.jwks') expect(translate('ko', key), key).toMatch(/[가-힣]/);
    }
  });

  it('keeps the names of the request pane tools', () => {
    expect(translate('en', 'notKept.title')).toBe('Body not kept');
    expect(translate('en', 'copy.button')).toBe('Copy response');
    expect(translate('en', 'code.button')).toBe('Code');
  });
});

describe('accessible names stay unambiguous', () => {
  // People and tests find controls by role and (sub)string of the name: no other control label may contain these.
  const issueNames: MessageKey[] = [
    'cards.url',
    'cards.fetch',
    'card.if.apply',
    'card.sig.jwks',
    'card.sig.verify',
    'docs.copyForLlm',
    'checks.run',
    'servergen.generate',
  ];
  const controlLabels: MessageKey[] = [
    ...issueNames,
    'cards.inspect',
    'cards.pasteLabel',
    'cards.as',
    'card.ext.fetch',
    'card.sig.loadFile',
    'card.sig.copyCanonical',
    'card.if.showRequest',
    'card.if.withoutAuth',
    'card.if.carryAuth',
    'card.copyJson',
    'cardImport.button',
    'cardImport.prefix',
    'cardImport.snapshot',
    'checks.stop',
    'checks.target',
    'checks.rerun',
    'checks.useRequest',
    'checks.saveJson',
    'checks.saveJunit',
    'checks.filterText',
    'checks.filterGroup',
    'checks.filterLevel',
    'checks.filterInterface',
    'checks.binding',
    'checks.version',
    'docs.run',
    'docs.open',
    'save.file',
    'save.path',
    'save.fileName',
    'save.summary',
    'save.save',
    'save.replace',
    'save.showDocs',
    'servergen.outDir',
    'servergen.name',
    'servergen.fromSpec',
    'servergen.copySteps',
    'specs.saveActive',
    'specs.newFile',
    'specs.newFileName',
    'specs.create',
    'specs.refresh',
    'history.search',
    'history.refresh',
    'history.clear',
    'history.reopen',
    'history.fullBodies',
    'view.close',
    'tools.menu',
    'tools.shortcuts',
    'tools.settings',
    'conflict.reload',
    'conflict.overwrite',
    'conflict.saveAs',
    'conflict.newPath',
    'conflict.cancel',
    'common.close',
    'common.cancel',
  ];
  it.each(['en', 'ko'] as const)('in %s', (locale) => {
    for (const name of issueNames) {
      const wanted = translate(locale, name).toLowerCase();
      const containing = controlLabels.filter((k) => k !== name && translate(locale, k).toLowerCase().includes(wanted));
      expect(containing, `${locale} ${name}`).toEqual([]);
    }
  });
});
