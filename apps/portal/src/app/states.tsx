import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a list or detail loads (announced as busy). */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={32} />
      ))}
    </Stack>
  );
}
