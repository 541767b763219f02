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

/** `{name}` placeholders; a missing parameter stays visible so the gap is noticed, not hidden. */
export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const template = catalogues[locale][key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
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
