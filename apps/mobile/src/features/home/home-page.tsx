import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import { vitalsApi } from '@carewatch/api-client/vitals';
import { alertsApi } from '@carewatch/api-client/alerts';
import { api } from '../../app/api.ts';
import { useProfile } from '../../app/queries.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { dashboardItems, timeAgo, type DashboardItem } from './latest.ts';
import { AddReadingLink } from '../entry/add-reading-link.tsx';
import { SubjectSwitch } from '../followed/subject-switch.tsx';
import { SubjectList } from '../followed/followed-page.tsx';
import { SUBJECT_KEYS, mySubjectsApi, useSubjects } from '../followed/subjects-api.ts';
import { useSubject } from '../../app/subject.ts';
import { Link } from 'react-router';
import { useNetwork } from '@mantine/hooks';
import { dateTimeText } from '../../app/format.ts';
import { ExpiryBanner } from '../subscription/expiry-banner.tsx';
import { ExportForDoctor } from '../vitals-export/export-for-doctor.tsx';
import { dashboardRole } from '../dashboards/dashboard-rules.ts';

// A coach's or doctor's Home is their dashboard (issue 21), loaded only for them.
const DashboardHome = lazy(async () => ({
  default: (await import('../dashboards/dashboard-pages.tsx')).DashboardHome,
}));

// Here, not in app/api.ts: their contracts stay out of the first load (Welcome, sign-in).
const vitals = vitalsApi(api.request);
const alerts = alertsApi(api.request);

const LEVEL_COLOR: Record<TAlertLevel, string> = { normal: 'teal', at_risk: 'yellow', high_risk: 'orange', sos: 'red' };
const UNIT_SYMBOLS: Record<string, string> = { C: '°C', F: '°F', 'kg/m2': 'kg/m²', umol: 'µmol/L', 'umol/L': 'µmol/L' };
const UNIT_KEYS: Record<string, string> = {
  steps: 'units.steps',
  'breaths/min': 'units.breathsPerMin',
  kcal: 'units.kcal',
};

function unitText(t: TFunction, unit: string): string {
  const key = UNIT_KEYS[unit];
  return key ? t(key) : (UNIT_SYMBOLS[unit] ?? unit);
}

export function valueText(t: TFunction, item: DashboardItem): string {
  if (item.metric === 'ecg' && item.text === null) return t('home.ecgStrip');
  if (item.text === null) return '—';
  if (item.metric === 'sleep') {
    const m = Math.round(Number(item.text));
    return t('home.sleepValue', { h: Math.floor(m / 60), m: m % 60 });
  }
  return `${item.text} ${unitText(t, item.unit)}`;
}

const notPatient = (e: unknown) => isApiError(e) && (e.code === 'NOT_A_PATIENT' || e.code === 'PATIENT_NOT_FOUND');

/**
 * Home: the latest value of every index with its alert level and how long ago it was measured — my own, or while
 * "viewing as" the chosen subject's (a sub-user or a followed patient).
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const network = useNetwork();
  const subject = useSubject();
  const subjectId = subject?.patientId ?? null;
  const latest = useQuery({
    queryKey: subjectId ? SUBJECT_KEYS.latest(subjectId) : ['me', 'vitals', 'latest'],
    queryFn: () => (subjectId ? mySubjectsApi.latest(subjectId) : vitals.myLatest()),
  });
  const thresholds = useQuery({
    queryKey: subjectId ? SUBJECT_KEYS.thresholds(subjectId) : ['me', 'thresholds'],
    queryFn: () => (subjectId ? mySubjectsApi.thresholds(subjectId) : alerts.myThresholds()),
    staleTime: 5 * 60_000,
  });

  const items = useMemo(() => {
    if (!latest.data || !profile.data) return null;
    // Without thresholds (none readable) the values still show; their level is then left out.
    return dashboardItems(latest.data.items, thresholds.data?.items ?? [], profile.data);
  }, [latest.data, profile.data, thresholds.data]);
  const now = new Date();
  const name = profile.data ? profile.data.firstName : '';

  // A coach or a doctor (no health record of their own): their players or patients, each opened read only.
  const staffRole = dashboardRole(profile.data?.role);
  if (staffRole && !subjectId)
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {name ? t('home.greeting', { name }) : t('home.title')}
        </Title>
        <Suspense fallback={<CardsSkeleton rows={2} />}>
          <DashboardHome role={staffRole} />
        </Suspense>
      </Stack>
    );

  // Offline (or the server unreachable), the values the phone last had are shown, marked with their age.
  const stale = latest.data !== undefined && (!network.online || latest.isError);
  let body;
  if (latest.isError && notPatient(latest.error) && !subjectId) body = <FollowerHome />;
  else if (latest.isError && latest.data === undefined)
    body = <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />;
  else if (profile.isError && profile.data === undefined)
    body = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else if (latest.data === undefined && latest.fetchStatus === 'paused')
    body = <Text c="dimmed">{t('home.offlineNoValues')}</Text>;
  else if (!items || (thresholds.isPending && thresholds.fetchStatus === 'fetching')) body = <CardsSkeleton />;
  else if (items.length === 0) body = <Text c="dimmed">{t('home.empty')}</Text>;
  else {
    const showLevels = thresholds.isSuccess;
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map((item) => (
          <Card
            key={item.metric}
            component="li"
            withBorder
            padding="sm"
            aria-label={t(`metrics.${item.metric}`)}
            pos="relative"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                {/* The whole card opens the metric's page (the link's overlay covers it). */}
                <Link
                  to={`/metrics/${item.metric}`}
                  style={{ position: 'absolute', inset: 0 }}
                  aria-label={t('home.openMetric', { metric: t(`metrics.${item.metric}`) })}
                />
                <Text size="sm" c="dimmed">
                  {t(`metrics.${item.metric}`)}
                </Text>
                <Text fw={700} size="xl">
                  {valueText(t, item)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('home.measured', { ago: timeAgo(item.measuredAt, now, i18n.language) })}
                </Text>
              </Stack>
              {showLevels && item.level && (
                <Badge
                  color={LEVEL_COLOR[item.level]}
                  variant={item.level === 'normal' ? 'light' : 'filled'}
                  aria-label={t('home.levelLabel', { level: t(`levels.${item.level}`) })}
                >
                  {t(`levels.${item.level}`)}
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {name ? t('home.greeting', { name }) : t('home.title')}
      </Title>
      <SubjectSwitch />
      {/* My plan ends in 7 days or less, or has ended (mine only, not while viewing someone else). */}
      {!subjectId && <ExpiryBanner />}
      {/* Manual entry writes my own readings: not offered while viewing someone else's data. */}
      {!subjectId && <AddReadingLink />}
      <section aria-label={t('home.latest')}>
        <Title order={2} size="h5" mb="xs">
          {t('home.latest')}
        </Title>
        {stale && (
          <Text role="status" size="sm" c="orange.9" mb="xs">
            {t('home.offlineValues', { time: dateTimeText(new Date(latest.dataUpdatedAt)) })}
          </Text>
        )}
        {body}
      </section>
      {/* My own readings, for my doctor (not while viewing someone else; not for a follower-only account). */}
      {!subjectId && latest.isSuccess && <ExportForDoctor />}
    </Stack>
  );
}

/** A follower-only account (no health record of its own): the people it follows, to choose whom to view. */
function FollowerHome() {
  const { t } = useTranslation();
  const subjects = useSubjects();
  if (subjects.isPending) return <CardsSkeleton rows={2} />;
  if (subjects.isError) return <ErrorState error={subjects.error} onRetry={() => void subjects.refetch()} />;
  const followed = subjects.data.items.filter((s) => s.relation !== 'self');
  if (followed.length === 0) return <Text c="dimmed">{t('home.notPatient')}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('followed.homeFollowerIntro')}</Text>
      <SubjectList items={followed} empty={t('home.notPatient')} />
    </Stack>
  );
}
