import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newA2aRequest, saveScreenshot, useBrowserAndDemo } from './harness';

/** Serves one fixed JSON document at every path: a card someone changed after it was signed. */
async function serveJson(document: unknown): Promise<{ url: string; server: Server }> {
  const body = JSON.stringify(document);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`, server };
}

const inspector = (page: Page) => page.getByRole('region', { name: 'Agent Card inspector' });

async function fetchCard(page: Page, url: string): Promise<void> {
  await page.getByRole('tab', { name: 'Cards' }).click();
  await page.getByRole('textbox', { name: 'Card URL' }).fill(url);
  await page.getByRole('button', { name: 'Fetch card' }).click();
  await inspector(page).waitFor();
}

describe('card inspector: fetch, verify, apply an interface', () => {
  const e2e = useBrowserAndDemo(20);
  let tampered: { url: string; server: Server };
  beforeAll(async () => {
    // Same signature, one changed byte of content: the verdict must be "invalid" with the reason.
    tampered = await serveJson({ ...e2e.demo.card, description: `${String(e2e.demo.card['description'])} (edited)` });
  });
  afterAll(async () => {
    await new Promise((resolve) => tampered?.server.close(resolve));
  });

  it('fetches the demo card, verifies it with the trusted JWKS, and applies an interface only on click', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/rpc' });
      const base = e2e.demo.cardUrl.replace('/.well-known/agent-card.json', '');
      await fetchCard(page, base);
      const view = inspector(page);
      await view.getByRole('heading', { name: /Powerduck demo agent/ }).waitFor();
      // Summary panels and the well-known resolution.
      expect(await view.innerText()).toContain(`Fetched ${e2e.demo.cardUrl}`);
      await view.getByRole('heading', { name: 'Capabilities' }).waitFor();
      await view.getByRole('heading', { name: 'Skills (1)' }).waitFor();
      await view.getByRole('heading', { name: 'Security' }).waitFor();
      await view.getByRole('heading', { name: 'Interfaces (3)' }).waitFor();
      await view.getByText('No findings: the card matches the A2A 1.0 schema and lint rules.').waitFor();

      // Fetching changed nothing in the request.
      await page.getByRole('button', { name: 'Close view' }).click();
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe('http://127.0.0.1:9/rpc');
      await page.getByRole('button', { name: /^Show inspector/ }).click();

      // One explicit click points the request at the HTTP+JSON interface.
      const restRow = view.getByRole('row', { name: new RegExp(`HTTP\\+JSON 1\\.0 ${e2e.demo.restUrl.replace(/[.]/g, '\\.')}`) });
      await restRow.getByRole('button', { name: 'Apply interface' }).click();
      await view.getByText(/Applied interface #1 \(HTTP\+JSON\)/).waitFor();
      await view.getByRole('button', { name: 'Show request' }).click();
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe(e2e.demo.restUrl);
      expect(await request.getByRole('combobox', { name: 'Binding' }).inputValue()).toBe('HTTP+JSON');

      // Verify with the keys the demo wrote to its runtime folder.
      await page.getByRole('button', { name: /^Show inspector/ }).click();
      const jwks = await readFile(e2e.demo.jwksPath, 'utf8');
      await view.getByRole('textbox', { name: 'JWKS' }).fill(jwks);
      await view.getByRole('button', { name: 'Verify signature' }).click();
      const verdicts = view.getByLabel('Signature verdicts');
      await verdicts.getByText('1 of 1 signatures valid.').waitFor();
      const verdictText = await verdicts.innerText();
      expect(verdictText).toContain('Valid');
      expect(verdictText).toMatch(/SHA-256 [0-9a-f]{64}/);
      expect(await view.getByRole('note').innerText()).toContain('Valid ≠ trusted.');
      await view.getByRole('heading', { name: 'Signatures (1)' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'card-inspector-light.png');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'card-inspector-dark.png');
      await page.emulateMedia({ colorScheme: 'light' });

      // The tampered copy: same signature, changed description → invalid, with the reason.
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(tampered.url);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      await view.getByRole('heading', { name: /Powerduck demo agent/ }).waitFor();
      await expect.poll(() => view.getByLabel('Signature verdicts').count()).toBe(0);
      await view.getByRole('button', { name: 'Verify signature' }).click();
      await verdicts.getByText('0 of 1 signatures valid.').waitFor();
      const invalid = await verdicts.innerText();
      expect(invalid).toContain('Invalid');
      expect(invalid).toContain('The signature does not match the card’s content');
      expect(invalid).toContain('signature-mismatch');
    }));

  it('switches labels and accessible names to Korean and back', () =>
    e2e.withApp(async ({ page }) => {
      await fetchCard(page, e2e.demo.cardUrl);
      const language = page.getByRole('combobox', { name: 'Language' });
      await language.selectOption('ko');
      // The request editor's and the cards panel's names change together.
      await page.getByRole('combobox', { name: '언어' }).waitFor();
      await page.getByRole('tab', { name: '카드' }).click();
      await page.getByRole('textbox', { name: '카드 URL' }).waitFor();
      await page.getByRole('button', { name: '카드 가져오기' }).waitFor();
      await page.getByRole('region', { name: '에이전트 카드 검사기' }).getByRole('button', { name: '서명 검증' }).waitFor();
      await page.getByRole('region', { name: '에이전트 카드 검사기' }).getByRole('button', { name: '인터페이스 적용' }).first().waitFor();
      await page.getByRole('button', { name: '도구' }).waitFor();
      expect(await page.getByRole('button', { name: 'Fetch card' }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Card URL' }).count()).toBe(0);
      await page.getByRole('button', { name: '설정' }).click();
      await page.getByRole('dialog', { name: '설정' }).getByRole('radio', { name: '어둡게' }).waitFor();
      await page.getByRole('dialog', { name: '설정' }).getByRole('button', { name: '닫기' }).click();

      await page.getByRole('combobox', { name: '언어' }).selectOption('en');
      await page.getByRole('textbox', { name: 'Card URL' }).waitFor();
      await page.getByRole('button', { name: 'Fetch card' }).waitFor();
      await inspector(page).getByRole('button', { name: 'Verify signature' }).waitFor();
      await page.getByRole('button', { name: 'Tools' }).waitFor();
      expect(await page.getByRole('textbox', { name: '카드 URL' }).count()).toBe(0);
      // The choice survives a reload.
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ko');
      await page.reload();
      await page.getByRole('combobox', { name: '언어' }).waitFor();
    }));
});
