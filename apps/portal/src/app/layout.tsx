import { personName } from '@carewatch/contracts/names';
import {
  AppShell,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Group,
  Image,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { TLevel } from '@carewatch/contracts/auth';
import { api } from './api.ts';
import { levelsQuery, usePermissions, useProfile, useTenantSettings } from './queries.ts';
import { NAV_GROUPS, visibleNav } from './navigation.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { logout } from './session-end.ts';
import { markLevelChosen } from './level.ts';
import { useAvatarUrl } from './avatar.ts';
import { NotificationBell } from '../features/realtime/notification-bell.tsx';
import { SosPopup } from '../features/realtime/sos-popup.tsx';
import { PageLoading } from '@carewatch/web/states';
import { MAIN_CONTENT_ID } from './landmarks.ts';

/** "Doctor · North scope · Center A" */
export function levelLabel(level: TLevel, tenantWide: string): string {
  return [level.roleName, level.scopeName, level.centerName].filter(Boolean).join(' · ') || tenantWide;
}

/** Switches to another level: new tokens, then everything is refetched. */
export function useSwitchLevel() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (levelId: string) => api.switchLevel(levelId),
    onSuccess: async (_tokens, levelId) => {
      markLevelChosen(levelId);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      navigate('/', { replace: true });
    },
  });
}

function SwitchLevelMenu() {
  const { t } = useTranslation();
  const perms = usePermissions();
  const levels = useQuery({ ...levelsQuery, enabled: (perms?.levelCount ?? 0) > 1 });
  const switchLevel = useSwitchLevel();
  if (!perms || perms.levelCount <= 1) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" size="xs" loading={switchLevel.isPending}>
          {t('header.switchLevel')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('header.switchLevel')}>
        {(levels.data?.items ?? []).map((level) => (
          <Menu.Item
            key={level.id}
            disabled={level.id === perms.level.id}
            onClick={() => switchLevel.mutate(level.id)}
            rightSection={level.id === perms.level.id ? <Badge size="xs">{t('auth.level.current')}</Badge> : null}
          >
            {levelLabel(level, t('auth.level.tenantWide'))}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ProfileMenu() {
  const { t, i18n } = useTranslation();
  const profile = useProfile().data;
  const name = profile ? personName(profile, i18n.language) : '';
  const avatarUrl = useAvatarUrl(profile);
  const initials = profile ? `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() : '';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.profileMenu')}>
          <Group gap="xs">
            <Avatar radius="xl" size="sm" color="brand" src={avatarUrl} alt={name}>
              {initials}
            </Avatar>
            <Text size="sm" fw={500}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account">
          {t('header.accountSettings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Below this width the sidebar starts collapsed (a 1024 px screen keeps its width for the page). */
const WIDE_SCREEN = '(min-width: 1200px)';

/**
 * The sidebar's state: what the user last chose with the burger (remembered in localStorage), else open on wide
 * screens and collapsed below 1200 px.
 */
function useSidebar(): [boolean, () => void] {
  const wide = useMediaQuery(WIDE_SCREEN, window.matchMedia(WIDE_SCREEN).matches, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useLocalStorage<'open' | 'closed' | ''>({
    key: 'cw.sidebar',
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  const opened = chosen ? chosen === 'open' : wide;
  return [opened, () => setChosen(opened ? 'closed' : 'open')];
}

export function AppLayout() {
  const { t } = useTranslation();
  const [navOpened, toggleNav] = useSidebar();
  const location = useLocation();
  const perms = usePermissions();
  const settings = useTenantSettings();
  const items = visibleNav(perms?.permissions ?? []);
  const logo = settings?.settings.LOGO ?? '';
  const orgName = settings?.settings.ORGANIZATION_NAME || settings?.tenantName || t('app.name');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 0, collapsed: { desktop: !navOpened, mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              size="sm"
              aria-controls="main-navigation"
              aria-expanded={navOpened}
              aria-label={navOpened ? t('header.hideMenu') : t('header.showMenu')}
            />
            {logo ? <Image src={logo} alt={t('header.logo', { name: orgName })} h={36} w="auto" fit="contain" /> : null}
            <Title order={4} c="brand.7" lineClamp={1}>
              {orgName}
            </Title>
          </Group>
          <Group gap="md" wrap="nowrap">
            {perms ? (
              <Group gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {t('header.level')}:
                </Text>
                <Badge variant="light" size="lg" tt="none" data-testid="current-level">
                  {levelLabel(perms.level, t('auth.level.tenantWide'))}
                </Badge>
              </Group>
            ) : null}
            <SwitchLevelMenu />
            <LanguageSwitcher />
            <NotificationBell />
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        id="main-navigation"
        aria-label={t('nav.mainLabel')}
        style={navOpened ? undefined : { visibility: 'hidden' }}
      >
        <ScrollArea>
          {NAV_GROUPS.map((group) => {
            const groupItems = items.filter((i) => i.group === group);
            if (groupItems.length === 0) return null;
            return (
              <Box key={group} mb="md" role="group" aria-label={t(`nav.groups.${group}`)}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" mb={4} aria-hidden="true">
                  {t(`nav.groups.${group}`)}
                </Text>
                {groupItems.map((item) => {
                  const label = t(item.labelKey);
                  const active =
                    item.path === '/' ? location.pathname === '/' : location.pathname.startsWith(item.path);
                  return (
                    <NavLink
                      key={item.path}
                      component={Link}
                      to={item.path}
                      label={label}
                      aria-label={label}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                    />
                  );
                })}
              </Box>
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <SosPopup />
      </AppShell.Main>
    </AppShell>
  );
}
