import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { onSessionEnded } from './api.ts';
import { handleSessionEnded } from './session.ts';
import i18n from 'i18next';
import { refetchOnLanguageChange } from '@carewatch/i18n/language-refetch';
import { ProfileTimeZone } from './time-zone.tsx';
import { LoadingScreen } from './states.tsx';

// The toasts' container (with its transitions) loads after the first screen; a toast shown before it is kept in the
// notifications store and appears when it mounts.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

onSessionEnded(handleSessionEnded);
// Names the server writes follow the screen's language: a switch refetches what is cached in the old order.
refetchOnLanguageChange(i18n, queryClient);

const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 8,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: 'md',
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Suspense fallback={null}>
          <Notifications limit={3} position="top-center" />
        </Suspense>
        <ProfileTimeZone>
          {/* The signed-in shell (layout, Home, Alerts) loads after the entry. */}
          <Suspense fallback={<LoadingScreen />}>
            <RouterProvider router={router} />
          </Suspense>
        </ProfileTimeZone>
      </MantineProvider>
    </QueryClientProvider>
  );
}
