import { describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, useBrowserAndDemo } from './harness';

/** Usability regressions found in a QA pass: a small (1000×700) window and per-binding hints. */
describe('request pane in a small window', () => {
  // Slow steps so the stream is still running while the layout is measured.
  const e2e = useBrowserAndDemo(400);

  it('keeps the endpoint field usable while Stop and Cancel task are shown, and the body editor never covers the wire line', () =>
    e2e.withApp({ viewport: { width: 1000, height: 700 } }, async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, method: 'SendStreamingMessage', bearer: { value: e2e.demo.token } });
      await generateTextBody(page, '[1,2,3,4,5,6,7,8]');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await request.getByRole('button', { name: 'Stop' }).waitFor();
      await request.getByRole('button', { name: 'Cancel task' }).waitFor();

      const endpoint = await request.getByRole('textbox', { name: 'Endpoint' }).boundingBox();
      // Before the fix the four buttons squeezed the URL field to a few characters (~65 px).
      expect(endpoint?.width ?? 0).toBeGreaterThanOrEqual(200);

      const editor = await request.locator('.json-editor').boundingBox();
      const wire = await request.getByLabel('Request line on the wire').boundingBox();
      expect(editor).not.toBeNull();
      expect(wire).not.toBeNull();
      // Before the fix the editor kept its height and overflowed onto the request line below it.
      expect((editor?.y ?? 0) + (editor?.height ?? 0)).toBeLessThanOrEqual(wire?.y ?? 0);

      await request.getByRole('button', { name: 'Stop' }).click();
      await request.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
    }));

  it('suggests an endpoint that fits the chosen binding', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: '' });
      const endpoint = request.getByRole('textbox', { name: 'Endpoint' });
      const binding = request.getByRole('combobox', { name: 'Binding' });
      expect(await endpoint.getAttribute('placeholder')).toMatch(/^http:\/\/.*\/rpc$/);
      await binding.selectOption({ label: 'HTTP+JSON' });
      // An HTTP+JSON endpoint is the REST base URL; the JSON-RPC path there is a 404.
      expect(await endpoint.getAttribute('placeholder')).toMatch(/^http:\/\/.*\/rest$/);
      await binding.selectOption({ label: 'gRPC' });
      expect(await endpoint.getAttribute('placeholder')).not.toMatch(/^http/);
    }));
});
