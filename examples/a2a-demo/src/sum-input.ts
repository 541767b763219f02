import { MAX_NUMBERS } from './defaults.js';

/**
 * The parts of an incoming message the summing skill looks at, already reduced to plain values
 * (the SDK hands the agent its internal objects; `sum-agent.ts` maps them here).
 */
export type InputPart = { kind: 'text'; text: string } | { kind: 'data'; data: unknown } | { kind: 'other' };

export type SumInput =
  { ok: true; numbers: number[]; total: number } | { ok: false; reason: 'no-numbers' | 'too-many' | 'not-finite' | 'bad-data'; explanation: string };

export const ACCEPTED_INPUT =
  'I add up numbers. Send a data part {"numbers":[12,30]}, or text such as "12 30", "[12,30]" or "12+30" ' +
  `(1 to ${MAX_NUMBERS} finite numbers; file parts are ignored).`;

// Decimal numbers with an optional sign and exponent. A leading "+" is kept so "12+30" reads as 12 and +30.
const NUMBER_IN_TEXT = /[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/g;
const NON_FINITE_WORD = /\b(?:infinity|inf|nan)\b/i;

function refuse(reason: Exclude<SumInput, { ok: true }>['reason'], detail: string): SumInput {
  return { ok: false, reason, explanation: `${detail} ${ACCEPTED_INPUT}` };
}

/** Reads the numbers out of a message's parts and adds them up; never throws. */
export function readSumInput(parts: readonly InputPart[]): SumInput {
  const numbers: number[] = [];
  for (const part of parts) {
    if (part.kind === 'text') {
      if (NON_FINITE_WORD.test(part.text)) return refuse('not-finite', 'Only finite numbers can be added.');
      // Stop one past the limit: enough to refuse, without scanning a huge text to the end.
      for (const match of part.text.matchAll(NUMBER_IN_TEXT)) {
        numbers.push(Number(match[0]));
        if (numbers.length > MAX_NUMBERS) break;
      }
    } else if (part.kind === 'data') {
      const list = numbersOfData(part.data);
      if (list === undefined) continue;
      if (list === 'invalid') return refuse('bad-data', 'The data part\'s "numbers" must be a list of numbers.');
      numbers.push(...list.slice(0, MAX_NUMBERS + 1));
    }
    if (numbers.length > MAX_NUMBERS) {
      return refuse('too-many', `That is more than ${MAX_NUMBERS} numbers.`);
    }
  }
  if (numbers.length === 0) return refuse('no-numbers', 'I found no numbers in your message.');
  if (!numbers.every(Number.isFinite)) return refuse('not-finite', 'Only finite numbers can be added.');
  const total = numbers.reduce((sum, n) => sum + n, 0);
  if (!Number.isFinite(total)) return refuse('not-finite', 'The sum is too large to be a finite number.');
  return { ok: true, numbers, total };
}

/** `{"numbers":[…]}` or a bare `[…]`; undefined when the data part says nothing about numbers. */
function numbersOfData(data: unknown): number[] | 'invalid' | undefined {
  const list = Array.isArray(data) ? data : isRecord(data) && 'numbers' in data ? data['numbers'] : undefined;
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) return 'invalid';
  // JSON has no Infinity/NaN, but a string "Infinity" or a nested object is still not a number.
  if (!list.every((n): n is number => typeof n === 'number')) return 'invalid';
  return list;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
