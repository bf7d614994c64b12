import { Alert, Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';
import { UpgradeToBasic, isBasicRequired } from '../features/subscription/upgrade-to-basic.tsx';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/** While a screen's code loads on first use, inside the layout (the navigation stays). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  // A feature of the Basic package refused on Zero (402 BASIC_REQUIRED): the way to upgrade, not an error.
  if (isBasicRequired(error)) return <UpgradeToBasic />;
  return (
    <Alert color="red" title={t('common.loadFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(t, error)}</Text>
        {onRetry && <Button size="xs" variant="light" color="red" onClick={onRetry}>{t('common.retry')}</Button>}
      </Stack>
    </Alert>
  );
}

/**
 * Placeholder cards while a list loads (announced as busy). Offline, nothing is loading (the request waits for the
 * connection): the screen says so instead of showing placeholders for ever.
 */
export function CardsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  const network = useNetwork();
  if (!network.online) return <Alert color="gray" role="status">{t('common.offlineNothingSaved')}</Alert>;
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={72} radius="md" />)}
    </Stack>
  );
}
