import { useId } from 'react';
import { locales, useLocaleStore, type Locale, useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { useSecretsStore } from '../environments';
import { ProxySettingsFields } from './proxy-settings-fields';
import { themeChoices, useThemeStore, type ThemeChoice } from './theme-store';

const localeNames: Record<Locale, string> = { en: 'English', ko: '한국어' };
const themeKey = { system: 'settings.theme.system', light: 'settings.theme.light', dark: 'settings.theme.dark' } as const;

/** Language and theme (both apply at once and are remembered on this machine), the default proxy (kept by the core), and what protects stored secrets. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const id = useId();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const theme = useThemeStore((s) => s.choice);
  const setTheme = useThemeStore((s) => s.setChoice);
  const secretStorage = useSecretsStore((s) => s.storage);
  return (
    <Dialog title={t('settings.title')} onClose={onClose} footer={<DialogButtons buttons={[{ label: t('common.close'), onClick: onClose }]} />}>
      <fieldset>
        <legend>{t('settings.language')}</legend>
        {locales.map((l) => (
          <label key={l} className="check" lang={l}>
            <input type="radio" name={`${id}-locale`} value={l} checked={locale === l} onChange={() => setLocale(l)} />
            {localeNames[l]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('settings.theme')}</legend>
        {themeChoices.map((c: ThemeChoice) => (
          <label key={c} className="check">
            <input type="radio" name={`${id}-theme`} value={c} checked={theme === c} onChange={() => setTheme(c)} />
            {t(themeKey[c])}
          </label>
        ))}
        <p className="muted small">{t('settings.themeHelp')}</p>
      </fieldset>
      <ProxySettingsFields />
      {secretStorage ? (
        <fieldset>
          <legend>{t('settings.secrets')}</legend>
          <p className="small">{t(`settings.secrets.${secretStorage}`)}</p>
          {secretStorage === 'basic-text' ? (
            <p className="error small" role="note">
              {t('settings.secrets.warning')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </Dialog>
  );
}
