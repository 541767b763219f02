import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../shared/checks/check-catalog';
import { renderChecksDoc, withChecksDoc } from '../../shared/checks/checks-doc';

describe('docs/checks.md', () => {
  it('is current with the catalogue (run `node --import tsx scripts/checks-doc.mjs` after changing a check)', async () => {
    const document = await readFile(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    expect(withChecksDoc(document, checkCatalog)).toBe(document);
  });

  it('lists every check with its level, strict level, source section, keyword and sentence', () => {
    const table = renderChecksDoc(checkCatalog);
    for (const check of checkCatalog) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${check.id}\` | ${check.level}`));
      expect(row, check.id).toBeDefined();
      expect(row).toContain(check.source.keyword);
      expect(row).toContain(check.source.section.replace(/\|/g, '\\|'));
      expect(row).toContain(check.strict ? `| ${check.strict.level} |` : '| = |');
    }
  });

  it('refuses a document without the markers rather than appending somewhere', () => {
    expect(() => withChecksDoc('# Contract checks\n', checkCatalog)).toThrow(/markers missing/);
  });

  it('every seed Message rule has a strict level, and no check is MUST under spec where its source keyword is weaker', () => {
    for (const check of checkCatalog) {
      if (check.group === 'message') expect(check.strict?.level, check.id).toBe('MUST');
      if (check.level === 'MUST') expect(['MUST', 'MUST NOT'], check.id).toContain(check.source.keyword);
    }
  });
});
