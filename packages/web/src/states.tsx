import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';

/** The whole screen while start-up data loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh">
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

/** A failed load: what went wrong, in the screen's language, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('common.loadFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(t, error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
