import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A page that failed to load (its chunk unreachable, or gone after a new version), in place of the page — inside the
 * layout, so the menu stays — with a retry that loads the current version.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Stack p="md" maw={640}>
      <Alert color="red" role="alert" title={t('app.routeErrorTitle')}>
        <Text size="sm">{t('app.routeErrorBody')}</Text>
      </Alert>
      <Button w="fit-content" onClick={() => window.location.reload()}>
        {t('app.routeErrorRetry')}
      </Button>
    </Stack>
  );
}
