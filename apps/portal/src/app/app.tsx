import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClient } from './query-client.ts';
import { useTenantSettings } from './queries.ts';
import { readableColors, webTheme } from '@carewatch/web/theme';
import { DEFAULT_TENANT_SETTINGS } from '@carewatch/contracts/tenants';
import { router } from './router.tsx';
import { DesktopOnly } from './desktop-only.tsx';
import { PermissionsChangedDialog } from './permissions-changed-dialog.tsx';
import { onSessionEnded } from './api.ts';
import { handleSessionEnded } from './session-end.ts';
import i18n from 'i18next';
import { refetchOnLanguageChange } from '@carewatch/i18n/language-refetch';
import { ProfileTimeZone } from './time-zone.tsx';
import { LoadingScreen } from '@carewatch/web/states';

// The toasts' container (with its transitions) loads after the first screen; a toast shown before it is kept in the
// notifications store and appears when it mounts.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

onSessionEnded(handleSessionEnded);
// Names the server writes follow the screen's language: a switch refetches what is cached in the old order.
refetchOnLanguageChange(i18n, queryClient);

/** Mantine theme from the tenant setting (COLOR → primary palette, FONT → font family). */
function BrandedMantine({ children }: { children: ReactNode }) {
  const settings = useTenantSettings();
  // `t` changes with the language: the theme names icon-only controls (pagination arrows, modal close) in it.
  const { t } = useTranslation();
  const theme = useMemo(() => webTheme({
    primary: settings?.settings?.COLOR,
    font: settings?.settings?.FONT || DEFAULT_TENANT_SETTINGS.FONT,
    labels: { close: t('common.close'), pageControl: (c) => t(`messages.${c}Page`), page: (n) => t('messages.page', { n }) },
  }), [settings, t]);
  return <MantineProvider theme={theme} cssVariablesResolver={readableColors}>{children}</MantineProvider>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>
        <Suspense fallback={null}>
          <Notifications limit={6} autoClose={false} position="top-right" />
        </Suspense>
        <ProfileTimeZone>
          <DesktopOnly>
            {/* Pages outside the layout (sign-up, print pages, the layout itself) load on first use. */}
            <Suspense fallback={<LoadingScreen />}>
              <RouterProvider router={router} />
            </Suspense>
          </DesktopOnly>
        </ProfileTimeZone>
        <PermissionsChangedDialog />
      </BrandedMantine>
    </QueryClientProvider>
  );
}
