import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder: visitor mode (data kept on this phone only), replaced by the feature's real screens. */
export function VisitorApp() {
  const { t } = useTranslation();
  return <Title order={1} size="h3">{t('devices.title')}</Title>;
}
