import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Loader aria-label={t('app.loading')} />
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
