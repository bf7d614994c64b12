import { Alert, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import {
  THRESHOLD_TIERS,
  ZPutMyThresholdsRequest,
  type TPatientThresholds,
  type TThresholdIndex,
  type TThresholdSide,
  type TThresholdTier,
} from '@carewatch/contracts/alerts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { ALERT_KEYS, alertErrorText, myAlertsApi } from './alerts-api.ts';

type Item = TPatientThresholds['items'][number];
type Sides = { low: TThresholdSide; high: TThresholdSide };
const SIDES = ['low', 'high'] as const;

/** "90 / 85 / 80": on a narrow phone it wraps after a slash, never inside a number. */
const sideText = (s: TThresholdSide) =>
  THRESHOLD_TIERS.map((k, i) => (
    <Fragment key={k}>
      {i > 0 && ' '}
      <span style={{ whiteSpace: 'nowrap' }}>
        {s[k] ?? '—'}
        {i < THRESHOLD_TIERS.length - 1 ? ' /' : ''}
      </span>
    </Fragment>
  ));

/** Contract messages of a threshold level → catalogue text (the field name is shown by the input's label). */
function levelMessage(t: TFunction, message: string): string {
  const range = /^Must be between ([\d.]+) and ([\d.]+)$/.exec(message);
  if (range) return t('alerts.validation.range', { min: range[1], max: range[2] });
  if (/must be at or (below|above)/.test(message)) return t('alerts.validation.order');
  if (/^Low levels must be below the high levels$/.test(message)) return t('alerts.validation.lowBelowHigh');
  return t('validation.invalid');
}

/** `items.0.low.atRisk` (server) or ['items', 0, 'low', 'atRisk'] (contract) → `low.atRisk`. */
const fieldOf = (path: ReadonlyArray<PropertyKey> | string) =>
  (typeof path === 'string' ? path.split('.') : path.map(String)).slice(2).join('.');

/** Thresholds of every index; the patient edits only those the doctor allowed (never locked ones). */
export function ThresholdsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ALERT_KEYS.thresholds,
    queryFn: () => myAlertsApi.thresholds(),
    staleTime: 5 * 60_000,
  });
  const [editing, setEditing] = useState<{ index: TThresholdIndex; sides: Sides } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (e: { index: TThresholdIndex; sides: Sides }) =>
      myAlertsApi.putThresholds({ items: [{ index: e.index, ...e.sides }] }),
    onSuccess: (data) => {
      queryClient.setQueryData(ALERT_KEYS.thresholds, data);
      setEditing(null);
      notifications.show({ color: 'teal', message: t('alerts.thresholds.saved'), autoClose: 2500 });
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const out: Record<string, string> = {};
      for (const [field, info] of Object.entries(e.fieldErrors()))
        out[fieldOf(field) || '_'] =
          e.code === 'VALIDATION_ERROR' ? levelMessage(t, info.message) : alertErrorText(t, e);
      setErrors(out);
    },
  });

  const submit = () => {
    if (!editing) return;
    const parsed = ZPutMyThresholdsRequest.safeParse({ items: [{ index: editing.index, ...editing.sides }] });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[fieldOf(issue.path)] ??= levelMessage(t, issue.message);
      setErrors(out);
      return;
    }
    setErrors({});
    save.mutate(editing);
  };
  const setLevel = (side: 'low' | 'high', tier: TThresholdTier, v: string | number) => {
    if (!editing) return;
    const n = typeof v === 'number' ? v : v.trim() === '' ? null : Number(v);
    setEditing({ ...editing, sides: { ...editing.sides, [side]: { ...editing.sides[side], [tier]: n } } });
  };

  let body;
  if (q.isPending) body = <CardsSkeleton rows={2} />;
  else if (q.isError) body = <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  else {
    // The edit column only when something is editable: on a phone the table then fits its card.
    const anyEditable = q.data.items.some((i) => i.patientMayEdit && !i.locked);
    const row = (item: Item) => {
      const editable = item.patientMayEdit && !item.locked;
      const name = t(`alerts.thresholds.indexes.${item.index}`);
      return (
        <Table.Tr key={item.index}>
          <Table.Td>{name}</Table.Td>
          <Table.Td>{sideText(item.low)}</Table.Td>
          <Table.Td>{sideText(item.high)}</Table.Td>
          {anyEditable && (
            <Table.Td>
              {editable ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`${t('alerts.thresholds.edit')} ${name}`}
                  onClick={() => {
                    setErrors({});
                    save.reset();
                    setEditing({ index: item.index, sides: { low: item.low, high: item.high } });
                  }}
                >
                  {t('alerts.thresholds.edit')}
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('alerts.thresholds.doctorOnly')}
                </Text>
              )}
            </Table.Td>
          )}
        </Table.Tr>
      );
    };
    body = (
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {THRESHOLD_TIERS.map((k) => t(`alerts.thresholds.tiers.${k}`)).join(' / ')}
        </Text>
        {/* Fits a 360 px phone without scrolling sideways: narrow cell spacing, values that wrap after a slash. */}
        <Table.ScrollContainer minWidth={0}>
          <Table striped fz="sm" horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.thresholds.index')}</Table.Th>
                <Table.Th>{t('alerts.thresholds.low')}</Table.Th>
                <Table.Th>{t('alerts.thresholds.high')}</Table.Th>
                {anyEditable && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{q.data.items.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {q.data.items.some((i) => i.locked || !i.patientMayEdit) && (
          <Text size="sm" c="dimmed">
            {t('alerts.thresholds.contactDoctor')}
          </Text>
        )}
        {editing && (
          <Card withBorder aria-label={t(`alerts.thresholds.indexes.${editing.index}`)}>
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t(`alerts.thresholds.indexes.${editing.index}`)}
              </Title>
              {errors._ && (
                <Alert color="red" role="alert">
                  {errors._}
                </Alert>
              )}
              {SIDES.map((side) => (
                <Group key={side} grow align="flex-start">
                  {THRESHOLD_TIERS.map((tier) => (
                    <NumberInput
                      key={tier}
                      label={`${t(`alerts.thresholds.${side}`)} · ${t(`alerts.thresholds.tiers.${tier}`)}`}
                      value={editing.sides[side][tier] ?? ''}
                      onChange={(v) => setLevel(side, tier, v)}
                      decimalScale={2}
                      error={errors[`${side}.${tier}`]}
                    />
                  ))}
                </Group>
              ))}
              <Group>
                <Button onClick={submit} loading={save.isPending}>
                  {t('alerts.thresholds.save')}
                </Button>
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t('alerts.thresholds.cancel')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    );
  }
  return (
    <Card withBorder component="section" aria-labelledby="alerts-thresholds">
      <Title order={2} size="h5" id="alerts-thresholds" mb="xs">
        {t('alerts.thresholds.title')}
      </Title>
      {body}
    </Card>
  );
}
