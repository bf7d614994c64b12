import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { DEFAULT_TENANT_SETTINGS } from '@carewatch/contracts/tenants';
import { refetchOnLanguageChange } from '@carewatch/i18n/language-refetch';
import { WebApp } from '@carewatch/web/app-shell';
import { webTheme } from '@carewatch/web/theme';
import { queryClient } from './query-client.ts';
import { useTenantSettings } from './queries.ts';
import { router } from './router.tsx';
import { DesktopOnly } from './desktop-only.tsx';
import { PermissionsChangedDialog } from './permissions-changed-dialog.tsx';
import { onSessionEnded } from './api.ts';
import { handleSessionEnded } from './session-end.ts';

onSessionEnded(handleSessionEnded);
// Names the server writes follow the screen's language: a switch refetches what is cached in the old order.
refetchOnLanguageChange(i18n, queryClient);

/** The theme from the tenant setting (COLOR → primary palette, FONT → font family); controls named in the language. */
function useBrandedTheme() {
  const settings = useTenantSettings();
  const { t } = useTranslation();
  return useMemo(
    () =>
      webTheme({
        primary: settings?.settings?.COLOR,
        font: settings?.settings?.FONT || DEFAULT_TENANT_SETTINGS.FONT,
        labels: {
          close: t('common.close'),
          pageControl: (c) => t(`messages.${c}Page`),
          page: (n) => t('messages.page', { n }),
        },
      }),
    [settings, t],
  );
}

/** Pages outside the layout (sign-up, print pages, the layout itself) load on first use; toasts stay until closed. */
export function App() {
  return (
    <WebApp
      queryClient={queryClient}
      router={router}
      useTheme={useBrandedTheme}
      zoneKey="cw.tz"
      Frame={DesktopOnly}
      notifications={{ limit: 6, autoClose: false, position: 'top-right' }}
      after={<PermissionsChangedDialog />}
    />
  );
}
