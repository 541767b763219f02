import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The rules that carry the layers: no-restricted-imports for packages and other runtimes, and the
// local layers/page-arrows for the arrows inside the page, judged on where an import lands.
const layerRules = new Set(['no-restricted-imports', 'layers/page-arrows']);

// Lints in-memory files placed (virtually) inside each layer, so the real zones in eslint.config.js are what is tested.
async function lint(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => layerRules.has(m.ruleId ?? '')).map((m) => m.message);
}

describe('layer rules', () => {
  it('refuses node:* and core imports inside shared/', async () => {
    expect(await lint('shared/violation-fixture.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;\n")).toHaveLength(1);
    expect(await lint('shared/violation-fixture.ts', "import { createCore } from '../electron/node/core';\nexport const x = createCore;\n")).toHaveLength(1);
  });

  it('refuses electron and renderer imports inside the core', async () => {
    expect(await lint('electron/node/violation-fixture.ts', "import { app } from 'electron';\nexport const x = app;\n")).toHaveLength(1);
    expect(await lint('electron/node/violation-fixture.ts', "import { App } from '../../renderer/src/app';\nexport const x = App;\n")).toHaveLength(1);
  });

  it('refuses electron/** and node:* inside the renderer', async () => {
    expect(
      await lint('renderer/src/violation-fixture.ts', "import { createCore } from '../../electron/node/core';\nexport const x = createCore;\n"),
    ).toHaveLength(1);
    expect(await lint('renderer/src/violation-fixture.ts', "import { join } from 'node:path';\nexport const x = join;\n")).toHaveLength(1);
  });

  it("refuses host internals and other features' internals inside a feature", async () => {
    const feature = 'renderer/src/features/response/violation-fixture.ts';
    expect(await lint(feature, "import { createWebHost } from '../../host/web-host';\nexport const x = createWebHost;\n")).toHaveLength(1);
    expect(await lint(feature, "import type { Host } from '../../host/host';\nexport type X = Host;\n")).toHaveLength(1);
    expect(await lint(feature, "import { useDraftsStore } from '../request/drafts-store';\nexport const x = useDraftsStore;\n")).toHaveLength(1);
    expect(await lint(feature, "export { useDraftsStore } from '../request/drafts-store';\n")).toHaveLength(1);
    // The same arrows spelled through the features folder.
    expect(await lint(feature, "import { useDraftsStore } from '../../features/request/drafts-store';\nexport const x = useDraftsStore;\n")).toHaveLength(1);
    expect(await lint(feature, "export { useDraftsStore } from '../../features/request/drafts-store';\n")).toHaveLength(1);
  });

  it('refuses the same arrows however the path is spelled', async () => {
    const feature = 'renderer/src/features/response/violation-fixture.ts';
    const refused = [
      '../../../src/host/web-host',
      './../../host/web-host',
      '../../host/./web-host',
      '../response/../../host/web-host',
      '../../../../renderer/src/host/web-host',
      '../../../src/features/request/drafts-store',
      './../request/drafts-store',
      '../../features/../features/request/drafts-store',
      '../request/index/../drafts-store',
      '../request/parts/index',
      '../../../src/app/request-tabs',
    ];
    for (const spelling of refused) {
      expect(await lint(feature, `import { x } from '${spelling}';\nexport const y = x;\n`), spelling).toHaveLength(1);
      expect(await lint(feature, `export { x } from '${spelling}';\n`), spelling).toHaveLength(1);
      expect(await lint(feature, `export * from '${spelling}';\n`), spelling).toHaveLength(1);
      expect(await lint(feature, `export const y = () => import('${spelling}');\n`), spelling).toHaveLength(1);
    }
    expect(await lint(feature, "export type X = import('../../../src/host/host').Host;\n")).toHaveLength(1);
    const ui = 'renderer/src/ui/violation-fixture.ts';
    for (const spelling of ['../../src/host/web-host', './../host', '../../src/features/response', '../ui/../app/app', '../../../renderer/src/host']) {
      expect(await lint(ui, `import { x } from '${spelling}';\nexport const y = x;\n`), spelling).toHaveLength(1);
    }
  });

  it('refuses shell imports inside a feature, except the tool-view store', async () => {
    const feature = 'renderer/src/features/cards/violation-fixture.ts';
    expect(await lint(feature, "import { closeTab } from '../../app/request-tabs';\nexport const x = closeTab;\n")).toHaveLength(1);
    expect(await lint(feature, "import { App } from '../../app/app';\nexport const x = App;\n")).toHaveLength(1);
    expect(await lint(feature, "import { useToolViewStore } from '../../app/tool-view-store';\nexport const x = useToolViewStore;\n")).toEqual([]);
    // The renderer's own rules still hold inside features.
    expect(await lint(feature, "import { join } from 'node:path';\nexport const x = join;\n")).toHaveLength(1);
  });

  it('refuses feature, shell and host imports inside the general UI parts', async () => {
    expect(
      await lint('renderer/src/ui/violation-fixture.ts', "import { useRunsStore } from '../features/response';\nexport const x = useRunsStore;\n"),
    ).toHaveLength(1);
    expect(await lint('renderer/src/ui/violation-fixture.ts', "import { useHost } from '../host';\nexport const x = useHost;\n")).toHaveLength(1);
  });

  it('refuses host internals inside the shell, and lets it compose any feature module, the UI parts and i18n', async () => {
    const shell = 'renderer/src/app/violation-fixture.ts';
    expect(await lint(shell, "import { createWebHost } from '../host/web-host';\nexport const x = createWebHost;\n")).toHaveLength(1);
    expect(await lint(shell, "export { createWebHost } from '../../src/host/web-host';\n")).toHaveLength(1);
    const code = [
      "import { useHost } from '../host';",
      "import { RequestPane } from '../features/request/request-pane';",
      "import { useRunsStore } from '../features/response';",
      "import { Tabs } from '../ui/tabs';",
      "import { useT } from '../i18n/i18n';",
      "import { useToolViewStore } from './tool-view-store';",
      'export const x = [useHost, RequestPane, useRunsStore, Tabs, useT, useToolViewStore];',
      '',
    ].join('\n');
    expect(await lint('renderer/src/app/ok-fixture.ts', code)).toEqual([]);
  });

  it('refuses feature, shell and UI imports inside the host and i18n, which any page layer may use', async () => {
    const host = 'renderer/src/host/violation-fixture.ts';
    for (const spelling of ['../features/request', '../app/app', '../ui/tabs', '../i18n/i18n']) {
      expect(await lint(host, `import { x } from '${spelling}';\nexport const y = x;\n`), spelling).toHaveLength(1);
    }
    const i18n = 'renderer/src/i18n/violation-fixture.ts';
    for (const spelling of ['../features/request', '../app/app', '../ui/tabs', '../host']) {
      expect(await lint(i18n, `import { x } from '${spelling}';\nexport const y = x;\n`), spelling).toHaveLength(1);
    }
    expect(await lint(host, "import { ok } from '../../../shared/contract/result';\nimport { y } from './host';\nexport const x = [ok, y];\n")).toEqual([]);
    expect(await lint(i18n, "import { y } from './en';\nexport const x = y;\n")).toEqual([]);
  });

  it("allows a feature the host entry, other features' entries, its own modules and the UI parts", async () => {
    const code = [
      "import { useHost } from '../../host';",
      "import { useDraftsStore } from '../request';",
      "import { runFacts } from './run-facts';",
      "import { ErrorNote } from '../../ui/error-note';",
      "import { useToolViewStore } from '../../app/tool-view-store';",
      "import { isObject } from '../../../../shared/a2a/payload';",
      "import { useHostEntry } from '../../../src/host/index';",
      "import { useRequestEntry } from '../../features/request';",
      "import { useOwn } from '../../features/response/runs-store';",
      "import { useOwnAgain } from '../../../src/features/response/run-facts';",
      "import { Busy } from '../../../src/ui/busy-indicator';",
      'export const x = [useHost, useDraftsStore, runFacts, ErrorNote, useToolViewStore, isObject, useHostEntry, useRequestEntry, useOwn, useOwnAgain, Busy];',
      '',
    ].join('\n');
    expect(await lint('renderer/src/features/response/ok-fixture.ts', code)).toEqual([]);
  });

  it('allows what each layer may import', async () => {
    expect(await lint('renderer/src/ok-fixture.ts', "import { ok } from '../../shared/contract/result';\nexport const x = ok;\n")).toEqual([]);
    expect(await lint('electron/node/ok-fixture.ts', "import { join } from 'node:path';\nexport const x = join;\n")).toEqual([]);
  });
});
