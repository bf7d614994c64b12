import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TTeamPlayer } from '@carewatch/contracts/dashboards';
import { useProfile } from '../../app/queries.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useCoachDashboard } from './dashboards-api.ts';
import { hasLoad, teamLine } from './dashboard-rules.ts';
import { HealthLines, LevelBadge } from './health-summary.tsx';
import { loadText } from './load-text.ts';
import { useOpenFromDashboard } from './view-as.ts';
import { LEVEL_COLOR } from '../followed/subject-card.tsx';

/**
 * A coach's team (patient-app §2 "coach dashboard"): the accepted players, most urgent first, with team, club, rank,
 * skill, their load over the last 7 days, open alert and last reading. Tapping one views their data, read only.
 */
export function CoachDashboard({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const q = useCoachDashboard();
  const profile = useProfile();
  const units = profile.data?.unitSystem ?? 'metric';
  if (q.isPending) return <CardsSkeleton rows={2} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const team = teamLine(d.coach);
  return (
    <Stack gap="sm">
      <Text size="sm">{team ?? t('dashboards.coach.noTeam')}</Text>
      <Card withBorder padding="sm" aria-labelledby="team-week">
        <Text size="sm" fw={600} id="team-week">
          {t('dashboards.coach.teamWeek')}
        </Text>
        <Text size="sm">{loadText(t, d.total, units, i18n.language)}</Text>
      </Card>
      <section aria-labelledby="team-players">
        <Title order={headingOrder} size="h5" id="team-players" mb="xs">
          {t('dashboards.coach.players')}
        </Title>
        {d.players.length === 0 ? (
          <Text c="dimmed">{t('dashboards.coach.empty')}</Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.players.map((p) => (
              <PlayerCard key={p.patientId} player={p} units={units} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function PlayerCard({ player: p, units }: { player: TTeamPlayer; units: 'metric' | 'imperial' }) {
  const { t, i18n } = useTranslation();
  const open = useOpenFromDashboard('coach');
  const team = teamLine(p.sport);
  const extra = [
    p.sport.rank ? t('dashboards.coach.rank', { rank: p.sport.rank }) : null,
    p.sport.skill ? t('dashboards.coach.skill', { skill: p.sport.skill }) : null,
  ].filter(Boolean);
  return (
    <Card
      component="li"
      withBorder
      padding={0}
      style={{ borderLeft: `6px solid var(--mantine-color-${LEVEL_COLOR[p.level]}-6)` }}
    >
      <UnstyledButton onClick={() => open(p)} p="sm" w="100%" aria-label={t('dashboards.view', { name: p.name })}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{p.name}</Text>
            {team && <Text size="sm">{team}</Text>}
            {extra.length > 0 && <Text size="sm">{extra.join(' · ')}</Text>}
            <Text size="sm">
              {t('dashboards.coach.week')}:{' '}
              {hasLoad(p.week) ? loadText(t, p.week, units, i18n.language) : t('dashboards.coach.noSession')}
            </Text>
            <HealthLines openAlert={p.openAlert} openAlerts={p.openAlerts} lastMeasuredAt={p.lastMeasuredAt} />
          </Stack>
          <LevelBadge level={p.level} />
        </Group>
      </UnstyledButton>
    </Card>
  );
}
