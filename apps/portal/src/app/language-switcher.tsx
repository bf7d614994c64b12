import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { switchLanguage } from './i18n.ts';

/** English / Tiếng Việt. Saves to localStorage (cw.lang) and, when logged in, to the profile. */
export function LanguageSwitcher({ withLabel = false }: { withLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const change = (lang: string) => {
    if (!switchLanguage(lang)) return;
    if (api.tokens.has()) {
      api.updateLanguage(lang).then(
        (profile) => queryClient.setQueryData(['profile'], profile),
        () => undefined,
      );
    }
  };
  return (
    <NativeSelect
      aria-label={t('language.label')}
      label={withLabel ? t('language.label') : undefined}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(e) => change(e.currentTarget.value)}
      data={[
        { value: 'en', label: t('language.en') },
        { value: 'vi', label: t('language.vi') },
      ]}
      w={150}
    />
  );
}
