import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { onSessionEnded } from './api.ts';
import { handleSessionEnded } from './session.ts';
import i18n from 'i18next';
import { refetchOnLanguageChange } from '@carewatch/i18n/language-refetch';
import { ProfileTimeZone } from './time-zone.tsx';
import { LoadingScreen } from '@carewatch/web/states';
import { readableColors, webTheme } from '@carewatch/web/theme';

// The toasts' container (with its transitions) loads after the first screen; a toast shown before it is kept in the
// notifications store and appears when it mounts.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

onSessionEnded(handleSessionEnded);
// Names the server writes follow the screen's language: a switch refetches what is cached in the old order.
refetchOnLanguageChange(i18n, queryClient);

/** The shared theme in the app's teal, with phone-sized touch targets and readable (WCAG AA) colours. */
function AppMantine({ children }: { children: ReactNode }) {
  // `t` changes with the language: the theme names icon-only controls (modal close) in it.
  const { t } = useTranslation();
  const theme = useMemo(() => webTheme({ primary: 'teal', radius: 'md', touch: true, labels: { close: t('common.close') } }), [t]);
  return <MantineProvider theme={theme} cssVariablesResolver={readableColors}>{children}</MantineProvider>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppMantine>
        <Suspense fallback={null}>
          <Notifications limit={3} position="top-center" />
        </Suspense>
        <ProfileTimeZone>
          {/* The signed-in shell (layout, Home, Alerts) loads after the entry. */}
          <Suspense fallback={<LoadingScreen />}>
            <RouterProvider router={router} />
          </Suspense>
        </ProfileTimeZone>
      </AppMantine>
    </QueryClientProvider>
  );
}
