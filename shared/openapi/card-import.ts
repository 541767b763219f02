/**
 * Import from an Agent Card: one operation per (interface, method) the user picks, with the
 * card URL and, on request, a snapshot of the card. The plan lists what the card offers so the
 * UI can present the choice; building turns the picks into drafts the core saves.
 */
import { hasLiteralSecret, type AuthConfig } from '../a2a/auth';
import type { A2aCall } from '../a2a/call';
import { methodsFor } from '../a2a/catalogue';
import { exampleBody } from '../a2a/body-templates';
import type { A2aVersion } from '../a2a/versions';
import { applyInterface } from '../card/apply-interface';
import { cardAuthChoices, type CardAuthChoice, type CardAuthUnusable } from '../card/card-auth';
import { interfaceTarget } from '../card/card-interfaces';
import { summarizeCard } from '../card/card-summary';
import type { CardInterfaceSummary, CardSecuritySchemeSummary } from '../card/card-types';
import { detectCardVersion } from '../card/card-version';
import type { SaveDraft } from './operation-build';
import { isObject } from '../a2a/payload';

export interface ImportableMethod {
  name: string;
  summary: string;
  streaming: boolean;
  /** False when the card says the agent lacks the capability the method needs (it can still be picked). */
  advertised: boolean;
  note?: string;
}

export interface ImportableInterface extends CardInterfaceSummary {
  version?: A2aVersion;
  methods: ImportableMethod[];
}

export interface CardImportPlan {
  cardName: string;
  cardVersion: '1.0' | '0.3';
  /** Default prefix of the operation paths (`/agents/<card-name>`). */
  pathPrefix: string;
  interfaces: ImportableInterface[];
  securitySchemes: CardSecuritySchemeSummary[];
  /**
   * The card's security schemes as prefilled auth configs, exactly as "Use the card's auth" offers
   * them (OAuth 2.0 per flow and OpenID Connect with their endpoints and scopes; API key, Bearer,
   * Basic), and the schemes that cannot be one, with the reason.
   */
  auth: { choices: CardAuthChoice[]; unusable: CardAuthUnusable[] };
}

export interface CardImportPick {
  /** Index into plan.interfaces. */
  interfaceIndex: number;
  methods: string[];
}

export interface CardImportOptions {
  /** The Agent Card JSON (as fetched by the card feature). */
  card: unknown;
  cardUrl: string;
  /** Interfaces (indexes from `planCardImport(card).interfaces`) and the methods to create. */
  picks: CardImportPick[];
  /** Keep a snapshot of the card in each operation's x-a2a.agentCard. */
  snapshot?: boolean;
  /** Default `/agents/<card name>`. */
  pathPrefix?: string;
  /**
   * The auth every created operation carries (typically one of `plan.auth.choices` with its
   * client id and secret names filled in): secrets as names only; a save writes an OAuth one as
   * `components.securitySchemes` + `security` like any other save.
   */
  auth?: AuthConfig;
}

export interface ImportedDraft {
  path: string;
  draft: SaveDraft;
}

export type CardImportResult = { ok: true; drafts: ImportedDraft[] } | { ok: false; message: string };

export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'agent';
}

function methodAdvertised(
  category: string,
  streaming: boolean,
  caps: { streaming?: boolean; pushNotifications?: boolean; extendedAgentCard?: boolean },
): { advertised: boolean; note?: string } {
  if (streaming && caps.streaming !== true) return { advertised: false, note: 'The card does not declare capabilities.streaming.' };
  if (category === 'push-config' && caps.pushNotifications !== true) return { advertised: false, note: 'The card does not declare push notifications.' };
  if (category === 'card' && caps.extendedAgentCard !== true) return { advertised: false, note: 'The card does not declare an extended card.' };
  return { advertised: true };
}

/** `cardUrl` (where the card was read) resolves relative URLs in its security schemes. */
export function planCardImport(card: unknown, cardUrl?: string): CardImportPlan {
  const version = detectCardVersion(card).version;
  const summary = summarizeCard(card, version);
  const interfaces: ImportableInterface[] = summary.interfaces.map((entry) => {
    const target = interfaceTarget(entry);
    if (!target) return { ...entry, methods: [] };
    const methods = methodsFor(target.version, target.binding).map((m) => ({
      name: m.name,
      summary: m.summary,
      streaming: m.streaming,
      ...methodAdvertised(m.category, m.streaming, summary.capabilities),
    }));
    return { ...entry, version: target.version, methods };
  });
  const plan: CardImportPlan = {
    cardName: summary.name,
    cardVersion: version,
    pathPrefix: `/agents/${slug(summary.name)}`,
    interfaces,
    securitySchemes: summary.securitySchemes,
    auth: cardAuthChoices(card, version, cardUrl !== undefined ? { cardUrl } : {}),
  };
  return plan;
}

function bindingSlug(binding: string): string {
  return binding === 'HTTP+JSON' ? 'rest' : binding.toLowerCase();
}

/** Drafts for the picked methods; paths avoid the ones already in the file. */
export function buildCardImport(options: CardImportOptions, existingPaths: ReadonlySet<string> = new Set()): CardImportResult {
  const plan = planCardImport(options.card, options.cardUrl);
  if (!options.picks.length) return { ok: false, message: 'Pick at least one interface and method to import.' };
  if (options.auth && hasLiteralSecret(options.auth))
    return { ok: false, message: 'The auth for imported operations names its secrets; store the value as a secret first.' };
  const prefix = (options.pathPrefix ?? plan.pathPrefix).replace(/\/+$/, '');
  if (!prefix.startsWith('/')) return { ok: false, message: 'The path prefix must start with "/".' };
  const taken = new Set(existingPaths);
  const drafts: ImportedDraft[] = [];
  const snapshot = options.snapshot && isObject(options.card) ? options.card : undefined;
  for (const pick of options.picks) {
    const entry = plan.interfaces[pick.interfaceIndex];
    if (!entry) return { ok: false, message: `The card has no interface #${pick.interfaceIndex}.` };
    if (!entry.version || !entry.callable)
      return {
        ok: false,
        message: `Interface #${pick.interfaceIndex} (${entry.binding} ${entry.protocolVersion}) cannot be called: ${entry.notCallableReason ?? 'unsupported'}.`,
      };
    for (const method of pick.methods) {
      const known = entry.methods.find((m) => m.name === method);
      if (!known) return { ok: false, message: `${method} is not an A2A ${entry.version} method over ${entry.binding}.` };
      const base = `${prefix}/${bindingSlug(entry.binding)}${entry.version === '0.3' ? '-v0.3' : ''}/${slug(method.replace(/\//g, '-'))}`;
      let path = base;
      for (let n = 2; taken.has(path); n++) path = `${base}-${n}`;
      taken.add(path);
      // A card may list a gRPC interface as bare host:port; the card feature decides the scheme.
      const applied = applyInterface({
        card: options.card,
        interfaceIndex: entry.index,
        current: { endpoint: entry.url, binding: entry.binding as A2aCall['binding'], version: entry.version },
      });
      const call: A2aCall = {
        version: entry.version,
        binding: entry.binding as A2aCall['binding'],
        endpoint: applied.ok ? applied.result.draft.endpoint : entry.url,
        method,
        body: exampleBody(entry.version, method),
      };
      if (entry.tenant) call.tenant = entry.tenant;
      if (options.auth && options.auth.type !== 'none') call.auth = options.auth;
      drafts.push({
        path,
        draft: {
          call,
          summary: `${plan.cardName || 'Agent'}: ${method} (${entry.binding}, A2A ${entry.version})`,
          agentCardUrl: options.cardUrl,
          ...(snapshot ? { agentCard: snapshot } : {}),
        },
      });
    }
  }
  return { ok: true, drafts };
}
