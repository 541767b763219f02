import { describe, expect, it } from 'vitest';
import { parseEnvironmentsText, plainCredential, serializeEnvironments, type EnvironmentsDoc } from './environments-model';

const doc: EnvironmentsDoc = {
  environments: [
    {
      name: 'local demo',
      variables: [
        { name: 'baseUrl', value: 'http://127.0.0.1:9999' },
        { name: 'token', secret: 'demo-token' },
      ],
    },
    { name: 'staging', variables: [] },
  ],
};

describe('environments file', () => {
  it('round-trips as indented JSON with one variable per line and only the secret name', () => {
    const text = serializeEnvironments(doc);
    expect(text).toContain('\n        "baseUrl": "http://127.0.0.1:9999",\n');
    expect(text).toContain('"token": {\n          "secret": "demo-token"\n        }');
    expect(text.endsWith('}\n')).toBe(true);
    expect(parseEnvironmentsText(text)).toEqual({ ok: true, doc });
  });

  it('reads an empty or missing list as no environments', () => {
    expect(parseEnvironmentsText('')).toEqual({ ok: true, doc: { environments: [] } });
    expect(parseEnvironmentsText('{}')).toEqual({ ok: true, doc: { environments: [] } });
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['a list at the top', '[]', /must be an object/],
    ['a nested value', '{"environments":[{"name":"a","variables":{"x":{"y":1}}}]}', /must be a string or \{"secret"/],
    ['a prototype-named variable', '{"environments":[{"name":"a","variables":{"__proto__":"x"}}]}', /reserved/],
    ['a constructor-named variable', '{"environments":[{"name":"a","variables":{"constructor":"x"}}]}', /reserved/],
    ['duplicate environments', '{"environments":[{"name":"a"},{"name":"a"}]}', /Two environments/],
    ['a bad secret name', '{"environments":[{"name":"a","variables":{"t":{"secret":"no spaces"}}}]}', /must be a string or/],
    ['an empty name', '{"environments":[{"name":" "}]}', /environment name/],
  ])('refuses %s with a clear message', (_label, text, message) => {
    const parsed = parseEnvironmentsText(text);
    expect(parsed.ok).toBe(false);
    expect((parsed as { message: string }).message).toMatch(message);
  });

  it('refuses a huge file before parsing it', () => {
    const parsed = parseEnvironmentsText(`{"environments":[],"pad":"${'x'.repeat(1024 * 1024)}"}`);
    expect(parsed).toEqual({ ok: false, message: expect.stringMatching(/larger than/) as unknown as string });
  });
});

describe('a plain variable named like a credential', () => {
  it('is hinted for the names history and spec saves hide (password, token, apiKey…), as a literal or still empty', () => {
    for (const name of ['password', 'token', 'apiKey', 'API_KEY', 'clientSecret', 'db_password', 'sessionId', 'X-Auth-Key', ' authToken '])
      expect({ name, hint: plainCredential({ name, value: 'hunter2' }) }).toEqual({ name, hint: true });
    expect(plainCredential({ name: 'token', value: '' })).toBe(true);
  });

  it('is not hinted for ordinary names, a Secret row, or a value that only names another variable', () => {
    for (const name of ['baseUrl', 'userName', 'tokenUrl', 'maxTokens', 'author', 'keyword', 'idempotencyKey', ''])
      expect({ name, hint: plainCredential({ name, value: 'x' }) }).toEqual({ name, hint: false });
    expect(plainCredential({ name: 'token', secret: 'stored-token' })).toBe(false);
    expect(plainCredential({ name: 'token', secret: '' })).toBe(false);
    expect(plainCredential({ name: 'token', value: '{{prodToken}}' })).toBe(false);
    // Text around a reference is a literal again.
    expect(plainCredential({ name: 'token', value: 'Bearer {{t}}' })).toBe(true);
  });
});
