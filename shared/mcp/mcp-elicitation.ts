/**
 * Elicitation (MCP 2025-06-18+, form mode): a server asks the user for a few values in the middle of
 * a call. The requested schema is a restricted JSON Schema (a flat object of string, number,
 * integer, boolean and enum properties); an accepted answer must fit it before it is sent. Pure, so
 * the core (which refuses bad answers) and the page (which builds the form) read it the same way.
 */
import { isObject } from '../a2a/payload';
import type { McpSamplingAnswer } from './mcp-sampling';

export type McpElicitAction = 'accept' | 'decline' | 'cancel';
export const mcpElicitActions: readonly McpElicitAction[] = ['accept', 'decline', 'cancel'];

/** One value of an accepted form (a multi-select enum gives a list of strings). */
export type McpElicitValue = string | number | boolean | string[];

/** What the client answers to elicitation/create. */
export interface McpElicitResult {
  action: McpElicitAction;
  /** Only with accept: the submitted values, one per property. */
  content?: Record<string, McpElicitValue>;
}

/** One property of the requested form, as the spec allows it. */
export interface McpElicitProperty {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  default?: McpElicitValue;
  minLength?: number;
  maxLength?: number;
  format?: 'email' | 'uri' | 'date' | 'date-time';
  minimum?: number;
  maximum?: number;
  enum?: string[];
  enumNames?: string[];
  oneOf?: Array<{ const: string; title: string }>;
  minItems?: number;
  maxItems?: number;
  items?: { type?: 'string'; enum?: string[]; anyOf?: Array<{ const: string; title: string }> };
}

export interface McpElicitSchema {
  type: 'object';
  properties: Record<string, McpElicitProperty>;
  required?: string[];
}

/**
 * URL mode (MCP 2025-11-25): instead of a form, the server asks the user to open a page (to sign in
 * somewhere, to pay, to consent) and says when that is done with notifications/elicitation/complete.
 * Accepting means the user agreed to open it; the page opens it only on that click, never by itself.
 */
export interface McpElicitationPage {
  mode: 'url';
  url: string;
  /** The server's id for this elicitation (notifications/elicitation/complete names it). */
  elicitationId: string;
}

/** elicitation/create as a stream data event shows it: who asked, what, and how long the core waits. */
export interface McpElicitationPrompt {
  /** The JSON-RPC id of the server's request (mcp.answer names it). */
  serverRequestId: string | number;
  message: string;
  /** Form mode: the form; URL mode: an empty one (an accepted answer then carries no content). */
  requestedSchema: McpElicitSchema;
  /** URL mode: the page to open. */
  page?: McpElicitationPage;
  /** After this many milliseconds without an answer the core answers cancel. */
  timeoutMs: number;
}

/** Who settled an elicitation: the user, a preset answer (CLI --elicit-answer), nobody to ask, the timeout, or Stop. */
export type McpElicitAnsweredBy = 'user' | 'preset' | 'unattended' | 'timeout' | 'stopped';

/** One elicitation in the record: the server's question and the answer it got. */
export interface McpElicitation {
  serverRequestId: string | number;
  /** Milliseconds since the call started. */
  atMs: number;
  message: string;
  requestedSchema: McpElicitSchema;
  answer: McpElicitResult;
  answeredBy: McpElicitAnsweredBy;
  answeredAtMs: number;
  /** URL mode: the page the server asked the user to open. */
  page?: McpElicitationPage;
  /** URL mode: when the server said the page's interaction was done (notifications/elicitation/complete). */
  completedAtMs?: number;
  /** Why the answer is not what was offered (a preset that did not fit the form). */
  note?: string;
}

/** mcp.answer: the user's answer to one pending elicitation or sampling request of a running mcp.stream. */
export interface McpAnswerRequest {
  /** The mcp.stream's requestId. */
  requestId: string;
  serverRequestId: string | number;
  /** An elicitation's answer, or a sampling request's (the question decides which fits). */
  result: McpElicitResult | McpSamplingAnswer;
}

/** The values a property may take from a list (enum, titled oneOf, a multi-select's items), or undefined. */
export function elicitChoices(property: McpElicitProperty): Array<{ value: string; label: string }> | undefined {
  const source = property.type === 'array' ? property.items : property;
  if (!source) return undefined;
  if (Array.isArray(source.enum)) return source.enum.map((value, i) => ({ value, label: (property.type !== 'array' && property.enumNames?.[i]) || value }));
  const titled = 'oneOf' in source && Array.isArray(source.oneOf) ? source.oneOf : 'anyOf' in source && Array.isArray(source.anyOf) ? source.anyOf : undefined;
  return titled?.map((c) => ({ value: c.const, label: c.title || c.const }));
}

const formats: Record<NonNullable<McpElicitProperty['format']>, (s: string) => boolean> = {
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  // A scheme and something after it (shared/ has no URL parser; the server checks the rest).
  uri: (s) => /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(s),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)),
};

function propertyProblem(name: string, property: McpElicitProperty, value: unknown): string | undefined {
  const choices = elicitChoices(property);
  switch (property.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `"${name}" must be true or false.`;
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `"${name}" must be a number.`;
      if (property.type === 'integer' && !Number.isInteger(value)) return `"${name}" must be a whole number.`;
      if (property.minimum !== undefined && value < property.minimum) return `"${name}" must be at least ${property.minimum}.`;
      if (property.maximum !== undefined && value > property.maximum) return `"${name}" must be at most ${property.maximum}.`;
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return `"${name}" must be a list of texts.`;
      if (choices && value.some((v) => !choices.some((c) => c.value === v)))
        return `"${name}" may only hold ${choices.map((c) => JSON.stringify(c.value)).join(', ')}.`;
      if (property.minItems !== undefined && value.length < property.minItems) return `"${name}" needs at least ${property.minItems} choices.`;
      if (property.maxItems !== undefined && value.length > property.maxItems) return `"${name}" allows at most ${property.maxItems} choices.`;
      return undefined;
    }
    case 'string': {
      if (typeof value !== 'string') return `"${name}" must be text.`;
      if (choices)
        return choices.some((c) => c.value === value) ? undefined : `"${name}" must be one of ${choices.map((c) => JSON.stringify(c.value)).join(', ')}.`;
      if (property.minLength !== undefined && value.length < property.minLength) return `"${name}" needs at least ${property.minLength} characters.`;
      if (property.maxLength !== undefined && value.length > property.maxLength) return `"${name}" allows at most ${property.maxLength} characters.`;
      if (property.format && formats[property.format] && !formats[property.format](value)) return `"${name}" must be a valid ${property.format}.`;
      return undefined;
    }
    default:
      return `"${name}" has a type the form does not allow.`;
  }
}

/**
 * Why an answer does not fit the server's question (empty when it does): the action must be one of
 * the three, content goes only with accept and must be a flat object holding every required
 * property, no other, each of its declared type and within its limits.
 */
export function elicitResultProblems(schema: McpElicitSchema, result: unknown): string[] {
  if (!isObject(result)) return ['The answer must be an object with an action (accept, decline or cancel).'];
  const action = result['action'];
  if (typeof action !== 'string' || !(mcpElicitActions as readonly string[]).includes(action))
    return [`The action must be accept, decline or cancel, not ${JSON.stringify(action) ?? 'nothing'}.`];
  const content = result['content'];
  if (action !== 'accept') return content === undefined ? [] : ['Only an accepted answer carries content.'];
  if (content !== undefined && !isObject(content)) return ['The content of an accepted answer must be an object of the form’s values.'];
  const values = content ?? {};
  const problems: string[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const name of Object.keys(values)) if (!Object.hasOwn(properties, name)) problems.push(`"${name}" is not a field of this form.`);
  for (const name of schema.required ?? []) if (values[name] === undefined) problems.push(`"${name}" is required.`);
  for (const [name, property] of Object.entries(properties)) {
    if (values[name] === undefined) continue;
    const problem = propertyProblem(name, property, values[name]);
    if (problem) problems.push(problem);
  }
  return problems;
}
