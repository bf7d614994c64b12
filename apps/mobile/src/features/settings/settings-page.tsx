import { Alert, Anchor, Button, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TProfile, TUpdateUnitsRequest } from '@carewatch/contracts/account';
import { personName } from '@carewatch/contracts/names';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { APP_LANGUAGES, serverLanguage, storedLanguage, switchLanguage, type AppLanguage } from '../../app/i18n.ts';
import { profileQuery, useProfile } from '../../app/queries.ts';
import { signOut } from '../../app/session.ts';
import { isDashboardSubject, useSubject } from '../../app/subject.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';

const LANGUAGE_KEYS: Record<AppLanguage, string> = {
  en: 'settings.languages.en',
  'en-CA': 'settings.languages.enCA',
  vi: 'settings.languages.vi',
};

/** The account's other screens (only those that exist: no dead links). */
const ACCOUNT_LINKS = [
  ['/profile', 'profile'],
  ['/profile/medical', 'medical'],
  ['/sub-users', 'subUsers'],
  ['/devices', 'devices'],
  ['/contacts', 'contacts'],
  ['/followed', 'followed'],
  ['/settings/notifications', 'notifications'],
  ['/feedback', 'feedback'],
  ['/delete-account', 'deleteAccount'],
] as const;

/** A link of a list: a 44 px tall row (issue 21: a phone's thumb). */
function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} mih={44} display="flex" style={{ alignItems: 'center' }}>
      {children}
    </Anchor>
  );
}

/** Settings of this slice: language (profile + phone), units (metric/imperial, °C/°F), legal texts, sign out. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  // Viewing a player or patient from a coach's or doctor's dashboard: their events, records and medication are read
  // through patient-app routes a coach or doctor may not use, so those rows are left out.
  const dashboardSubject = isDashboardSubject(useSubject());
  const saved = (p: TProfile) => {
    queryClient.setQueryData(profileQuery.queryKey, p);
    notifications.show({ color: 'teal', message: t('settings.saved'), autoClose: 2500 });
  };
  const language = useMutation({
    mutationFn: (lang: AppLanguage) => api.updateLanguage(serverLanguage(lang)),
    // The phone switches at once; the profile keeps it for the next sign-in and for messages sent by the server.
    onMutate: (lang) => switchLanguage(lang),
    onSuccess: saved,
  });
  const units = useMutation({
    mutationFn: (body: TUpdateUnitsRequest) => api.updateUnits(body),
    onSuccess: saved,
  });

  if (profile.isPending) return <CardsSkeleton rows={3} />;
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  const p = profile.data;
  const current = (APP_LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as AppLanguage)
    : storedLanguage();
  const setUnits = (change: Partial<TUpdateUnitsRequest>) =>
    units.mutate({
      unitSystem: p.unitSystem,
      thermalUnit: p.thermalUnit,
      bloodGlucoseUnit: p.bloodGlucoseUnit,
      ...change,
    });
  const failed = language.error ?? units.error;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('settings.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.account', { name: personName(p, i18n.language) || (p.email ?? p.phone ?? '') })}
      </Text>
      {failed && (
        <Alert color="red" role="alert">
          {errorText(t, failed)}
        </Alert>
      )}

      <Card withBorder component="section" aria-labelledby="settings-language">
        <Title order={2} size="h5" id="settings-language" mb="xs">
          {t('settings.language')}
        </Title>
        <SegmentedControl
          fullWidth
          orientation="vertical"
          aria-labelledby="settings-language"
          value={current}
          onChange={(v) => language.mutate(v as AppLanguage)}
          data={APP_LANGUAGES.map((l) => ({ value: l, label: t(LANGUAGE_KEYS[l]) }))}
        />
      </Card>

      <Card withBorder component="section" aria-labelledby="settings-units">
        <Title order={2} size="h5" id="settings-units" mb="xs">
          {t('settings.units')}
        </Title>
        <Stack gap="sm">
          <div>
            <Text size="sm" mb={4} id="settings-unit-system">
              {t('settings.unitSystem')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="settings-unit-system"
              value={p.unitSystem}
              disabled={units.isPending}
              onChange={(v) => setUnits({ unitSystem: v === 'imperial' ? 'imperial' : 'metric' })}
              data={[
                { value: 'metric', label: t('settings.metric') },
                { value: 'imperial', label: t('settings.imperial') },
              ]}
            />
          </div>
          <div>
            <Text size="sm" mb={4} id="settings-thermal">
              {t('settings.temperature')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="settings-thermal"
              value={p.thermalUnit}
              disabled={units.isPending}
              onChange={(v) => setUnits({ thermalUnit: v === 'F' ? 'F' : 'C' })}
              data={[
                { value: 'C', label: t('settings.celsius') },
                { value: 'F', label: t('settings.fahrenheit') },
              ]}
            />
          </div>
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="settings-more">
        <Title order={2} size="h5" id="settings-more" mb="xs">
          {t('settings.more')}
        </Title>
        <Stack gap={0}>
          {ACCOUNT_LINKS.map(([to, key]) => (
            <RowLink key={to} to={to}>
              {t(`settings.links.${key}`)}
            </RowLink>
          ))}
          {!dashboardSubject && (
            <>
              <RowLink to="/events">{t('events.title')}</RowLink>
              <RowLink to="/records">{t('records.title')}</RowLink>
              <RowLink to="/medication">{t('medication.title')}</RowLink>
            </>
          )}
          <RowLink to="/sport">{t('sport.link')}</RowLink>
          <RowLink to="/subscription">{t('subscription.link')}</RowLink>
          <RowLink to="/announcements">{t('announcements.link')}</RowLink>
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="settings-legal">
        <Title order={2} size="h5" id="settings-legal" mb="xs">
          {t('settings.legal')}
        </Title>
        <Stack gap={0}>
          <RowLink to="/settings/permissions">{t('help.permissions.link')}</RowLink>
          <RowLink to="/help">{t('help.link')}</RowLink>
          <RowLink to="/terms">{t('settings.terms')}</RowLink>
          <RowLink to="/privacy">{t('settings.privacy')}</RowLink>
        </Stack>
      </Card>

      <Button color="red" variant="light" size="md" onClick={() => void signOut()}>
        {t('settings.signOut')}
      </Button>
    </Stack>
  );
}
