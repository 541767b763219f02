import type { LazyCommand } from '../cli-types';

/**
 * Subcommands register here, one line each, in the order `--help` lists them. Each line names the
 * command, gives the one-line summary `--help` prints, and loads the module only when that command
 * runs, so `powerduck --help` and `powerduck send` load only what they use (test/foundation/cli.test.ts
 * checks every summary against its module's own).
 */
export const commands: readonly LazyCommand[] = [
  { name: 'card', summary: 'fetch, inspect and verify Agent Cards (JWS against a JWKS file)', load: async () => (await import('./card')).cardCommand },
  { name: 'check', summary: 'check an agent against the A2A contract (JSON and JUnit reports)', load: async () => (await import('./check')).checkCommand },
  {
    name: 'send',
    summary: 'send one A2A call (JSON-RPC, HTTP+JSON or gRPC; A2A 1.0 or 0.3) or, with --http, any HTTP request, or with --mcp, an MCP request',
    load: async () => (await import('./send')).sendCommand,
  },
  {
    name: 'history',
    summary: 'list, show, replay or clear the history, its settings, and its retry and duplicate-execution figures',
    load: async () => (await import('./history')).historyCommand,
  },
  {
    name: 'spec',
    summary: 'save A2A requests (x-a2a); list, validate and document every operation of an OpenAPI 3.2 file',
    load: async () => (await import('./spec')).specCommand,
  },
  {
    name: 'run',
    summary: 'send a request saved in an OpenAPI file (x-a2a, x-mcp, or any HTTP operation as "GET /path")',
    load: async () => (await import('./run')).runCommand,
  },
  {
    name: 'servergen',
    summary: 'generate a Node.js A2A adapter project that forwards to an HTTP handler',
    load: async () => (await import('./servergen')).servergenCommand,
  },
  {
    name: 'import',
    summary: 'import an OpenAPI file or URL, a Postman collection or a curl command',
    load: async () => (await import('./import')).importCommand,
  },
  {
    name: 'mcp',
    summary: 'connect to an MCP server (HTTP or stdio) and list its tools, resources and prompts, or watch its notifications',
    load: async () => (await import('./mcp')).mcpCommand,
  },
  {
    name: 'env',
    summary: 'list, show and set environments ({{variables}} for send, run and check --env)',
    load: async () => (await import('./env')).envCommand,
  },
];
