import { Center, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionQuery } from './queries.ts';
import { storedTenant } from './tenant.ts';
import { LoadingScreen } from '@carewatch/web/states';
import { ErrorState } from './states.tsx';

/** Signed-out visitors go to sign-in (or first to the organisation code when none is remembered). */
export function RequireAuth() {
  const location = useLocation();
  const session = useQuery(sessionQuery);
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) {
    return (
      <Center h="100dvh">
        <Container size="xs">
          <ErrorState error={session.error} onRetry={() => void session.refetch()} />
        </Container>
      </Center>
    );
  }
  if (!session.data)
    return <Navigate to={storedTenant() ? '/login' : '/welcome'} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
