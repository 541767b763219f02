/**
 * Core errors in a Korean page: the core answers with a stable code and an English message, and the
 * page says what failed in Korean (the summary for that code), keeps the core's code and message
 * under it for searching and reports, and says what to do next in Korean. A language switch
 * rewords an error already shown (it is worded from its code, not stored as text).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';

/** A port nothing listens on: bound once to learn a free number, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('core errors in Korean', () => {
  const e2e = useBrowser();

  it('A2A and HTTP sends to an unreachable endpoint say 연결할 수 없음, with the core message as detail', () =>
    e2e.withApp({ locale: 'ko-KR', defaultTimeout: 20_000 }, async ({ page }) => {
      const port = await closedPort();
      const response = page.getByRole('region', { name: '응답', exact: true });
      await page.getByRole('button', { name: '새 요청' }).click();
      await page.getByRole('menuitem', { name: 'A2A' }).click();
      const request = page.getByRole('region', { name: '요청', exact: true });
      await request.getByRole('textbox', { name: '엔드포인트' }).fill(`http://127.0.0.1:${port}/a2a`);
      await request.getByRole('button', { name: '보내기', exact: true }).click();
      await response.getByText('전송 오류: 연결할 수 없음').waitFor();
      const facts = await response.getByRole('group', { name: '전송 오류' }).innerText();
      expect(facts).toMatch(/코드\s+connect/);
      expect(facts).toMatch(new RegExp(`메시지\\s+.*127\\.0\\.0\\.1:${port}`));
      expect(facts).toMatch(/의미\s+연결할 수 없음/);

      await page.getByRole('button', { name: '새 요청' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const http = page.getByRole('region', { name: 'HTTP 요청', exact: true });
      await http.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:${port}/pets`);
      await http.getByRole('button', { name: '보내기', exact: true }).click();
      const alert = response.getByRole('alert').filter({ hasText: '응답 없음' });
      await alert.waitFor();
      const text = await alert.innerText();
      expect(text).toMatch(new RegExp(`응답 없음: 연결할 수 없음\\n+connect: .*127\\.0\\.0\\.1:${port}`));
      // The core's own words stay, after its code, marked as English for screen readers.
      expect(await alert.locator('[lang="en"]').innerText()).toMatch(/^connect: /);
    }));

  it('a send refused before it went out says so in Korean, then the core message, then what to do next', () =>
    e2e.withApp({ locale: 'ko-KR', defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: '새 요청' }).click();
      await page.getByRole('menuitem', { name: 'A2A' }).click();
      const request = page.getByRole('region', { name: '요청', exact: true });
      await request.getByRole('textbox', { name: '엔드포인트' }).fill('{{baseUrl}}');
      await request.getByRole('button', { name: '보내기', exact: true }).click();
      const alert = page.getByRole('region', { name: '응답', exact: true }).getByRole('alert').filter({ hasText: '보내지 못함' });
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/보내지 못함: 값이 없는 변수가 있음\n+unresolved-variable: Unknown variable \{\{baseUrl\}\}.*\n+다음에 할 일: /);
      expect(await alert.innerText()).not.toContain('What to do next');
    }));

  it('an error already shown is reworded when the language changes', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const port = await closedPort();
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(`http://127.0.0.1:${port}/.well-known/agent-card.json`);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      const english = page.getByRole('alert').filter({ hasText: 'Could not fetch the card' });
      await english.waitFor();
      expect(await english.innerText()).toMatch(/Could not fetch the card\n+Could not connect\n+connect: /);

      await page.getByRole('combobox', { name: 'Language' }).selectOption('ko');
      const korean = page.getByRole('alert').filter({ hasText: '카드를 가져오지 못했습니다' });
      await korean.waitFor();
      const text = await korean.innerText();
      expect(text).toMatch(/카드를 가져오지 못했습니다\n+연결할 수 없음\n+connect: /);
      expect(text).toContain('다음에 할 일:');
    }));
});
