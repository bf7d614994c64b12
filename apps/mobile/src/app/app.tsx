import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { refetchOnLanguageChange } from '@carewatch/i18n/language-refetch';
import { WebApp } from '@carewatch/web/app-shell';
import { webTheme } from '@carewatch/web/theme';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { onSessionEnded } from './api.ts';
import { handleSessionEnded } from './session.ts';

onSessionEnded(handleSessionEnded);
// Names the server writes follow the screen's language: a switch refetches what is cached in the old order.
refetchOnLanguageChange(i18n, queryClient);

/** The shared theme in the app's teal, with phone-sized touch targets (icon-only controls named in the language). */
function useAppTheme() {
  const { t } = useTranslation();
  return useMemo(
    () => webTheme({ primary: 'teal', radius: 'md', touch: true, labels: { close: t('common.close') } }),
    [t],
  );
}

/** The signed-in shell (layout, Home, Alerts) loads after the entry; this device's zone under its own key. */
export function App() {
  return (
    <WebApp
      queryClient={queryClient}
      router={router}
      useTheme={useAppTheme}
      zoneKey="cw.app.tz"
      notifications={{ limit: 3, position: 'top-center' }}
    />
  );
}
