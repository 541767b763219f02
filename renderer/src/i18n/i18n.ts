import { create } from 'zustand';
import { useCallback } from 'react';
import { en, type MessageKey } from './en';
import { ko } from './ko';

export type { MessageKey };
export type Locale = 'en' | 'ko';
export const locales: readonly Locale[] = ['en', 'ko'];

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ko';
}

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, ko };

export type Params = Record<string, string | number>;

/**
 * `{name}` placeholders; a missing parameter stays visible so the gap is noticed, not hidden.
 * `{name, plural, one {# thing} other {# things}}` picks the form by the locale's plural rules (`#` is the number),
 * so a count reads "1 operation", never "1 operations". A missing or non-numeric count uses `other`.
 */
export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const template = catalogues[locale][key] ?? en[key];
  return fillPlaceholders(expandPlurals(locale, template, params ?? {}), params);
}

function fillPlaceholders(template: string, params: Params | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, n: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

const pluralStart = /\{(\w+),\s*plural,/g;

/** Replaces each plural block with its chosen form; braces inside the forms are matched, not regex-guessed. */
function expandPlurals(locale: Locale, template: string, params: Params): string {
  if (!template.includes('plural,')) return template;
  let out = '';
  let from = 0;
  pluralStart.lastIndex = 0;
  for (let match = pluralStart.exec(template); match; match = pluralStart.exec(template)) {
    const name = match[1] ?? '';
    const forms = new Map<string, string>();
    let i = match.index + match[0].length;
    for (;;) {
      while (i < template.length && /\s/.test(template[i] ?? '')) i++;
      if (template[i] === '}') break;
      const open = template.indexOf('{', i);
      if (open < 0) return template;
      const selector = template.slice(i, open).trim();
      let depth = 1;
      let close = open + 1;
      for (; close < template.length && depth > 0; close++) {
        if (template[close] === '{') depth++;
        else if (template[close] === '}') depth--;
      }
      if (depth !== 0) return template;
      forms.set(selector, template.slice(open + 1, close - 1));
      i = close;
    }
    const raw = params[name];
    const n = typeof raw === 'number' ? raw : Number(raw);
    const chosen = Number.isFinite(n) ? (forms.get(`=${n}`) ?? forms.get(pluralCategory(locale, n))) : undefined;
    const form = chosen ?? forms.get('other') ?? '';
    out += template.slice(from, match.index) + form.replace(/#/g, raw === undefined ? `{${name}}` : String(raw));
    from = i + 1;
    pluralStart.lastIndex = from;
  }
  return out + template.slice(from);
}

export function detectLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'ko') return 'ko';
    if (base === 'en') return 'en';
  }
  return 'en';
}

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

export const useLocaleStore = create<LocaleState>()((set) => ({
  locale: 'en',
  setLocale: (locale) => set({ locale }),
}));

export type Translate = (key: MessageKey, params?: Params) => string;

export function useT(): Translate {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((key: MessageKey, params?: Params) => translate(locale, key, params), [locale]);
}

export function currentT(): Translate {
  const locale = useLocaleStore.getState().locale;
  return (key, params) => translate(locale, key, params);
}
