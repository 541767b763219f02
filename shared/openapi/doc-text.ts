/**
 * Text pieces every operation's docs use (A2A and MCP alike): settings rows, the one-line
 * description of an auth reference, Markdown code fences, and what Copy for LLM redacts and cuts.
 */
import type { RedactionRules } from '../a2a/redaction';
import type { XA2aAuth } from './x-a2a-model';
import { isVariableReference } from './x-a2a-model';
import type { CodeVariables } from '../env/environments-model';
import { fillsAnything } from '../env/environments-model';

export interface DocSetting {
  label: string;
  value: string;
}

/**
 * Where a saved reference takes its value from, for the docs: `secretRef: "{{token}}"` is a variable of
 * the picked environment (isVariableReference: the rule the send and the save read it by), any other
 * `secretRef` a named secret in the secret store, `env` a variable of Powerduck's own process.
 */
export function describeSource(ref: { secretRef?: string | undefined; env?: string | undefined }): string {
  if (ref.secretRef === undefined) return `environment variable ${ref.env ?? ''}`;
  return isVariableReference(ref.secretRef) ? `variable ${ref.secretRef.trim()} of the picked environment` : `secret "${ref.secretRef}"`;
}

/** One line describing a saved auth reference, never a secret value. */
export function describeAuth(auth: XA2aAuth | undefined, withReference = true): string {
  if (!auth) return 'none';
  if (auth.scheme === 'oauth2') {
    // The token is obtained at send time; the file names the scheme and the client secret's name.
    const flow = auth.flow === 'clientCredentials' ? 'client credentials' : auth.flow === 'authorizationCode' ? 'authorization code with PKCE' : 'device code';
    const grant = `OAuth 2.0 ${flow} (security scheme "${auth.securityScheme}", client ${auth.clientId}${auth.scopes?.length ? `, scopes ${auth.scopes.join(' ')}` : ''})`;
    if (!withReference || (auth.secretRef === undefined && auth.env === undefined)) return `${grant}; the token is obtained at send time`;
    return `${grant}; client secret from the ${describeSource(auth)}`;
  }
  const scheme =
    auth.scheme === 'bearer' ? 'Bearer token' : auth.scheme === 'basic' ? `HTTP Basic (user ${auth.username})` : `API key in ${auth.in} "${auth.name}"`;
  if (!withReference) return `${scheme}; the credential is supplied at send time and not included here`;
  return `${scheme} from the ${describeSource(auth)}`;
}

/** A fenced block whose fence is longer than any backtick run inside (CommonMark). */
export function fence(language: string, body: string): string {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${body.endsWith('\n') ? body : `${body}\n`}${ticks}`;
}

/** Text for one Markdown table cell: pipes escaped, lines joined. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const json = (value: unknown): string => JSON.stringify(value, null, 2) ?? 'null';

/** What Copy for LLM hides of an operation's exchanges: its API key's header or query name, and every secret value it used. */
export function copyRedaction(auth: XA2aAuth | undefined, secretValues: readonly string[]): RedactionRules {
  const headers: string[] = [];
  const query: string[] = [];
  if (auth?.scheme === 'apiKey') (auth.in === 'header' ? headers : query).push(auth.name);
  return { headers, query, values: secretValues };
}

/** Text cut to `max` characters, saying how much was left out. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… [${text.length - max} more characters cut]`;
}

/** Copy for LLM's line saying where the plain `{{variables}}` were filled from, when anything was. */
export function filledLine(variables: CodeVariables | undefined): string[] {
  if (!variables || !fillsAnything(variables)) return [];
  const from = variables.environment !== undefined ? `the environment "${variables.environment}"` : 'the values given for this run';
  return [
    `Plain {{variables}} are filled in from ${from}; secret-backed and credential-named ones stay {{name}} (or an environment variable in code), never their value.`,
    '',
  ];
}
