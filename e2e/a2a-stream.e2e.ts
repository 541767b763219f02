import { describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, responseRegion, saveScreenshot, useBrowserAndDemo } from './harness';

describe('A2A 1.0 streams against the demo agent', () => {
  const e2e = useBrowserAndDemo(60);

  it('fills the timeline, assembles the artifact and completes; a stopped run says so and sends no cancel', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, method: 'SendStreamingMessage', bearer: { value: e2e.demo.token } });
      await generateTextBody(page, '[12,30]');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      const response = responseRegion(page);
      await expect.poll(() => response.innerText(), { timeout: 15_000 }).toContain('Stream completed');
      const events = response.getByRole('table', { name: 'Stream events' });
      // submitted, 2 × working, artifact, completed
      expect(Number(await events.getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(6);
      const states = await response.getByRole('list', { name: 'Task states' }).innerText();
      expect(states.replace(/\s+/g, ' ')).toMatch(/submitted .*working .*completed/);
      const artifact = response.getByRole('article', { name: 'Artifact sum' });
      await artifact.getByText('Sum: 42').waitFor();
      await artifact.getByText('total: 42').waitFor();
      expect(await artifact.innerText()).toContain('complete');
      expect(await response.innerText()).toContain('cannot be restarted');
      await saveScreenshot(page, 'stream-timeline-light.png');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'stream-timeline-dark.png');
      await page.emulateMedia({ colorScheme: 'light' });

      // A longer run, stopped midway: only the local connection goes.
      await page.getByRole('button', { name: 'Generate body' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Text' }).fill('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]');
      await dialog.getByRole('button', { name: 'Replace body' }).click();
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(async () => Number(await events.getAttribute('aria-rowcount')), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
      await request.getByRole('button', { name: 'Stop', exact: true }).click();
      await expect.poll(() => response.innerText()).toContain('Stream stopped');
      const stoppedText = await response.innerText();
      expect(stoppedText).toContain('No cancel was sent');
      expect(stoppedText).not.toContain('Stream completed');
      const stoppedRows = Number(await events.getAttribute('aria-rowcount'));
      expect(stoppedRows).toBeLessThan(22);

      // Proof that no cancel reached the agent: the task ran on and completed.
      await page.waitForTimeout(1600);
      await request.getByRole('combobox', { name: 'Method' }).selectOption('GetTask');
      await page.getByRole('button', { name: 'Generate body' }).click();
      expect(await dialog.getByRole('textbox', { name: 'Task ID' }).inputValue()).toMatch(/^[0-9a-f-]{36}$/);
      await dialog.getByRole('button', { name: 'Replace body' }).click();
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => response.innerText(), { timeout: 10_000 }).toContain('Task (completed)');
    }));

  it('Cancel task cancels on the agent; Resubscribe follows a running task', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newA2aRequest(page, {
        endpoint: e2e.demo.restUrl,
        binding: 'HTTP+JSON',
        method: 'SendStreamingMessage',
        bearer: { value: e2e.demo.token },
      });
      // 200 steps of 60 ms: the task must still be running when Cancel is clicked, even on a loaded machine.
      await generateTextBody(page, JSON.stringify(Array.from({ length: 200 }, (_, i) => i + 1)));
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      const response = responseRegion(page);
      const events = response.getByRole('table', { name: 'Stream events' });
      await expect.poll(async () => Number(await events.getAttribute('aria-rowcount')), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await request.getByRole('button', { name: 'Stop', exact: true }).click();
      await expect.poll(() => response.innerText()).toContain('Stream stopped');

      await response.getByRole('button', { name: 'Resubscribe' }).click();
      // SubscribeToTask: the first event is the current Task, then the updates resume.
      await expect.poll(async () => Number(await events.getAttribute('aria-rowcount')), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      expect(await response.getByRole('combobox', { name: 'Shown call' }).innerText()).toContain('SubscribeToTask (resubscribe)');

      await request.getByRole('button', { name: 'Cancel task' }).click();
      await expect.poll(() => response.innerText(), { timeout: 10_000 }).toContain('Task (canceled)');
      expect(await response.innerText()).toContain('cannot be restarted');
    }));
});
