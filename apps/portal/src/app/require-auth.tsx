import { Center, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { permissionsQuery, sessionQuery, tenantSettingsQuery } from './queries.ts';
import { levelChosen } from './level.ts';
import { ErrorState, LoadingScreen } from '@carewatch/web/states';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { useHasPermission } from './queries.ts';

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Center h="100vh">
      <Container size="xs">
        <ErrorState error={error} onRetry={onRetry} />
      </Container>
    </Center>
  );
}

/**
 * Start-up order (spec §1): check the session → permissions → tenant setting → mount.
 * Unauthenticated users go to /login; multi-level users choose a level first.
 */
export function RequireAuth() {
  const location = useLocation();
  const session = useQuery(sessionQuery);
  const perms = useQuery({ ...permissionsQuery, enabled: Boolean(session.data) });
  const settings = useQuery({ ...tenantSettingsQuery, enabled: Boolean(perms.data) });

  // A failed refetch (after a language switch, say) keeps the signed-in screens: only a first load that failed shows the
  // error, so a page and what is typed in it are never unmounted by a background check.
  if (session.isPending) return <LoadingScreen />;
  if (session.isError && session.data === undefined)
    return <Failed error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (perms.isPending) return <LoadingScreen />;
  if (perms.isError && perms.data === undefined)
    return <Failed error={perms.error} onRetry={() => void perms.refetch()} />;
  if (settings.isPending && settings.fetchStatus !== 'idle') return <LoadingScreen />;
  // A failed tenant setting falls back to default branding rather than blocking the app.
  if (perms.data.levelCount > 1 && !levelChosen() && location.pathname !== '/choose-level') {
    return <Navigate to="/choose-level" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/** Renders the page only with the permission; otherwise the page-not-found screen (spec §2). */
export function RequirePermission({ permission, children }: { permission: number; children: ReactNode }) {
  const has = useHasPermission();
  return has(permission) ? <>{children}</> : <NotFoundPage />;
}
