import { Alert, Skeleton, Stack } from '@mantine/core';
import { ErrorState as SharedErrorState } from '@carewatch/web/states';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { UpgradeToBasic, isBasicRequired } from '../features/subscription/upgrade-to-basic.tsx';

/** A failed load; a feature of the Basic package refused on Zero (402 BASIC_REQUIRED) shows the way to upgrade instead. */
export function ErrorState(props: { error: unknown; onRetry?: () => void }) {
  if (isBasicRequired(props.error)) return <UpgradeToBasic />;
  return <SharedErrorState {...props} />;
}

/**
 * Placeholder cards while a list loads (announced as busy). Offline, nothing is loading (the request waits for the
 * connection): the screen says so instead of showing placeholders for ever.
 */
export function CardsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  const network = useNetwork();
  if (!network.online)
    return (
      <Alert color="gray" role="status">
        {t('common.offlineNothingSaved')}
      </Alert>
    );
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={72} radius="md" />
      ))}
    </Stack>
  );
}
