import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder: replaced by the feature's real screen. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  return <Title order={1} size="h3">{t('profile.title')}</Title>;
}
