import { Alert, Badge, Box, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { kgToLb, lbToKg, type UnitPrefs } from '@carewatch/clinical/units';
import { IDEAL_SLEEP_SHARE } from '@carewatch/clinical/sleep';
import type { BpClass } from '@carewatch/clinical/cardio';
import type { TGoals, TGoalsUpdate } from '@carewatch/contracts/app-vitals';
import type { TMetric, TSleepReport } from '@carewatch/contracts/vitals';
import { errorText } from '@carewatch/web/errors';
import { metricsApi } from './metrics-api.ts';
import { timeText } from '../../app/format.ts';

/** One labelled number; the group's accessible name is the label so a test (or a screen reader) finds it. */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="xs" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="md">
        {value}
      </Text>
    </Paper>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
      {children}
    </SimpleGrid>
  );
}

/** §8 "… fetch failed" with the reason underneath and a retry. */
export function FetchFailed({ metric, error, onRetry }: { metric: TMetric; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('metricPages.fetchFailed', { metric: t(`metrics.${metric}`) })}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(t, error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export const BP_COLOR: Record<BpClass, string> = {
  normal: 'teal',
  elevated: 'yellow',
  stage1: 'orange',
  stage2: 'red',
};

export function BpBadge({ cls }: { cls: BpClass }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={BP_COLOR[cls]}
      variant="light"
      aria-label={`${t('metricPages.bp.class')}: ${t(`metricPages.bp.classes.${cls}`)}`}
    >
      {t(`metricPages.bp.classes.${cls}`)}
    </Badge>
  );
}

export const STAGE_COLOR = { awake: '#fab005', light: '#74c0fc', deep: '#1c7ed6', rem: '#be4bdb' } as const;
const STAGE_ROW = { awake: 0, rem: 1, light: 2, deep: 3 } as const;

/** The night as blocks: one row per stage (awake on top, deep at the bottom), width proportional to time. */
export function SleepDiagram({ session }: { session: TSleepReport['sessions'][number] }) {
  const { t } = useTranslation();
  const start = Date.parse(session.start);
  const span = Math.max(1, Date.parse(session.end) - start);
  return (
    <Stack gap={4}>
      <Box
        role="img"
        aria-label={t('metricPages.sleep.diagram')}
        pos="relative"
        h={4 * 22}
        style={{ borderRadius: 6, background: 'var(--mantine-color-gray-1)' }}
      >
        {session.stages.map((s, i) => {
          const a = Date.parse(s.start);
          const b = Date.parse(s.end);
          return (
            <Box
              key={i}
              pos="absolute"
              top={STAGE_ROW[s.stage] * 22 + 2}
              h={18}
              style={{
                left: `${((a - start) / span) * 100}%`,
                width: `${Math.max(0.3, ((b - a) / span) * 100)}%`,
                background: STAGE_COLOR[s.stage],
                borderRadius: 2,
              }}
            />
          );
        })}
      </Box>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {timeText(session.start)}
        </Text>
        <Text size="xs" c="dimmed">
          {timeText(session.end)}
        </Text>
      </Group>
      <Group gap="xs">
        {(['awake', 'light', 'deep', 'rem'] as const).map((s) => (
          <Group key={s} gap={4}>
            <Box w={10} h={10} style={{ background: STAGE_COLOR[s], borderRadius: 2 }} />
            <Text size="xs">{t(`metricPages.sleep.stages.${s}`)}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/** Stage shares of asleep time against the spec's ideal ranges (§9), plus the awake share of the whole night. */
type Verdicts = Record<'deep' | 'light' | 'rem', { share: number; verdict: 'low' | 'ok' | 'high' }>;
export function StageShares({
  percent,
  verdicts,
}: {
  percent: Record<'awake' | 'light' | 'deep' | 'rem', number>;
  verdicts: Verdicts;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} aria-label={t('metricPages.sleep.share')} role="group">
      <Text fw={600} size="sm">
        {t('metricPages.sleep.share')}
      </Text>
      {(['deep', 'light', 'rem'] as const).map((s) => {
        const ideal = IDEAL_SLEEP_SHARE[s];
        const v = verdicts[s];
        return (
          <Group
            key={s}
            justify="space-between"
            wrap="nowrap"
            role="group"
            aria-label={t(`metricPages.sleep.stages.${s}`)}
          >
            <Group gap={6} wrap="nowrap">
              <Box w={10} h={10} style={{ background: STAGE_COLOR[s], borderRadius: 2 }} />
              <Text size="sm">{t(`metricPages.sleep.stages.${s}`)}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={700}>{`${v.share} %`}</Text>
              <Text size="xs" c="dimmed">
                {t('metricPages.sleep.ideal', { min: ideal.min, max: ideal.max })}
              </Text>
              <Badge size="xs" variant="light" color={v.verdict === 'ok' ? 'teal' : 'orange'}>
                {t(`metricPages.sleep.verdicts.${v.verdict}`)}
              </Badge>
            </Group>
          </Group>
        );
      })}
      <Group justify="space-between" role="group" aria-label={t('metricPages.sleep.stages.awake')}>
        <Group gap={6}>
          <Box w={10} h={10} style={{ background: STAGE_COLOR.awake, borderRadius: 2 }} />
          <Text size="sm">{t('metricPages.sleep.stages.awake')}</Text>
        </Group>
        <Text size="sm" fw={700}>{`${percent.awake} %`}</Text>
      </Group>
    </Stack>
  );
}

const WEIGHT_KG = { min: 1, max: 700 };

/**
 * A goal (weight goal in the user's unit, or the daily steps target) with an Edit form for whoever may change it
 * (own record or a managed sub-user). Saved through PUT goals; every query of this subject is refreshed.
 */
export function GoalEditor({
  kind,
  subject,
  goals,
  canEdit,
  prefs,
}: {
  kind: 'weight' | 'steps';
  subject: string;
  goals: TGoals;
  canEdit: boolean;
  prefs: UnitPrefs;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const imperial = prefs.unitSystem === 'imperial';
  const unit = kind === 'steps' ? t('units.steps') : imperial ? 'lb' : 'kg';
  const current =
    kind === 'steps'
      ? goals.stepsTarget
      : goals.targetWeightKg === null
        ? null
        : imperial
          ? kgToLb(goals.targetWeightKg)
          : goals.targetWeightKg;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: TGoalsUpdate) => metricsApi.updateGoals(subject, body),
    onSuccess: async () => {
      setEditing(false);
      notifications.show({ message: t('metricPages.goals.saved') });
      await qc.invalidateQueries({ queryKey: ['metrics', subject] });
    },
    onError: (e) => setError(errorText(t, e)),
  });
  const label = kind === 'steps' ? t('metricPages.steps.target') : t('metricPages.weight.goal');

  function submit() {
    const n = typeof value === 'number' ? value : Number(value);
    if (kind === 'steps') {
      if (!Number.isInteger(n) || n <= 0) return setError(t('metricPages.goals.stepsInvalid'));
      return save.mutate({ stepsTarget: n });
    }
    const kg = imperial ? lbToKg(n) : n;
    if (!Number.isFinite(n) || value === '' || kg < WEIGHT_KG.min || kg > WEIGHT_KG.max) {
      const lim = imperial
        ? { min: Math.ceil(kgToLb(WEIGHT_KG.min)), max: Math.floor(kgToLb(WEIGHT_KG.max)) }
        : WEIGHT_KG;
      return setError(t('metricPages.goals.weightInvalid', { ...lim, unit }));
    }
    return save.mutate({ targetWeightKg: Math.round(kg * 100) / 100 });
  }

  if (!editing) {
    return (
      <Group justify="space-between" wrap="nowrap" role="group" aria-label={label}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700}>
            {current === null
              ? kind === 'steps'
                ? t('metricPages.steps.noTarget')
                : t('metricPages.weight.noGoal')
              : `${kind === 'steps' ? current : current.toFixed(1)} ${unit}`}
          </Text>
        </Stack>
        {canEdit && (
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              setValue(current === null ? '' : Number(current.toFixed(1)));
              setError(null);
              setEditing(true);
            }}
          >
            {t('metricPages.goals.edit')}
          </Button>
        )}
      </Group>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        submit();
      }}
    >
      <Stack gap="xs">
        <NumberInput
          label={label}
          value={value}
          onChange={setValue}
          error={error}
          rightSection={
            <Text size="xs" c="dimmed" pr={8}>
              {unit}
            </Text>
          }
          rightSectionWidth={kind === 'steps' ? 64 : 40}
          decimalScale={kind === 'steps' ? 0 : 1}
          min={0}
          hideControls
          inputMode="decimal"
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.isPending}>
            {t('metricPages.goals.save')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)}>
            {t('metricPages.goals.cancel')}
          </Button>
          {kind === 'weight' && goals.targetWeightKg !== null && (
            <Button size="xs" variant="subtle" color="red" onClick={() => save.mutate({ targetWeightKg: null })}>
              {t('metricPages.goals.clear')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
