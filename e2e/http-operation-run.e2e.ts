/**
 * A saved plain HTTP operation runs as an A2A one does: ▶ Run in the Specs sidebar and Run in its Docs
 * view send it with its examples and show the answer under Last run, without opening a tab. Opened as a
 * request, its query parameters have one editor (the operation's fields); the Params tab only shows them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './harness';

let server: Server;
let base: string;
const seen: string[] = [];
const uploads: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        uploads.push(Buffer.concat(chunks).toString('latin1'));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"stored":true}');
      });
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ url: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('saved HTTP operations', () => {
  const e2e = useBrowser();

  it('run from the sidebar and the docs in place; an operation tab edits its query in one place', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const doc = {
        openapi: '3.1.0',
        info: { title: 'Search', version: '1' },
        servers: [{ url: base }],
        paths: {
          '/search': {
            get: {
              summary: 'Search items',
              parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: 'duck' }],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      };
      await writeFile(join(core.env.dataDir.workspaceDir, 'search.openapi.json'), JSON.stringify(doc, null, 2));
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      const ops = page.getByRole('list', { name: 'Operations in search.openapi.json' });
      const tabs = await page.getByRole('tab', { name: /^HTTP / }).count();

      await ops.getByRole('button', { name: 'Run Search items' }).click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      const lastRun = docs.getByRole('region', { name: 'Last run' });
      await lastRun.getByRole('status', { name: 'Status 200' }).waitFor();
      expect(await lastRun.innerText()).toContain('/search?q=duck');
      expect(seen.at(-1)).toBe('/search?q=duck');

      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      await expect.poll(() => seen.length).toBe(2);
      await lastRun.getByRole('status', { name: 'Status 200' }).waitFor();
      // Neither run opened a tab.
      expect(await page.getByRole('tab', { name: /^HTTP / }).count()).toBe(tabs);

      await docs.getByRole('button', { name: 'Open as request' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: /^q \(query\)/ }).fill('goose');
      await request.getByRole('tab', { name: /^Params/ }).click();
      const sections = request.getByRole('tabpanel');
      await sections.getByText('edit its parameters in the operation’s fields above').waitFor();
      expect(await sections.getByRole('textbox').count()).toBe(0);
      expect(await sections.getByRole('table').innerText()).toContain('goose');
    }));

  it('an upload operation (multipart, format: binary) opens with its file fields: an optional one off, so Send works; a required one refuses, naming it, until a file is chosen', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const upload = (required: string[]) => ({
        post: {
          summary: required.length ? 'Upload avatar' : 'Upload note',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required,
                  properties: {
                    caption: { type: 'string', example: 'me' },
                    ...(required.length ? { image: { type: 'string', format: 'binary' } } : {}),
                    thumb: { type: 'string', format: 'binary' },
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      });
      const doc = {
        openapi: '3.1.0',
        info: { title: 'Uploads', version: '1' },
        servers: [{ url: base }],
        paths: { '/avatar': upload(['image']), '/note': upload([]) },
      };
      await writeFile(join(core.env.dataDir.workspaceDir, 'uploads.openapi.json'), JSON.stringify(doc, null, 2));
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      const open = async (summary: string) => {
        await page
          .getByRole('list', { name: 'Operations in uploads.openapi.json' })
          .getByRole('button', { name: new RegExp(`^${summary}`) })
          .first()
          .click();
        await page.getByRole('region', { name: 'Operation docs' }).getByRole('button', { name: 'Open as request' }).click();
        const request = page.getByRole('region', { name: 'HTTP request', exact: true });
        await request.getByRole('tab', { name: /^Body/ }).click();
        return request;
      };

      // Only optional files: the file row starts switched off, and Send sends the rest at once.
      let request = await open('Upload note');
      expect(await request.getByRole('textbox', { name: 'Value 1' }).inputValue()).toBe('me');
      expect(await request.getByLabel('File for field 2').getAttribute('type')).toBe('file');
      expect(await request.getByRole('checkbox', { name: 'Send row 2' }).isChecked()).toBe(false);
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => uploads.length).toBe(1);
      expect(uploads[0]).toMatch(/name="caption"\r\n\r\nme/);
      expect(uploads[0]).not.toContain('name="thumb"');

      // A required file: its row is on, and Send refuses, naming it, until a file is chosen.
      request = await open('Upload avatar');
      // The binary properties are files to choose, not text boxes holding the schema's "string".
      expect(await request.getByRole('textbox', { name: 'Value 2' }).count()).toBe(0);
      const image = request.getByLabel('File for field 2');
      expect(await image.getAttribute('type')).toBe('file');
      expect(await request.getByRole('checkbox', { name: 'Send row 2' }).isChecked()).toBe(true);
      expect(await request.getByRole('checkbox', { name: 'Send row 3' }).isChecked()).toBe(false);
      await request.getByRole('checkbox', { name: 'Send row 2' }).uncheck();
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await request.getByText('The operation requires the file field "image": choose a file for it.').waitFor();
      expect(uploads).toHaveLength(1);

      // Choosing a file switches its row on: the required one, and the optional one beside it.
      await image.setInputFiles({ name: 'duck.png', mimeType: 'image/png', buffer: Buffer.from('PNGDATA') });
      await request.getByText(/duck\.png/).waitFor();
      await expect.poll(() => request.getByRole('checkbox', { name: 'Send row 2' }).isChecked()).toBe(true);
      await request.getByLabel('File for field 3').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: Buffer.from('SMALL') });
      await expect.poll(() => request.getByRole('checkbox', { name: 'Send row 3' }).isChecked()).toBe(true);
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => uploads.length).toBe(2);
      expect(uploads[1]).toMatch(/name="image"; filename="duck\.png"/);
      expect(uploads[1]).toContain('PNGDATA');
      expect(uploads[1]).toMatch(/name="thumb"; filename="small\.png"/);
      expect(uploads[1]).toMatch(/name="caption"\r\n\r\nme/);
    }));
});
