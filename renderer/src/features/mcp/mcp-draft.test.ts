import { describe, expect, it } from 'vitest';
import type { McpOperationDraft } from '../../../../shared/contract/ops-mcp';
import type { PreviewValue } from '../../../../shared/env/variables';
import { environmentPreviewLookup } from '../../../../shared/mcp/command-preview';
import { argsOf, buildCall, commandLine, commandPreview, createMcpDraft, expandTemplate, mcpTabTitle, seedFromOperation, templateVariables } from './mcp-draft';

describe('MCP draft → call', () => {
  it('wraps a tool’s arguments as {name, arguments} and passes its outputSchema for the check', () => {
    const draft = createMcpDraft('t', {
      endpoint: ' http://127.0.0.1:9/mcp ',
      subject: { kind: 'tool', name: 'add' },
      bodyText: '{"a": 1, "b": 2}',
      outputSchema: { type: 'object' },
      auth: { type: 'bearer', token: { secretRef: 'mcp' } },
      headers: [
        { name: 'X-On', value: '1' },
        { name: 'X-Off', value: '2', enabled: false },
        { name: ' ', value: 'blank' },
      ],
    });
    const built = buildCall(draft);
    expect(built).toEqual({
      ok: true,
      value: {
        target: {
          transport: 'auto',
          endpoint: 'http://127.0.0.1:9/mcp',
          headers: [{ name: 'X-On', value: '1' }],
          auth: { type: 'bearer', token: { secretRef: 'mcp' } },
        },
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 2 } },
        outputSchema: { type: 'object' },
      },
    });
  });

  it('sends the editor object as params for other methods, and none when it is empty', () => {
    const read = buildCall(createMcpDraft('t', { endpoint: 'http://x/mcp', method: 'resources/read', bodyText: '{"uri":"mem://a"}' }));
    expect(read.ok && read.value.params).toEqual({ uri: 'mem://a' });
    const ping = buildCall(createMcpDraft('t', { endpoint: 'http://x/mcp', method: 'ping', bodyText: '{}' }));
    expect(ping.ok && 'params' in ping.value).toBe(false);
  });

  it("params with an unquoted {{name}} go to the core as paramsText (a tool's arguments wrapped as text); quoted ones stay plain params", () => {
    const tool = buildCall(
      createMcpDraft('t', { endpoint: 'http://x/mcp', bodyText: '{"a": {{n}}, "b": [{{ b }}]}\n', subject: { kind: 'tool', name: 'a"dd' } }),
    );
    expect(tool.ok && tool.value).toMatchObject({ paramsText: '{"name": "a\\"dd", "arguments": {"a": {{n}}, "b": [{{ b }}]}\n}' });
    expect(tool.ok && 'params' in tool.value).toBe(false);
    const other = buildCall(createMcpDraft('t', { endpoint: 'http://x/mcp', method: 'prompts/get', bodyText: '{"name": "p", "arguments": {"n": {{n}}}}' }));
    expect(other.ok && other.value).toMatchObject({ paramsText: '{"name": "p", "arguments": {"n": {{n}}}}' });
    const quoted = buildCall(createMcpDraft('t', { endpoint: 'http://x/mcp', bodyText: '{"a": "{{n}}"}', subject: { kind: 'tool', name: 'add' } }));
    expect(quoted.ok && quoted.value.params).toEqual({ name: 'add', arguments: { a: '{{n}}' } });
    // The shape is still checked: broken JSON around the reference, or a reference that is not an object where one is needed.
    expect(buildCall(createMcpDraft('t', { endpoint: 'http://x', bodyText: '{"a": {{n}} "b": 1}' }))).toEqual({
      ok: false,
      message: expect.stringMatching(/does not parse/),
    });
    expect(buildCall(createMcpDraft('t', { endpoint: 'http://x', bodyText: '[{{n}}]', method: 'ping' }))).toEqual({
      ok: false,
      message: 'Params must be a JSON object.',
    });
  });

  it('refuses clearly: no endpoint, no command, no method, broken JSON, a non-object', () => {
    expect(buildCall(createMcpDraft('t'))).toEqual({ ok: false, message: expect.stringMatching(/MCP endpoint/) });
    expect(buildCall(createMcpDraft('t', { transport: 'stdio', command: '  ' }))).toEqual({ ok: false, message: expect.stringMatching(/command/) });
    expect(buildCall(createMcpDraft('t', { endpoint: 'http://x', method: ' ' }))).toEqual({ ok: false, message: expect.stringMatching(/method/) });
    expect(buildCall(createMcpDraft('t', { endpoint: 'http://x', bodyText: '{"a":' }))).toEqual({
      ok: false,
      message: expect.stringMatching(/does not parse/),
    });
    expect(buildCall(createMcpDraft('t', { endpoint: 'http://x', bodyText: '[1]', subject: { kind: 'tool', name: 'x' } }))).toEqual({
      ok: false,
      message: 'Tool arguments must be a JSON object.',
    });
    expect(buildCall(createMcpDraft('t', { endpoint: 'http://x', bodyText: '"s"', method: 'ping' }))).toEqual({
      ok: false,
      message: 'Params must be a JSON object.',
    });
  });

  it('keeps hostile keys as plain data', () => {
    const built = buildCall(
      createMcpDraft('t', { endpoint: 'http://x', subject: { kind: 'tool', name: 'x' }, bodyText: '{"__proto__": {"polluted": true}, "constructor": 1}' }),
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const args = built.value.params?.['arguments'] as Record<string, unknown>;
    expect(Object.keys(args)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('stdio: command, one argument per line kept exactly, env only with a name', () => {
    const draft = createMcpDraft('t', {
      transport: 'stdio',
      command: ' node ',
      argsText: 'server.js\n\n  --name=a b  \n',
      env: [
        { name: 'API_KEY', value: { secretRef: 'k' } },
        { name: '', value: { secretRef: 'unused' } },
      ],
      method: 'ping',
    });
    const built = buildCall(draft);
    expect(built.ok && built.value.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '  --name=a b  '],
      env: [{ name: 'API_KEY', value: { secretRef: 'k' } }],
    });
    expect(argsOf('a\r\nb')).toEqual(['a', 'b']);
  });

  it('shows the command line as a shell would read it', () => {
    expect(commandLine('node', ['server.js', '--name=my server', '', "it's"])).toBe(`node server.js '--name=my server' '' 'it'\\''s'`);
  });

  it('previews what will run: the arguments filled from the environment, a secret by its name, unfilled names listed', () => {
    const values: Record<string, PreviewValue> = {
      base: { value: '/srv/{{app}}' },
      app: { value: 'mcp' },
      token: { secret: 'api-token' },
    };
    const lookup = (name: string) => values[name];
    expect(commandPreview({ command: '{{base}}/bin', args: ['{{base}}/server.js', '--token={{token}}', '--id={{$uuid}}'] }, lookup)).toEqual({
      // The command runs as written (the core fills only the arguments); a dynamic name gets its value at start.
      line: "'{{base}}/bin' /srv/mcp/server.js '--token=‹secret: api-token›' '--id={{$uuid}}'",
      env: [],
      filled: true,
      unfilled: [],
    });
    expect(commandPreview({ command: 'node', args: ['{{dir}}/s.js', '{{base}}', '{{dir}}'] }, lookup)).toEqual({
      line: "node '{{dir}}/s.js' /srv/mcp '{{dir}}'",
      env: [],
      filled: true,
      unfilled: ['dir'],
    });
    expect(commandPreview({ command: 'node', args: ['s.js'] }, () => undefined)).toEqual({ line: 'node s.js', env: [], filled: false, unfilled: [] });
  });

  it('previews the working directory filled like the arguments, a relative one with the folder it is read against', () => {
    const values: Record<string, PreviewValue> = { root: { value: '/srv' } };
    const lookup = (name: string) => values[name];
    expect(commandPreview({ command: 'node', cwd: ' {{root}}/app ' }, lookup)).toMatchObject({ cwd: '/srv/app', filled: true, unfilled: [] });
    expect(commandPreview({ command: 'node', cwd: 'server', cwdBase: '/specs' }, lookup)).toMatchObject({ cwd: 'server', cwdBase: '/specs', filled: false });
    expect(commandPreview({ command: 'node', cwd: '{{nowhere}}' }, lookup).unfilled).toEqual(['nowhere']);
    // No folder: none is shown, and a base alone says nothing.
    expect(commandPreview({ command: 'node', cwd: '  ', cwdBase: '/specs' }, lookup)).not.toHaveProperty('cwd');
  });

  it('previews the environment: a secret by its name, a value named like a credential hidden, others as they are', () => {
    const env = environmentPreviewLookup({
      name: 'dev',
      variables: [
        { name: 'apiToken', value: 'plain-t0ken' },
        { name: 'mode', value: 'debug' },
        { name: 'gh', secret: 'github-token' },
      ],
    });
    const preview = commandPreview(
      {
        command: 'node',
        args: ['--auth={{apiToken}}', '--mode={{mode}}'],
        env: [
          { name: 'GITHUB_TOKEN', value: { secretRef: 'gh-pat' } },
          { name: 'API_KEY', value: { value: 'typed-k3y' } },
          { name: 'SERVICE_PASSWORD', value: { secretRef: '{{mode}}' } },
          { name: 'UPSTREAM_TOKEN', value: { secretRef: '{{gh}}' } },
          { name: 'LOG_LEVEL', value: { value: '{{mode}}' } },
          { name: 'HOME_DIR', value: { env: 'HOME' } },
        ],
      },
      env,
    );
    expect(preview.line).toBe("node '--auth=‹hidden: apiToken›' --mode=debug");
    expect(preview.env).toEqual([
      { name: 'GITHUB_TOKEN', shown: '‹secret: gh-pat›' },
      { name: 'API_KEY', shown: '‹hidden›' },
      { name: 'SERVICE_PASSWORD', shown: '‹hidden›' },
      { name: 'UPSTREAM_TOKEN', shown: '‹secret: github-token›' },
      { name: 'LOG_LEVEL', shown: 'debug' },
      { name: 'HOME_DIR', shown: '$HOME' },
    ]);
    expect(JSON.stringify(preview)).not.toMatch(/plain-t0ken|typed-k3y/);
  });

  it('reads a saved operation back: a tool call edits its arguments; others their params', () => {
    const op: McpOperationDraft = {
      file: '/w/requests.openapi.yaml',
      path: '/mcp/tools/add',
      summary: 'Add',
      call: { target: { transport: 'streamable-http', endpoint: 'http://x/mcp' }, method: 'tools/call', params: { name: 'add', arguments: { a: 1 } } },
      subject: { kind: 'tool', name: 'add' },
      inputSchema: { type: 'object' },
    };
    const seed = seedFromOperation(op);
    expect(seed).toMatchObject({
      transport: 'streamable-http',
      endpoint: 'http://x/mcp',
      method: 'tools/call',
      bodyText: '{\n  "a": 1\n}\n',
      operation: { file: op.file, path: op.path, summary: 'Add' },
    });
    const stdio = seedFromOperation({
      ...op,
      call: { target: { transport: 'stdio', command: 'node', args: ['a', 'b'] }, method: 'prompts/get', params: { name: 'greet' } },
      subject: { kind: 'prompt', name: 'greet' },
    });
    expect(stdio).toMatchObject({ transport: 'stdio', command: 'node', argsText: 'a\nb', bodyText: '{\n  "name": "greet"\n}\n' });
  });

  it('titles tabs by host or program', () => {
    expect(mcpTabTitle(createMcpDraft('t', { endpoint: 'http://127.0.0.1:5/mcp' }))).toBe('127.0.0.1:5');
    expect(mcpTabTitle(createMcpDraft('t', { transport: 'stdio', command: '/usr/bin/node' }))).toBe('stdio · node');
    expect(mcpTabTitle(createMcpDraft('t'))).toBe('MCP');
  });

  it('titles a tab whose endpoint holds {{variables}} as typed, not lowercased by a URL parser', () => {
    expect(mcpTabTitle(createMcpDraft('t', { endpoint: '{{mcpBaseUrl}}/mcp' }))).toBe('{{mcpBaseUrl}}/mcp');
    expect(mcpTabTitle(createMcpDraft('t', { endpoint: 'http://Tools.Example/mcp' }))).toBe('tools.example');
  });
});

describe('resource templates', () => {
  it('lists variables of every expression kind once', () => {
    expect(templateVariables('mem://items/{id}')).toEqual(['id']);
    expect(templateVariables('file:///{+path}{?q,page}{#frag}{id}')).toEqual(['path', 'q', 'page', 'frag', 'id']);
    expect(templateVariables('x://{list*}/{short:3}')).toEqual(['list', 'short']);
  });

  it('expands with percent-encoding, reserved expansion and query forms', () => {
    expect(expandTemplate('mem://items/{id}', { id: 'a b/c' })).toBe('mem://items/a%20b%2Fc');
    expect(expandTemplate('file:///{+path}', { path: 'docs/a b.md' })).toBe('file:///docs/a%20b.md');
    expect(expandTemplate('x://s{?q,page}', { q: 'a&b', page: '2' })).toBe('x://s?q=a%26b&page=2');
    expect(expandTemplate('x://s{?q,page}', {})).toBe('x://s');
    expect(expandTemplate('x://{a}{/b}', { a: '1', b: '2' })).toBe('x://1/2');
  });

  it('ignores inherited names (a template variable called __proto__ or constructor)', () => {
    expect(expandTemplate('x://{constructor}/{__proto__}', {})).toBe('x:///');
  });
});

describe('MCP draft roots', () => {
  it('offers the file:// roots typed one per line (with optional names); none typed, none offered', () => {
    const draft = createMcpDraft('t', { endpoint: 'http://127.0.0.1:9/mcp', bodyText: '{"name":"roots"}', method: 'tools/call' });
    const without = buildCall(draft);
    expect(without.ok && 'roots' in without.value).toBe(false);
    const built = buildCall({ ...draft, rootsText: 'file:///home/me/project My project\n\n  file:///tmp  \n' });
    expect(built.ok && built.value.roots).toEqual([{ uri: 'file:///home/me/project', name: 'My project' }, { uri: 'file:///tmp' }]);
  });

  it('refuses a root that is not a file:// URI, naming its line', () => {
    const draft = createMcpDraft('t', { endpoint: 'http://127.0.0.1:9/mcp', bodyText: '{"name":"roots"}', rootsText: 'file:///ok\nhttps://nope' });
    expect(buildCall(draft)).toEqual({ ok: false, message: 'Root on line 2 must be a file:// URI (e.g. file:///home/me/project).' });
  });
});

describe('MCP draft sampling', () => {
  it('offers sampling by default (the request says nothing) and turns it off only when unticked', () => {
    const draft = createMcpDraft('t', { endpoint: 'http://127.0.0.1:9/mcp', bodyText: '{"name":"sample"}' });
    const on = buildCall(draft);
    expect(on.ok && 'offerSampling' in on.value).toBe(false);
    const off = buildCall({ ...draft, offerSampling: false });
    expect(off.ok && off.value.offerSampling).toBe(false);
    // A seed (a restored tab) keeps it off; anything but false is the default.
    expect(createMcpDraft('u', { offerSampling: false }).offerSampling).toBe(false);
    expect('offerSampling' in createMcpDraft('v', { offerSampling: true })).toBe(false);
  });

  it('sends the chosen server log level; none chosen, none sent', () => {
    const draft = createMcpDraft('t', { endpoint: 'http://127.0.0.1:9/mcp', bodyText: '{"name":"log"}' });
    const none = buildCall(draft);
    expect(none.ok && 'logLevel' in none.value).toBe(false);
    const chosen = buildCall({ ...draft, logLevel: 'warning' });
    expect(chosen.ok && chosen.value.logLevel).toBe('warning');
    expect(createMcpDraft('u', { logLevel: 'error' }).logLevel).toBe('error');
  });
});

describe('an MCP tab’s TLS settings', () => {
  it('go with an HTTP target as the HTTP tab sends them (blank fields left out), never with a stdio one', () => {
    const tls = { caFile: ' /certs/ca.crt ', certFile: '/certs/client.crt', keyFile: '/certs/client.key', pfxFile: '' };
    const http = buildCall(createMcpDraft('t', { endpoint: 'https://127.0.0.1:9/mcp', tls }));
    expect(http.ok && http.value.target).toMatchObject({ tls: { caFile: '/certs/ca.crt', certFile: '/certs/client.crt', keyFile: '/certs/client.key' } });
    expect(http.ok && 'tls' in http.value.target && http.value.target.tls).not.toHaveProperty('pfxFile');
    const none = buildCall(createMcpDraft('t', { endpoint: 'https://127.0.0.1:9/mcp', tls: { caFile: '' } }));
    expect(none.ok && none.value.target).not.toHaveProperty('tls');
    const stdio = buildCall(createMcpDraft('t', { transport: 'stdio', command: 'node', tls }));
    expect(stdio.ok && stdio.value.target).not.toHaveProperty('tls');
  });
});
