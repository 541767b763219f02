import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { httpCodeExamples } from './http-code';
import { httpForLlm } from './http-llm';
import type { HttpExchangeRecord, HttpRequest } from './http-types';

// Every character a shell, a JS string or a Python string could read as syntax.
const hostile = `it's "quoted" $HOME \`id\` $(id) \\ back\nnew line ü ✓ 🦆 \u2028`;
const hostileUrl = `https://api.example.com/p/it's?q=${encodeURIComponent(hostile)}&d=$HOME&b=\`x\``;
const env = { SHOP_TOKEN: 'tok-$(id)-"x"', API_KEY: 'k&y=1', PASS_WORD: "p'w" };

const request: HttpRequest = {
  method: 'POST',
  url: hostileUrl,
  headers: [{ name: 'X-Note', value: `a'b "c" $HOME \`id\` ü` }],
  auth: { type: 'bearer', token: { secretRef: 'shop-token' } },
  body: { kind: 'json', text: JSON.stringify({ note: hostile }) },
};

/** The arguments the shell hands to curl, with the variables set. */
function curlArgs(code: string, vars: Record<string, string>): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${code}`;
  const run = spawnSync('bash', ['-c', script], { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: '/home/nobody', ...vars }, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.split('\0').slice(0, -1);
}

/** What the fetch example calls fetch with. */
async function fetchCall(
  code: string,
  vars: Record<string, string>,
): Promise<{ url: string; init: { method: string; headers: Record<string, string>; body?: string } }> {
  const calls: Array<{ url: string; init: { method: string; headers: Record<string, string>; body?: string } }> = [];
  const fakeFetch = (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; text(): Promise<string> }> => {
    calls.push({ url, init });
    return Promise.resolve({ status: 200, text: () => Promise.resolve('') });
  };
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
  await new AsyncFunction('fetch', 'process', 'console', code)(fakeFetch, { env: vars }, { log: () => undefined });
  const call = calls[0];
  if (!call) throw new Error('fetch was not called');
  return call;
}

/** What the Python example passes to requests.request (a stand-in module records it). */
function pythonCall(code: string, vars: Record<string, string>): { args: string[]; kwargs: Record<string, unknown> } {
  const prelude = [
    'import sys, types, json',
    'fake = types.ModuleType("requests")',
    'def request(*args, **kwargs):',
    '    if isinstance(kwargs.get("data"), bytes): kwargs["data"] = kwargs["data"].decode("utf-8")',
    '    print(json.dumps({"args": list(args), "kwargs": kwargs}))',
    '    return types.SimpleNamespace(status_code=200, text="")',
    'fake.request = request',
    'sys.modules["requests"] = fake',
  ].join('\n');
  const run = spawnSync('python3', ['-c', `${prelude}\n${code}`], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', PYTHONIOENCODING: 'utf-8', ...vars },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  const first = run.stdout.split('\n')[0] ?? '';
  return JSON.parse(first) as { args: string[]; kwargs: Record<string, unknown> };
}

/**
 * The curl and Python tests run the generated code in a real bash or python3: a process start alone can take
 * seconds on a loaded two-core machine (3.5 s seen for python3), past the default 5 s with the rest.
 */
const childProcessTimeout = 30_000;

describe('HTTP code examples with hostile values', () => {
  it(
    'curl: the shell passes every value through literally and expands only the credential',
    () => {
      const args = curlArgs(httpCodeExamples(request).curl, env);
      expect(args).toEqual([
        '-g',
        '-X',
        'POST',
        hostileUrl,
        '-H',
        `X-Note: a'b "c" $HOME \`id\` ü`,
        '-H',
        'Content-Type: application/json',
        '-H',
        `Authorization: Bearer ${env.SHOP_TOKEN}`,
        '--data-binary',
        JSON.stringify({ note: hostile }),
      ]);
    },
    childProcessTimeout,
  );

  it(
    'curl: API keys in the query, Basic users and odd methods are quoted too',
    () => {
      const query = curlArgs(
        httpCodeExamples({
          method: 'GET',
          url: "https://h/x?a='$b'",
          auth: { type: 'apiKey', in: 'query', name: 'api key"$', value: { secretRef: 'api-key' } },
        }).curl,
        env,
      );
      expect(query).toEqual(['-g', '-X', 'GET', `https://h/x?a='$b'&api%20key%22%24=${env.API_KEY}`]);
      const basic = curlArgs(
        httpCodeExamples({ method: 'PROP$(id)', url: 'https://h/', auth: { type: 'basic', username: `u"$'\``, password: { secretRef: 'pass-word' } } }).curl,
        env,
      );
      expect(basic).toEqual(['-g', '-X', 'PROP$(id)', 'https://h/', '-u', `u"$'\`:${env.PASS_WORD}`]);
    },
    childProcessTimeout,
  );

  it('fetch: strings are JavaScript literals, the credential comes from process.env', async () => {
    const call = await fetchCall(httpCodeExamples(request).fetch, env);
    expect(call.url).toBe(hostileUrl);
    expect(call.init.method).toBe('POST');
    expect(call.init.headers).toEqual({ 'X-Note': `a'b "c" $HOME \`id\` ü`, 'Content-Type': 'application/json', Authorization: `Bearer ${env.SHOP_TOKEN}` });
    expect(call.init.body).toBe(JSON.stringify({ note: hostile }));
    const query = await fetchCall(
      httpCodeExamples({ method: 'GET', url: 'https://h/`${x}`', auth: { type: 'apiKey', in: 'query', name: 'k', value: { secretRef: 'api-key' } } }).fetch,
      env,
    );
    expect(query.url).toBe(`https://h/\`\${x}\`?k=${encodeURIComponent(env.API_KEY)}`);
  });

  it(
    'python: strings are Python literals, the credential comes from os.environ',
    () => {
      const call = pythonCall(httpCodeExamples(request).python, env);
      expect(call.args).toEqual(['POST', hostileUrl]);
      expect(call.kwargs['headers']).toEqual({
        'X-Note': `a'b "c" $HOME \`id\` ü`,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${env.SHOP_TOKEN}`,
      });
      expect(call.kwargs['data']).toBe(JSON.stringify({ note: hostile }));
      expect(call.kwargs['allow_redirects']).toBe(false);
    },
    childProcessTimeout,
  );

  it('an environment name that is not an identifier is cleaned, not pasted into code', () => {
    const ex = httpCodeExamples({ method: 'GET', url: 'https://h/', auth: { type: 'bearer', token: { env: 'MY-TOKEN$(id)' } } });
    expect(ex.curl).toContain('"$MY_TOKEN_ID"');
    expect(ex.fetch).toContain('process.env.MY_TOKEN_ID');
  });
});

describe('Copy for LLM of an open request', () => {
  const record: HttpExchangeRecord = {
    protocol: 'http',
    id: 'h1',
    startedAt: '2026-01-01T00:00:00.000Z',
    method: 'POST',
    url: 'https://api.example.com/items',
    request: { url: 'https://api.example.com/items', httpMethod: 'POST', headers: [['Authorization', 'Bearer ‹redacted›']], bodyBytes: 2 },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['Content-Type', 'text/plain']],
      body: 'x'.repeat(30_000),
      bodyBytes: 30_000,
      contentType: 'text/plain',
    },
    timings: { totalMs: 5 },
    outcome: { kind: 'response', status: 200 },
    warnings: [],
  };

  it('gives the request as curl with the credential as a variable, and the exchange cut to size', () => {
    const md = httpForLlm(request, record, 'Add an item');
    expect(md.startsWith('# Add an item\n\n## Request\n\n```sh\ncurl -g -X POST')).toBe(true);
    expect(md).toContain(`"$SHOP_TOKEN"`);
    expect(md).toContain('## Last exchange');
    expect(md).toContain('… (cut)');
    expect(md.length).toBeLessThan(20_000);
  });

  it('without a record or a title, names the request by its line', () => {
    const md = httpForLlm({ method: 'GET', url: 'https://h/' });
    expect(md).toBe("# GET https://h/\n\n## Request\n\n```sh\ncurl -g -X GET 'https://h/'\n```\n");
  });
});
