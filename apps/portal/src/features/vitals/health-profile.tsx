import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpClass } from '@carewatch/clinical/cardio';
import type { TPatient } from '@carewatch/contracts/patients';
import type { TLatestVitals } from '@carewatch/contracts/vitals';
import { ErrorState } from '@carewatch/web/states';
import { useProfile } from '../../app/queries.ts';
import { useUrlChoice } from '../../app/use-list-state.ts';
import { BP_COLORS, SeriesPanel } from './series-panel.tsx';
import { SleepPanel } from './sleep-panel.tsx';
import { StepsPanel } from './steps-panel.tsx';
import { EcgPanel } from './ecg-panel.tsx';
import { TargetsCard } from './targets-card.tsx';
import { VitalsExportMenu } from './vitals-export-menu.tsx';
import {
  CHART_METRICS,
  DEFAULT_UNITS,
  RANGES,
  displayUnit,
  fmtDateTime,
  formatMinutes,
  formatValue,
  periodLabel,
  periodOf,
  shiftAnchor,
  startOfDay,
  unitText,
  vitals,
  vitalsKeys,
  type ChartMetric,
  type RangeKind,
  type UnitPrefs,
} from './vitals-shared.ts';

/** The patient's health profile: a chart per metric (day/week/month/year), BP classes, sleep, steps, ECG, targets. */
export function PatientHealthProfile({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const prefs: UnitPrefs = profile ?? DEFAULT_UNITS;
  // Metric and period are kept in the URL: reload and Back come back to the same chart.
  const [metric, setMetric] = useUrlChoice<ChartMetric>('metric', CHART_METRICS, 'heart_rate');
  const [kind, setKind] = useUrlChoice<RangeKind>('period', RANGES, 'week');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const period = useMemo(() => periodOf(kind, anchor), [kind, anchor]);
  const atToday = anchor.getTime() >= startOfDay(new Date()).getTime();

  return (
    <Stack gap="md" data-patient-id={patient.id}>
      <Group justify="flex-end">
        <VitalsExportMenu patientId={patient.id} />
      </Group>
      <LatestStrip patientId={patient.id} prefs={prefs} />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('vitals.metric')}
              value={metric}
              w={240}
              onChange={(e) => setMetric(e.currentTarget.value)}
              data={CHART_METRICS.map((m) => ({ value: m, label: t(`vitals.metrics.${m}`) }))}
            />
            <SegmentedControl
              aria-label={t('vitals.range')}
              value={kind}
              onChange={setKind}
              data={RANGES.map((r) => ({ value: r, label: t(`vitals.ranges.${r}`) }))}
            />
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('vitals.previous')}
                onClick={() => setAnchor(shiftAnchor(kind, anchor, -1))}
              >
                <span aria-hidden>‹</span>
              </ActionIcon>
              <Text size="sm" fw={500} miw={190} ta="center" aria-live="polite" data-testid="period">
                {periodLabel(kind, period)}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('vitals.next')}
                disabled={atToday}
                onClick={() => setAnchor(shiftAnchor(kind, anchor, 1))}
              >
                <span aria-hidden>›</span>
              </ActionIcon>
              {!atToday && (
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('vitals.today')}
                  onClick={() => setAnchor(startOfDay(new Date()))}
                >
                  <span aria-hidden>⟳</span>
                </ActionIcon>
              )}
            </Group>
          </Group>
          <Title order={3}>{t(`vitals.metrics.${metric}`)}</Title>
          {metric === 'sleep' ? (
            <SleepPanel patientId={patient.id} period={period} />
          ) : metric === 'steps' ? (
            <StepsPanel patientId={patient.id} period={period} />
          ) : metric === 'ecg' ? (
            <EcgPanel patientId={patient.id} period={period} />
          ) : (
            <SeriesPanel patientId={patient.id} metric={metric} kind={kind} period={period} prefs={prefs} />
          )}
        </Stack>
      </Card>
      <TargetsCard patient={patient} />
    </Stack>
  );
}

type Latest = TLatestVitals['items'][number];

function latestText(t: ReturnType<typeof useTranslation>['t'], item: Latest, prefs: UnitPrefs): string {
  if (item.metric === 'blood_pressure' && item.value !== null && item.value2 !== null)
    return `${Math.round(item.value)}/${Math.round(item.value2)}`;
  if (item.metric === 'sleep' && item.value !== null) return formatMinutes(t, item.value);
  if (item.metric === 'ecg') return t('vitals.ecgRecorded');
  if (item.value === null) return t('common.none');
  return formatValue(item.metric, item.value, prefs);
}

/** The latest value of each metric the patient has, newest first in the spec's order. */
function LatestStrip({ patientId, prefs }: { patientId: string; prefs: UnitPrefs }) {
  const { t } = useTranslation();
  const latest = useQuery({
    queryKey: vitalsKeys.latest(patientId),
    queryFn: () => vitals.latest(patientId),
    meta: { inlineError: true },
  });
  if (latest.isPending) return <Skeleton height={84} role="status" aria-busy="true" aria-label={t('vitals.latest')} />;
  if (latest.isError) return <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />;
  const order = new Map<string, number>(CHART_METRICS.map((m, i) => [m, i]));
  const items = [...latest.data.items].sort((a, b) => (order.get(a.metric) ?? 99) - (order.get(b.metric) ?? 99));
  return (
    <section aria-label={t('vitals.latest')}>
      <Title order={3} mb="xs">
        {t('vitals.latest')}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('vitals.noReadings')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" role="list">
          {items.map((item) => {
            const unit =
              item.metric === 'blood_pressure'
                ? 'mmHg'
                : item.metric === 'sleep' || item.metric === 'ecg'
                  ? ''
                  : unitText(t, displayUnit(item.metric, prefs));
            const cls =
              item.metric === 'blood_pressure' && item.value !== null && item.value2 !== null
                ? bpClass(item.value, item.value2)
                : null;
            return (
              <Card
                key={item.metric}
                withBorder
                padding="xs"
                role="listitem"
                aria-label={t(`vitals.metrics.${item.metric}`)}
              >
                <Text size="xs" c="dimmed">
                  {t(`vitals.metrics.${item.metric}`)}
                </Text>
                <Group gap={4} align="baseline">
                  <Text fw={700} size="lg">
                    {latestText(t, item, prefs)}
                  </Text>
                  {unit && (
                    <Text size="xs" c="dimmed">
                      {unit}
                    </Text>
                  )}
                </Group>
                {cls && (
                  <Badge size="xs" variant="light" tt="none" color={BP_COLORS[cls]}>
                    {t(`vitals.bpClass.${cls}`)}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {fmtDateTime(new Date(item.measuredAt))}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
