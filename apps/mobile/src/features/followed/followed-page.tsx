import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder: the Emergency and Caring dashboards of a follower, replaced by the feature's real screens. */
export function FollowedPage() {
  const { t } = useTranslation();
  return <Title order={1} size="h3">{t('followed.title')}</Title>;
}
