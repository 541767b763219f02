/**
 * The demo README, step by step in the UI: Import the demo's openapi.json, store the token once
 * on the Environments screen, point "local demo" at this run's ports, pick it in the header and
 * run SendMessage: Sum: 42. The effective-headers preview shows the secret by name only.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, saveScreenshot, useBrowserAndDemo } from './harness';

describe('import and environments', () => {
  const e2e = useBrowserAndDemo(20);

  it('imports the demo spec, picks "local demo" with a secret-backed token, and runs SendMessage', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const demoSpec = join(repoRoot, 'examples', 'a2a-demo', 'openapi.json');
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Import…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import' });
      await dialog.getByRole('textbox', { name: 'Path, URL or curl command' }).fill(demoSpec);
      // The label says what the text is read as.
      await dialog.getByRole('textbox', { name: 'File path' }).waitFor();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('OpenAPI 3.2.0 “Powerduck A2A demo agent”: 7 operations (6 A2A).').waitFor();
      // The environment it brings defines every variable; what is missing is the secret that environment names.
      await dialog.getByText('Secrets it names that are not stored yet: demo-token. Store them under Environments → Secrets.').waitFor();
      expect(await dialog.innerText()).not.toContain('Variables no environment defines');
      await dialog.getByRole('radio', { name: /Copy into the workspace as openapi\.json/ }).check();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Imported 7 operations into openapi.json.').waitFor();
      await dialog.getByText('Environments added or extended: local demo.').waitFor();
      await saveScreenshot(page, 'import-dialog-light.png');
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await readFile(join(core.env.dataDir.workspaceDir, 'openapi.json'), 'utf8')).toBe(await readFile(demoSpec, 'utf8'));

      // One place for the token: the Environments screen.
      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      const envs = page.getByRole('dialog', { name: 'Environments' });
      await envs.getByRole('combobox', { name: 'Secret name' }).fill('demo-token');
      await envs.getByLabel('Secret value').fill(e2e.demo.token);
      await envs.getByRole('button', { name: 'Store secret' }).click();
      await envs.getByText('Stored secret demo-token.').waitFor();
      await envs.getByRole('list', { name: 'Stored secrets' }).getByText('demo-token').waitFor();
      // This run's demo listens on free ports, not 9999/9998.
      await envs.getByRole('textbox', { name: 'Value of variable 1 in local demo' }).fill(new URL(e2e.demo.rpcUrl).origin);
      await envs.getByRole('textbox', { name: 'Value of variable 2 in local demo' }).fill(e2e.demo.grpcUrl);
      expect(await envs.getByRole('combobox', { name: 'Secret of variable 3 in local demo' }).inputValue()).toBe('demo-token');
      await envs.getByRole('button', { name: 'Save environments' }).click();
      await envs.getByText(/^Saved .*powerduck\.environments\.json\.$/).waitFor();
      await saveScreenshot(page, 'environments-light.png');
      await envs.getByRole('button', { name: 'Close' }).click();
      const envFile = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.environments.json'), 'utf8');
      expect(envFile).toContain(new URL(e2e.demo.rpcUrl).origin);
      expect(envFile).not.toContain(e2e.demo.token);

      // Without an environment the send is blocked and names the variables.
      const ops = page.getByRole('list', { name: 'Operations in openapi.json' });
      await ops.getByRole('button', { name: 'Run SendMessage over JSON-RPC' }).click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      await docs.getByText(/Unknown variables \{\{baseUrl\}\}, \{\{token\}\}: no environment is selected/).waitFor();

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      await docs.getByText('Sum: 42').first().waitFor();

      // The request tab's preview resolves variables and shows the secret by name only.
      await docs.getByRole('button', { name: 'Open as request' }).click();
      const preview = page.getByRole('table', { name: 'Effective headers' });
      await preview.getByText('Bearer ‹secret: demo-token›').waitFor();
      expect(await page.getByLabel('Request line on the wire').innerText()).toContain(`${new URL(e2e.demo.rpcUrl).origin}/rpc`);
      expect(await page.content()).not.toContain(e2e.demo.token);
    }));

  it('a Postman collection: a note where scripts were dropped, folders as sidebar groups; then its environment file with a secret', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const collection = {
        info: { name: 'Pets API', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          {
            name: 'Pets',
            event: [{ listen: 'prerequest', script: { exec: ["pm.variables.set('ts', Date.now())"] } }],
            item: [{ name: 'List pets', request: { method: 'GET', url: '{{baseUrl}}/pets' } }],
          },
        ],
      };
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Import…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import' });
      const field = dialog.getByRole('textbox', { name: 'Path, URL or curl command' });
      await field.fill(JSON.stringify(collection));
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Imported 1 operation into pets-api.openapi.yaml.').waitFor();
      await dialog.getByText(/^Folder "Pets": its pre-request script is not imported \(Powerduck runs no Postman scripts\)/).waitFor();
      await dialog.getByText('Variables no environment defines, even with this import: {{baseUrl}}. Define them on the Environments screen.').waitFor();

      const environment = {
        name: 'Pets staging',
        _postman_variable_scope: 'environment',
        values: [
          { key: 'baseUrl', value: 'http://127.0.0.1:9', type: 'default', enabled: true },
          { key: 'clientPin', value: 'pin-e2e-4411', type: 'secret', enabled: true },
        ],
      };
      await dialog.getByRole('textbox', { name: 'Pasted document' }).fill(JSON.stringify(environment));
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Postman environment “Pets staging”: 2 variables.').waitFor();
      expect(await dialog.getByRole('textbox', { name: /Secret name for the variable clientPin/ }).inputValue()).toBe('pets-staging-clientpin');
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Imported the environment into powerduck.environments.json.').waitFor();
      await dialog.getByText('Stored secrets: pets-staging-clientpin.').waitFor();

      // Another tool's export is named, not just "not supported".
      await dialog.getByRole('textbox', { name: 'Pasted document' }).fill(JSON.stringify({ _type: 'export', __export_format: 4, resources: [] }));
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog
        .getByText('This looks like an Insomnia export; Powerduck imports OpenAPI, Postman collections/environments and curl. Nothing was imported.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      const envText = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.environments.json'), 'utf8');
      expect(envText).toContain('"secret": "pets-staging-clientpin"');
      expect(envText).not.toContain('pin-e2e-4411');
      await page
        .getByRole('banner')
        .getByRole('combobox', { name: 'Environment' })
        .locator('option', { hasText: 'Pets staging' })
        .waitFor({ state: 'attached' });

      // The folder is the operation's group in the sidebar.
      const ops = page.getByRole('list', { name: 'Operations in pets-api.openapi.yaml' });
      await ops.getByRole('heading', { name: 'Pets', level: 5 }).waitFor();
      await ops
        .getByRole('button', { name: /List pets/ })
        .first()
        .waitFor();
    }));

  it('imports a pasted curl command as an A2A operation whose token becomes a named secret', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Import…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import' });
      const command = `curl ${e2e.demo.rpcUrl} -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' -H 'Authorization: Bearer ${e2e.demo.token}' -d '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"c1","parts":[{"text":"[20,22]"}]}}}'`;
      await dialog.getByRole('textbox', { name: 'Path, URL or curl command' }).fill(command);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const name = dialog.getByRole('textbox', { name: /Secret name for the bearer token/ });
      await dialog.getByText(`curl command: POST ${e2e.demo.rpcUrl} (A2A).`, { exact: true }).waitFor();
      expect(await name.inputValue()).toBe('curl-post-rpc');
      await name.fill('pasted-token');
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Stored secrets: pasted-token.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      const text = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml'), 'utf8');
      expect(text).toContain('secretRef: pasted-token');
      expect(text).not.toContain(e2e.demo.token);
      await page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' }).getByRole('button', { name: 'Run POST /rpc' }).click();
      await page.getByRole('region', { name: 'Operation docs' }).getByText('Sum: 42').first().waitFor();
    }));

  it('a pasted plain-HTTP curl command: its label, a labelled credential row, each operation named once and no note for a compact body', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Import…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import' });
      const command = `curl -X POST http://127.0.0.1:9/things -H 'Authorization: Bearer plain-curl-token-77' -H 'Content-Type: application/json' -d '{"name":"a"}'`;
      await dialog.getByRole('textbox', { name: 'Path, URL or curl command' }).fill(command);
      // Read as a curl command, and the label says so.
      const field = dialog.getByRole('textbox', { name: 'curl command' });
      await field.waitFor();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      // The plan names what the command calls, not its kind twice ("curl command “curl”").
      await dialog.getByText('curl command: POST http://127.0.0.1:9/things.', { exact: true }).waitFor();

      // Method and path once: the curl command's own "POST /things" is not repeated beside them.
      const ops = dialog.getByRole('list', { name: 'Operations' });
      expect((await ops.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(['POST /things']);
      // A compact JSON body sent formatted changes only white space: no note about it.
      expect(await dialog.innerText()).not.toContain('the JSON body is kept as its value');

      // The credential row has visible labels: what is stored, and the name it gets.
      const store = dialog.getByRole('checkbox', { name: 'Store the bearer token of POST /things as a secret' });
      expect(await store.isChecked()).toBe(true);
      await dialog.getByText('Secret name', { exact: true }).waitFor();
      const name = dialog.getByRole('textbox', { name: 'Secret name for the bearer token of POST /things' });
      await name.fill('things-token');
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Stored secrets: things-token.').waitFor();
      const text = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml'), 'utf8');
      expect(text).not.toContain('plain-curl-token-77');

      // A compact OpenAPI document pasted on one line is read as a document, and its operationId names the operation.
      const doc = JSON.stringify({
        openapi: '3.2.0',
        info: { title: 'One line', version: '1' },
        paths: { '/things': { post: { operationId: 'createThing', responses: { '200': { description: 'ok' } } } } },
      });
      await field.fill(doc);
      await dialog.getByRole('textbox', { name: 'Pasted document' }).waitFor();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText('Imported 1 operation into one-line.openapi.json.').waitFor();
      expect((await ops.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(['POST /things createThing']);
    }));
});
