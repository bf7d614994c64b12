import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { onSessionEnded } from './api.ts';
import { handleSessionEnded } from './session.ts';
import i18n from 'i18next';
import { refetchOnLanguageChange } from '@carewatch/i18n/language-refetch';
import { ProfileTimeZone } from './time-zone.tsx';

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
        <Notifications limit={3} position="top-center" />
        <ProfileTimeZone>
          <RouterProvider router={router} />
        </ProfileTimeZone>
      </MantineProvider>
    </QueryClientProvider>
  );
}
