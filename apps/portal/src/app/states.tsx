import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}

/** While a page's code loads on first use, inside the layout (the navigation stays). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('common.loadFailed')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{errorText(t, error)}</Text>
        {onRetry && (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>{t('common.retry')}</Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** Placeholder rows while a list or detail loads (announced as busy). */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>{Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={32} />)}</Stack>;
}
