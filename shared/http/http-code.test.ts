import { describe, expect, it } from 'vitest';
import { httpCodeExamples } from './http-code';

describe('HTTP code examples', () => {
  it('never holds a secret value and reads it from an environment variable', () => {
    const ex = httpCodeExamples({
      method: 'POST',
      url: 'https://api.example.com/items?x=1',
      auth: { type: 'bearer', token: { secretRef: 'items-token' } },
      headers: [{ name: 'X-Req', value: "it's" }],
      body: { kind: 'json', text: '{"a":1}' },
    });
    expect(ex.curl).toBe(
      `curl -X POST 'https://api.example.com/items?x=1' \\\n  -H 'X-Req: it'\\''s' \\\n  -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer '"$ITEMS_TOKEN" \\\n  --data-binary '{"a":1}'`,
    );
    expect(ex.fetch).toContain('`Bearer ${process.env.ITEMS_TOKEN}`');
    expect(ex.fetch).toContain('redirect: "manual"');
    expect(ex.python).toContain('"Authorization": "Bearer " + os.environ["ITEMS_TOKEN"]');
    expect(ex.python).toContain('allow_redirects=False');
  });

  it('writes form and multipart bodies in each language', () => {
    const form = httpCodeExamples({ method: 'POST', url: 'http://h/', body: { kind: 'urlencoded', fields: [{ name: 'a b', value: 'c' }] } });
    expect(form.curl).toContain("--data-binary 'a+b=c'");
    expect(form.python).toContain('data=[("a b", "c")]');
    const multi = httpCodeExamples({
      method: 'POST',
      url: 'http://h/',
      body: {
        kind: 'multipart',
        fields: [
          { name: 'f', file: { path: '/tmp/x.png' } },
          { name: 't', value: 'v' },
        ],
      },
    });
    expect(multi.curl).toContain("-F 'f=@/tmp/x.png'");
    expect(multi.python).toContain('files=[("f", open("/tmp/x.png", "rb")), ("t", (None, "v"))]');
    expect(multi.fetch).toContain('form.append("t", "v");');
  });
});
