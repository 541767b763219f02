/** The card URL field's "Did you mean https://…?": only for text that would be a usable address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';

let core: Core;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ core, dispose } = await tempCore());
});
afterAll(async () => dispose());

async function refusal(url: string): Promise<string> {
  const result = await core.dispatcher.invoke('card.fetch', { url });
  if (result.ok) throw new Error(`${url} was fetched`);
  expect(result.error.code).toBe('bad-request');
  return result.error.message;
}

describe('card.fetch of an address without a scheme', () => {
  it('"not a url" is not offered https://not a url, and says how an address looks', async () => {
    const message = await refusal('not a url');
    expect(message).not.toContain('Did you mean');
    expect(message).not.toContain('https://not a url');
    expect(message).toContain('"not a url" is not a URL');
  });

  it('a host name or a local address is offered its https:// form', async () => {
    expect(await refusal('agent.example.com')).toContain('Did you mean https://agent.example.com (or http://agent.example.com for a local agent)?');
    expect(await refusal('127.0.0.1:9999')).toContain('Did you mean https://127.0.0.1:9999');
  });
});
