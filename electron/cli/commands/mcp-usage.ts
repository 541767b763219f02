import { tlsUsage } from '../tls-args';

/** Usage text of `powerduck mcp` and `send --mcp`, apart from the command so `send --help` need not load the MCP SDK. */

const targetOptions = `  --endpoint URL          the server's MCP endpoint (Streamable HTTP, e.g. http://localhost:3000/mcp)
  --transport T           auto (default: Streamable HTTP, then legacy HTTP+SSE if refused),
                          streamable-http or sse
  --stdio -- CMD ARGS…    start a local stdio server instead: everything after -- is the command and
                          its arguments, run as typed (no shell); the command line is printed first.
                          It comes last: Powerduck's own options go before --
  --env-secret VAR=NAME   stdio: set VAR from the stored secret NAME (repeatable)
  --cwd DIR               stdio: start the server in DIR (relative to the current folder; {{variables}}
                          filled as in its arguments); a missing folder exits 2 before anything starts
  --token-env NAME        bearer token from environment variable NAME
  --auth-secret NAME      bearer token from the stored secret NAME
  --token T               bearer token (prefer --token-env or --auth-secret: shell history keeps it)
  --api-key-header H      send the --auth-secret value in header H instead (an API key)
  --oauth2 FLOW …         get the bearer token from an OAuth 2.0 issuer, as \`powerduck send\` does
                          (client-credentials, authorization-code, device-code; --token-url URL or
                          --issuer URL, --client-id ID, --client-secret-env NAME, --scope S,
                          --resource URL): cached and reused while valid
  --header 'K: V'         extra HTTP header (repeatable)
  --insecure              accept any server certificate (local testing only; the record says so)
${tlsUsage}
  --timeout MS            time allowed per request (default 60000)
  --env NAME              fill {{variables}} (endpoint, headers, token, --body params, stdio arguments
                          and --cwd)
                          from this environment (see 'powerduck env'); secret-backed values are
                          never printed or recorded
  --json                  print the full record as JSON`;

export const mcpUsage = `powerduck mcp <info|tools|resources|prompts> [options] (--endpoint URL | --stdio -- CMD ARGS…)
powerduck mcp watch [--subscribe URI]... [--log-level L] [--max-events N] [--for SECONDS] [options]
                    (--endpoint URL | --stdio -- CMD ARGS…)

Connects (initialize), lists what the server offers (every page) and prints it.
  info        server name, version, protocol version, instructions and capabilities
  tools       tools with their arguments; resources: resources and templates; prompts: prompts
  watch       keeps the connection open and prints each notification the server sends between
              calls (resources/updated, tools|resources|prompts/list_changed, log messages), one line
              each (time, method, params; with --json one JSON object per line), until Ctrl-C
${targetOptions}

watch options:
  --subscribe URI         send resources/subscribe for URI after initialize (repeatable); a refusal
                          is printed and the watch goes on
  --log-level L           send logging/setLevel L first (debug … emergency)
  --max-events N          stop after N notifications
  --for SECONDS           stop after SECONDS
  Notes (listening, subscribed, refused, how it ended) go to stderr. Exit 0 when Ctrl-C or a bound
  stops it, 1 when the server ends the session first, 2 when it cannot connect.

A 401 prints what the server asks for (its OAuth metadata: the authorization server to pass as --issuer, the scopes).
Exit codes: 0 ok, 1 the server said no (JSON-RPC error, HTTP error, authorization required),
2 usage, network or transport error.`;

export const sendMcpUsage = `powerduck send --mcp --method M [--body JSON|FILE|-] [--one-page] [options]
                (--endpoint URL | --stdio -- CMD ARGS…)

Sends one MCP request on a fresh connection and prints the answer; notifications (progress,
logging) print as they arrive; Ctrl-C sends notifications/cancelled for the request.
  --method M      tools/call, resources/read, prompts/get, tools/list… (default tools/call)
  --body …        the params as JSON: inline ('{"name":"add","arguments":{"a":1}}'), a file, or -.
                  An argument written as an unquoted {{variable}} ("a": {{n}}) is filled from --env
                  and checked against the type the tool's inputSchema declares (listed first, in
                  the same session): another type exits 2 naming it, and the tool is not called
  --one-page      list methods: only the page the params' cursor names (default: every page)
  --elicit-answer JSON
                  when the server asks for input (elicitation), accept with these values
                  (a JSON object fitting its form); without it the request is declined
  --sampling-answer TEXT
                  offer sampling and answer every sampling/createMessage with TEXT (as model
                  "powerduck-cli"); without it sampling is not offered and the server falls back
  --log-level L   send logging/setLevel L first (debug, info, notice, warning, error, critical,
                  alert, emergency): the server's log messages print from that level up
${targetOptions}

Exit codes: 0 ok, 1 JSON-RPC error, isError result, output that breaks the tool's outputSchema,
HTTP error or authorization required, 2 usage, network or transport error.`;
