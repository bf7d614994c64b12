import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emergencyNumberFallback } from '../features/alerts/offline-sos-rules.ts';

/**
 * A screen that failed to load (its chunk unreachable on a bad network, or gone after a new build), shown in place of
 * the screen — inside the layout, so the tabs and the SOS tab stay — or alone when the shell itself failed. Whatever
 * failed, it offers a retry and the emergency number: a screen that cannot load never leaves the patient without a
 * way to call for help.
 */
export function RouteError({ full = false }: { full?: boolean }) {
  const { t, i18n } = useTranslation();
  const emergency = emergencyNumberFallback(i18n.language);
  return (
    <Stack p={full ? 'md' : 0} pt={full ? 'xl' : 0} gap="sm" role="alert" maw={560} mx="auto">
      <Text fw={700} size="lg">
        {t('app.routeError.title')}
      </Text>
      <Text size="sm">{t('app.routeError.body')}</Text>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t('app.routeError.retry')}
      </Button>
      <Button size="lg" color="red" component="a" href={`tel:${emergency}`}>
        {t('app.routeError.call', { number: emergency })}
      </Button>
      {full && (
        <Button size="lg" variant="light" color="red" component="a" href="/app/alerts">
          {t('app.routeError.sos')}
        </Button>
      )}
    </Stack>
  );
}
