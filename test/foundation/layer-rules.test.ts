import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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

  it("allows a feature the host entry, other features' entries, its own modules and the UI parts", async () => {
    const code = [
      "import { useHost } from '../../host';",
      "import { useDraftsStore } from '../request';",
      "import { runFacts } from './run-facts';",
      "import { ErrorNote } from '../../ui/error-note';",
      "import { useToolViewStore } from '../../app/tool-view-store';",
      "import { isObject } from '../../../../shared/a2a/payload';",
      'export const x = [useHost, useDraftsStore, runFacts, ErrorNote, useToolViewStore, isObject];',
      '',
    ].join('\n');
    expect(await lint('renderer/src/features/response/ok-fixture.ts', code)).toEqual([]);
  });

  it('allows what each layer may import', async () => {
    expect(await lint('renderer/src/ok-fixture.ts', "import { ok } from '../../shared/contract/result';\nexport const x = ok;\n")).toEqual([]);
    expect(await lint('electron/node/ok-fixture.ts', "import { join } from 'node:path';\nexport const x = join;\n")).toEqual([]);
  });
});
