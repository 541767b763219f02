/**
 * Dynamic variables: `{{$uuid}}`, `{{$timestamp}}`… filled by the core at send time with a fresh
 * value per occurrence, the way Postman, Insomnia and Bruno users expect. They are not environment
 * variables: no environment is needed, nothing is stored, and the values sent are not secrets (the
 * record shows them). Pure: the core hands in its clock and random sources.
 */
import { newUuid } from '../a2a/ids';

/** Where fresh values come from (the core's crypto and clock; tests pass fixed ones). */
export interface DynamicSource {
  uuid(): string;
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** A whole number from 0 to `max` inclusive. */
  randomInt(max: number): number;
}

/**
 * Fresh values from the platform's own sources, for where no core is at hand (the page's Code
 * examples); the core uses node:crypto and its injected clock.
 */
export const platformDynamicSource: DynamicSource = {
  uuid: () => newUuid(),
  now: () => Date.now(),
  randomInt: (max) => Math.floor(Math.random() * (max + 1)),
};

const makers: Record<string, (source: DynamicSource) => string> = {
  $uuid: (s) => s.uuid(),
  // Postman's older name for the same thing.
  $guid: (s) => s.uuid(),
  $timestamp: (s) => String(Math.floor(s.now() / 1000)),
  $isoTimestamp: (s) => new Date(s.now()).toISOString(),
  $randomInt: (s) => String(s.randomInt(1000)),
};

/** The names the resolver knows, as written in a request. */
export const dynamicVariableNames: readonly string[] = Object.keys(makers);

export function isDynamicName(name: string): boolean {
  return name.startsWith('$');
}

/** A fresh value for a known dynamic name, else undefined (the caller refuses the send, naming the known ones). */
export function dynamicValue(name: string, source: DynamicSource): string | undefined {
  return Object.hasOwn(makers, name) ? (makers[name] as (s: DynamicSource) => string)(source) : undefined;
}

export function unknownDynamicMessage(names: readonly string[]): string {
  const list = names.map((n) => `{{${n}}}`).join(', ');
  const known = dynamicVariableNames.map((n) => `{{${n}}}`).join(', ');
  return `${names.length === 1 ? `${list} is not a dynamic variable` : `${list} are not dynamic variables`}; the known ones are ${known}. Nothing was sent.`;
}
