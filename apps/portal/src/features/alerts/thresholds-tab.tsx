import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  THRESHOLD_TIERS,
  ZPutThresholdsRequest,
  type TPatientThresholds,
  type TThresholdIndex,
} from '@carewatch/contracts/alerts';
import { Permission } from '@carewatch/contracts/permissions';
import type { TPatient } from '@carewatch/contracts/patients';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useHasPermission } from '../../app/queries.ts';
import { alertKeys, alerts } from './alerts-shared.tsx';
import { AlertSettingsCard } from './alert-settings-card.tsx';
import {
  SIDES,
  levelFromInput,
  rowErrors,
  thresholdsBody,
  toRows,
  type ThresholdRow as Row,
} from './thresholds-rules.ts';

/**
 * "Thresholds" tab of a patient: per index, the lower and upper levels of each tier (at risk, high risk, SOS), lock and
 * "patient may edit", reset one index or all to the tenant defaults; and, for those who set thresholds, the alert
 * settings card (which also holds the seconds to answer a high-risk prompt: one stored value, edited in one place).
 */
export function PatientThresholdsTab({ patient }: { patient: Pick<TPatient, 'id'> }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const canEdit = has(Permission.HealthThresholdManage);
  const queryClient = useQueryClient();
  const key = alertKeys.thresholds(patient.id);
  const data = useQuery({ queryKey: key, queryFn: () => alerts.thresholds(patient.id), meta: { inlineError: true } });
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const original = useMemo(() => (data.data ? toRows(data.data) : []), [data.data]);
  useEffect(() => {
    if (!data.data) return;
    setRows(toRows(data.data));
  }, [data.data]);

  const onSaved = (d: TPatientThresholds, message: string) => {
    queryClient.setQueryData(key, d);
    setErrors({});
    notifySuccess(message);
  };
  const save = useMutation({
    mutationFn: (body: Parameters<typeof alerts.putThresholds>[1]) => alerts.putThresholds(patient.id, body),
    onSuccess: (d) => onSaved(d, t('alerts.thresholds.saved')),
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const reset = useMutation({
    mutationFn: (indexes: TThresholdIndex[] | undefined) =>
      alerts.resetThresholds(patient.id, indexes ? { indexes } : {}),
    onSuccess: (d) => onSaved(d, t('alerts.thresholds.resetDone')),
    meta: { inlineError: true },
  });

  if (data.isPending) return <ListSkeleton />;
  if (data.isError) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;

  const update = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setLevel = (i: number, side: 'low' | 'high', tier: (typeof THRESHOLD_TIERS)[number], v: string | number) => {
    const row = rows[i]!;
    update(i, { [side]: { ...row[side], [tier]: levelFromInput(v) } });
  };
  const submit = () => {
    const { items, sent } = thresholdsBody(rows, original);
    const parsed = ZPutThresholdsRequest.safeParse({ items });
    if (!parsed.success) return setErrors(rowErrors(zodFieldErrors(t, parsed.error), sent));
    save.mutate(parsed.data);
  };
  const err = (i: number, path: string) => errors[`rows.${i}.${path}`];

  return (
    <Stack>
      <div>
        <Title order={3}>{t('alerts.thresholds.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('alerts.thresholds.subtitle')}
        </Text>
        {!canEdit && (
          <Text size="sm" c="dimmed">
            {t('alerts.thresholds.readOnly')}
          </Text>
        )}
      </div>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table withTableBorder striped aria-label={t('alerts.thresholds.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('alerts.thresholds.index')}</Table.Th>
              <Table.Th>{t('alerts.thresholds.low')}</Table.Th>
              <Table.Th>{t('alerts.thresholds.high')}</Table.Th>
              <Table.Th>{t('alerts.thresholds.source')}</Table.Th>
              <Table.Th>{t('alerts.thresholds.locked')}</Table.Th>
              <Table.Th>{t('alerts.thresholds.patientMayEdit')}</Table.Th>
              {canEdit && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => {
              const indexName = t(`alerts.index.${r.index}`);
              return (
                <Table.Tr key={r.index}>
                  <Table.Td fw={600}>{indexName}</Table.Td>
                  {SIDES.map((side) => (
                    <Table.Td key={side}>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        {THRESHOLD_TIERS.map((tier) => (
                          <NumberInput
                            key={tier}
                            w={92}
                            size="xs"
                            hideControls
                            decimalScale={2}
                            disabled={!canEdit}
                            label={t(`alerts.tier.${tier}`)}
                            aria-label={t('alerts.thresholds.field', {
                              index: indexName,
                              side: t(side === 'low' ? 'alerts.thresholds.sideLow' : 'alerts.thresholds.sideHigh'),
                              tier: t(`alerts.tier.${tier}`),
                            })}
                            value={r[side][tier] ?? ''}
                            onChange={(v) => setLevel(i, side, tier, v)}
                            error={err(i, `${side}.${tier}`)}
                          />
                        ))}
                      </Group>
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Badge variant="light" color={r.source === 'custom' ? 'blue' : 'gray'} tt="none" w="max-content">
                      {r.source === 'custom' ? t('alerts.thresholds.custom') : t('alerts.thresholds.default')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${indexName}: ${t('alerts.thresholds.locked')}`}
                      checked={r.locked}
                      disabled={!canEdit}
                      onChange={(e) =>
                        update(i, {
                          locked: e.currentTarget.checked,
                          ...(e.currentTarget.checked ? { patientMayEdit: false } : {}),
                        })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${indexName}: ${t('alerts.thresholds.patientMayEdit')}`}
                      checked={r.patientMayEdit}
                      disabled={!canEdit || r.locked}
                      onChange={(e) => update(i, { patientMayEdit: e.currentTarget.checked })}
                      error={err(i, 'patientMayEdit')}
                    />
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={r.source === 'default'}
                        loading={reset.isPending && reset.variables?.[0] === r.index}
                        onClick={() => reset.mutate([r.index])}
                        aria-label={t('alerts.thresholds.resetIndex', { index: indexName })}
                      >
                        {t('alerts.thresholds.reset')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!canEdit && <Text size="sm">{t('alertConfig.settings.readOnly', { n: data.data.confirmSeconds })}</Text>}
      {(save.error || reset.error) && !Object.keys(errors).length && (
        <Alert color="red" role="alert">
          {errorText(t, save.error ?? reset.error)}
        </Alert>
      )}
      {canEdit && (
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('alerts.thresholds.save')}
          </Button>
          <Button
            variant="default"
            onClick={() => reset.mutate(undefined)}
            loading={reset.isPending && reset.variables === undefined}
          >
            {t('alerts.thresholds.reset')}
          </Button>
        </Group>
      )}
      {canEdit && <AlertSettingsCard patientId={patient.id} />}
    </Stack>
  );
}
