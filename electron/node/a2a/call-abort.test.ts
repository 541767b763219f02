import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { neverAborted } from '../never-aborted';
import { callControls } from './call-abort';

describe('callControls', () => {
  it("follows a caller's Stop signal and leaves no listener on it once released", () => {
    const controller = new AbortController();
    const controls = callControls(controller.signal, 60_000, 'too slow');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    expect(controls.stop.aborted).toBe(true);
    expect(controls.abort.reason.code).toBe('cancelled');
    controls.release();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it("adds nothing to the dispatcher's never-firing signal, and its calls still time out", async () => {
    const controls = callControls(neverAborted, 5, 'The call did not finish within 5 ms.');
    expect(getEventListeners(neverAborted, 'abort')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(controls.abort.aborted).toBe(true);
    expect(controls.abort.reason).toMatchObject({ code: 'timeout', message: 'The call did not finish within 5 ms.' });
    expect(controls.stop.aborted).toBe(false);
    controls.release();
  });
});
