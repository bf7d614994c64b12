import { AppShell, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { HighRiskPrompt } from '../features/alerts/high-risk-prompt.tsx';
import { SosLevelNotice } from '../features/alerts/sos-level-notice.tsx';
import { SyncStatus } from '../features/sync/sync-status.tsx';
import { PendingSosBanner } from '../features/alerts/pending-sos-banner.tsx';
import { useAppRealtime } from './realtime.ts';
import { PageLoading } from '@carewatch/web/states';
import { PushIntro } from '../features/profile/push-intro.tsx';
import { DosePrompt } from '../features/medication/dose-prompt.tsx';

/** Bottom navigation: only the screens that exist (no dead links). */
const NAV = [
  { to: '/', key: 'nav.home', icon: '⌂', end: true },
  { to: '/alerts', key: 'alerts.nav', icon: '⚠', end: false },
  { to: '/contacts', key: 'contacts.title', icon: '☺', end: false },
  { to: '/settings', key: 'nav.settings', icon: '⚙', end: false },
] as const;

export function AppLayout() {
  const { t } = useTranslation();
  useAppRealtime();
  const network = useNetwork();
  return (
    <AppShell footer={{ height: 64 }} padding="md">
      <AppShell.Main style={{ maxWidth: 560, margin: '0 auto' }}>
        {!network.online && (
          <Text role="status" size="sm" c="orange.9" bg="orange.0" p="xs" mb="sm" style={{ borderRadius: 8 }}>
            {t('app.offline')}
          </Text>
        )}
        <PendingSosBanner />
        <SyncStatus />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <HighRiskPrompt />
        <SosLevelNotice />
        <DosePrompt />
        <PushIntro />
      </AppShell.Main>
      <AppShell.Footer>
        <nav aria-label={t('nav.label')} style={{ height: '100%' }}>
          <Group grow gap={0} h="100%" wrap="nowrap">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                style={({ isActive }) => ({
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  height: '100%',
                  gap: 2,
                  textDecoration: 'none',
                  color: isActive ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-gray-7)',
                  fontWeight: isActive ? 700 : 500,
                })}
              >
                <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
                  {item.icon}
                </span>
                <Text size="xs" inherit>
                  {t(item.key)}
                </Text>
              </NavLink>
            ))}
          </Group>
        </nav>
      </AppShell.Footer>
    </AppShell>
  );
}
