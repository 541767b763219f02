import { describe, expect, it } from 'vitest';
import { fillKnownHttpVariables } from '../env/http-variables';
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
      `curl -g -X POST 'https://api.example.com/items?x=1' \\\n  -H 'X-Req: it'\\''s' \\\n  -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer '"$ITEMS_TOKEN" \\\n  --data-binary '{"a":1}'`,
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

  it('reads a secret-backed {{variable}} from the environment under its secret’s name, in every language and every place', () => {
    const secretVariables = new Map([
      ['apiKey', 'demo-token'],
      ['sig', 'hook.secret'],
    ]);
    const ex = httpCodeExamples(
      {
        method: 'POST',
        url: 'https://h/items?key={{apiKey}}',
        headers: [{ name: 'X-Sig', value: 'v1={{sig}}; {{unknown}}' }],
        auth: { type: 'bearer', token: { secretRef: '{{apiKey}}' } },
        body: { kind: 'json', text: '{"k":"{{apiKey}}"}' },
      },
      { secretVariables },
    );
    expect(ex.curl).toContain(`'https://h/items?key='"$DEMO_TOKEN"`);
    expect(ex.curl).toContain(`-H 'X-Sig: v1='"$HOOK_SECRET"'; {{unknown}}'`);
    expect(ex.curl).toContain(`-H 'Authorization: Bearer '"$DEMO_TOKEN"`);
    expect(ex.curl).toContain(`--data-binary '{"k":"'"$DEMO_TOKEN"'"}'`);
    expect(ex.fetch).toContain('fetch("https://h/items?key=" + process.env.DEMO_TOKEN, {');
    expect(ex.fetch).toContain('"X-Sig": "v1=" + process.env.HOOK_SECRET + "; {{unknown}}",');
    expect(ex.fetch).toContain('body: "{\\"k\\":\\"" + process.env.DEMO_TOKEN + "\\"}",');
    expect(ex.python).toContain('"https://h/items?key=" + os.environ["DEMO_TOKEN"],');
    expect(ex.python).toContain('data=("{\\"k\\":\\"" + os.environ["DEMO_TOKEN"] + "\\"}").encode("utf-8"),');
    for (const code of Object.values(ex)) expect(code).not.toContain('{{apiKey}}');
  });

  it('imports os in Python only when something is read from the environment', () => {
    const plain = httpCodeExamples({ method: 'GET', url: 'http://h/' });
    expect(plain.python.startsWith('import requests\n')).toBe(true);
    expect(plain.python).not.toContain('import os');
    const withAuth = httpCodeExamples({ method: 'GET', url: 'http://h/', auth: { type: 'basic', username: 'u', password: { secretRef: 'pw' } } });
    expect(withAuth.python.startsWith('import os\nimport requests\n')).toBe(true);
  });

  it('fills dynamic variables with fresh values when the caller asks (the Code view does), else leaves them', () => {
    const request = { method: 'GET', url: 'http://h/{{$uuid}}?t={{$timestamp}}' };
    const fixed = { uuid: () => 'u-1', now: () => 1_700_000_000_000, randomInt: () => 1 };
    expect(httpCodeExamples(fillKnownHttpVariables(request, new Map(), fixed)).curl).toContain("'http://h/u-1?t=1700000000'");
    expect(httpCodeExamples(fillKnownHttpVariables(request, new Map())).curl).toContain("'http://h/{{$uuid}}?t={{$timestamp}}'");
  });
});
