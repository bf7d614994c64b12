import { Accordion, Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSportSession, TSportTotals, TSportWeekSummary } from '@carewatch/contracts/sport';
import { dateTimeText, dayText, timeText } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useSubject } from '../../app/subject.ts';
import { BackLink } from '../profile/back-link.tsx';
import { SPORT_KEYS, mySportApi } from './sport-api.ts';
import { addDays, clockText, countText, distanceMeasure, measureText, type UnitSystem } from './sport-rules.ts';
import { metricRows } from './sport-session.tsx';

/** `/sport/history`: the week's totals (Monday to Sunday, the summary endpoint) and its sessions, week by week. */
export function SportHistory() {
  const { t } = useTranslation();
  const subject = useSubject();
  const subjectId = subject?.patientId ?? 'me';
  const profile = useProfile();
  const units: UnitSystem = profile.data?.unitSystem === 'imperial' ? 'imperial' : 'metric';
  const [weekOf, setWeekOf] = useState<string | null>(null);

  const week = useQuery({
    queryKey: SPORT_KEYS.week(subjectId, weekOf),
    queryFn: () => mySportApi.weekOf(subjectId, weekOf ? { weekOf } : {}),
  });
  const from = week.data?.from ?? '';
  const to = week.data?.to ?? '';
  const sessions = useQuery({
    queryKey: SPORT_KEYS.sessions(subjectId, from, to),
    queryFn: () => mySportApi.sessionsOf(subjectId, { from, to, limit: 100 }),
    enabled: week.isSuccess,
  });

  let body: ReactNode;
  if (week.isError && !week.data) body = <ErrorState error={week.error} onRetry={() => void week.refetch()} />;
  else if (!week.data) body = <CardsSkeleton rows={2} />;
  else
    body = (
      <>
        <WeekNav summary={week.data} onWeek={setWeekOf} />
        <WeekTotals summary={week.data} units={units} />
        <section aria-labelledby="sport-sessions">
          <Title order={2} size="h5" id="sport-sessions" mb="xs">
            {t('sport.history.sessions')}
          </Title>
          {sessions.isError && !sessions.data ? (
            <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
          ) : !sessions.data ? (
            <CardsSkeleton rows={2} />
          ) : sessions.data.items.length === 0 ? (
            <Text c="dimmed" role="status">
              {t('sport.history.empty')}
            </Text>
          ) : (
            <SessionList items={sessions.data.items} units={units} />
          )}
        </section>
      </>
    );

  return (
    <Stack gap="md">
      <BackLink to="/sport" />
      <Title order={1} size="h3">
        {t('sport.history.title')}
      </Title>
      {subject && (
        <Alert color="grape" variant="light" role="status" p="xs">
          {t('sport.readOnly', { name: subject.name })}
        </Alert>
      )}
      {body}
    </Stack>
  );
}

function WeekNav({ summary, onWeek }: { summary: TSportWeekSummary; onWeek: (day: string) => void }) {
  const { t } = useTranslation();
  // The week holding "now" is the last one with anything to show.
  const isCurrent = Date.parse(summary.to) > Date.now();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Button
        variant="default"
        size="md"
        aria-label={t('sport.history.previous')}
        onClick={() => onWeek(addDays(summary.startDate, -7))}
      >
        ‹
      </Button>
      <Text fw={600} ta="center" role="status" aria-live="polite">
        {t('sport.history.week', { from: dayText(summary.startDate), to: dayText(summary.endDate) })}
      </Text>
      <Button
        variant="default"
        size="md"
        aria-label={t('sport.history.next')}
        disabled={isCurrent}
        onClick={() => onWeek(addDays(summary.startDate, 7))}
      >
        ›
      </Button>
    </Group>
  );
}

function WeekTotals({ summary, units }: { summary: TSportWeekSummary; units: UnitSystem }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cell = (label: string, value: string) => (
    <Card component="li" withBorder padding="xs" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Card>
  );
  const totalsRow = (x: TSportTotals) => [
    countText(x.sessions, lang),
    clockText(x.durationSec),
    measureText(distanceMeasure(x.distanceM, units, lang)),
    countText(x.steps, lang),
    countText(x.calories, lang),
  ];
  const total = summary.total;
  return (
    <Card withBorder component="section" aria-labelledby="sport-totals">
      <Title order={2} size="h5" id="sport-totals" mb="xs">
        {t('sport.history.totals')}
      </Title>
      <SimpleGrid cols={2} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {cell(t('sport.history.count'), countText(total.sessions, lang))}
        {cell(t('sport.fields.practiceTime'), clockText(total.durationSec))}
        {cell(t('sport.fields.distance'), measureText(distanceMeasure(total.distanceM, units, lang)))}
        {cell(t('sport.fields.steps'), countText(total.steps, lang))}
        {cell(t('sport.fields.calories'), `${countText(total.calories, lang)} ${t('sport.units.kcal')}`)}
      </SimpleGrid>
      {summary.modes.length > 0 && (
        <Stack
          gap={4}
          mt="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('sport.history.byMode')}
        >
          {summary.modes.map((m) => {
            const [n, time, dist] = totalsRow(m);
            return (
              <Text component="li" key={m.mode} size="sm">
                <Text span fw={600}>
                  {t(`sport.modes.${m.mode}`)}
                </Text>
                {' · '}
                {t('sport.history.modeLine', { n, time, distance: dist })}
              </Text>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

/** One row per session; opening it shows every value of §3 (practice time, steps, stride, calories, tempo, speed, height). */
function SessionList({ items, units }: { items: TSportSession[]; units: UnitSystem }) {
  const { t, i18n } = useTranslation();
  return (
    <Accordion variant="separated" chevronPosition="right" aria-label={t('sport.history.sessions')}>
      {items.map((s) => {
        const rows = metricRows(t, s, units, i18n.language);
        return (
          <Accordion.Item key={s.id} value={s.id}>
            <Accordion.Control mih={56}>
              <Text fw={600} size="sm">
                {t(`sport.modes.${s.mode}`)} · {clockText(s.durationSec)}
              </Text>
              <Text size="xs" c="dimmed">
                {dateTimeText(s.startedAt)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Table fz="sm" verticalSpacing={4} aria-label={t('sport.history.detail')}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t('sport.fields.time')}</Table.Th>
                    <Table.Td>
                      {timeText(s.startedAt)}–{timeText(s.endedAt)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('sport.fields.practiceTime')}</Table.Th>
                    <Table.Td>{clockText(s.durationSec)}</Table.Td>
                  </Table.Tr>
                  {rows.map(([key, value]) => (
                    <Table.Tr key={key}>
                      <Table.Th scope="row">{t(`sport.fields.${key}`)}</Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                  {s.heartRateAvg !== null && (
                    <Table.Tr>
                      <Table.Th scope="row">{t('sport.fields.heartRate')}</Table.Th>
                      <Table.Td>
                        {t('sport.history.heartRateValue', {
                          avg: s.heartRateAvg,
                          max: s.heartRateMax ?? s.heartRateAvg,
                        })}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  <Table.Tr>
                    <Table.Th scope="row">{t('sport.fields.source')}</Table.Th>
                    <Table.Td>{t(`sport.history.source.${s.source}`)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
