import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { applyProfileTimeZone, onProfileChange } from '@carewatch/i18n/profile-time-zone';
import { LoadingScreen } from './states.tsx';
import { readableColors } from './theme.ts';

// The toasts' container (with its transitions) loads after the first screen; a toast shown before it is kept in the
// notifications store and appears when it mounts.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * The toasts' container, asked for only once the first screen has painted: its code (three small chunks) is then not
 * among the downloads the first paint waits for on a slow network.
 */
function LateNotifications(props: Pick<NotificationsProps, 'limit' | 'position' | 'autoClose'>) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame callback runs just before that frame paints; half a second after it, the first screen is on the glass
    // (an idle callback came before the paint was reported, on a fast machine too). A toast asked for meanwhile waits
    // in the store and shows when the container mounts.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 500);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}

/**
 * Every date and time is shown in the signed-in user's profile time zone, whichever way the profile reached the cache
 * (fetched, written back after a save, restored offline). The zone is applied when the cached profile changes and on
 * this component's render, which comes before its children's in the same pass, so a screen re-rendered for the new
 * profile already draws the new zone. No remount on a change: that would stop a running SOS countdown or popup.
 * `zoneKey`: where this device keeps the last known zone (each app its own key: both run on one origin).
 */
export function ProfileTimeZone({ zoneKey, children }: { zoneKey: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => onProfileChange(queryClient, onChange), [queryClient]);
  useSyncExternalStore(subscribe, () => applyProfileTimeZone(queryClient, zoneKey));
  return children;
}

function ThemedMantine({ useTheme, children }: { useTheme: () => MantineThemeOverride; children: ReactNode }) {
  return (
    <MantineProvider theme={useTheme()} cssVariablesResolver={readableColors}>
      {children}
    </MantineProvider>
  );
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The providers both apps run in: queries, the Mantine theme (from `useTheme`, a hook run inside the query provider:
 * the portal's follows the tenant's settings) with readable colours, the toasts, the profile's time zone, and the
 * router (its lazy screens behind a loading screen). `Frame` wraps the router (the portal's desktop-only notice);
 * `after` renders beside it (the portal's permissions-changed dialog).
 */
export function WebApp(props: {
  queryClient: QueryClient;
  router: Router;
  useTheme: () => MantineThemeOverride;
  notifications: Pick<NotificationsProps, 'limit' | 'position' | 'autoClose'>;
  zoneKey: string;
  Frame?: ComponentType<{ children: ReactNode }>;
  after?: ReactNode;
}) {
  const { Frame = Passthrough } = props;
  return (
    <QueryClientProvider client={props.queryClient}>
      <ThemedMantine useTheme={props.useTheme}>
        <LateNotifications {...props.notifications} />
        <ProfileTimeZone zoneKey={props.zoneKey}>
          <Frame>
            <Suspense fallback={<LoadingScreen />}>
              <RouterProvider router={props.router} />
            </Suspense>
          </Frame>
        </ProfileTimeZone>
        {props.after}
      </ThemedMantine>
    </QueryClientProvider>
  );
}

const Passthrough = ({ children }: { children: ReactNode }) => children;
