import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import {
  THRESHOLD_TIERS,
  ZPutTenantThresholdsRequest,
  type TThresholdIndex,
  type TThresholdSide,
  type TThresholdTier,
  type TTenantThresholds,
} from '@carewatch/contracts/alerts';
import { Permission } from '@carewatch/contracts/permissions';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, translateValidation } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { alertConfig } from './alert-settings-card.tsx';
import {
  SIDES,
  canResetAll,
  levelField,
  levelFromInput,
  levelMessage as levelMessageOf,
  thresholdColumn,
  type Side,
} from './thresholds-rules.ts';

type Item = TTenantThresholds['items'][number];
const defaultsKey = ['alerts', 'thresholdDefaults'] as const;

/** The contract's threshold messages in the user's language (range, order of the tiers, low below high). */
function levelMessage(t: TFunction, message: string): string {
  const own = levelMessageOf(message);
  return own ? t(own.key, own.params) : translateValidation(t, message);
}

function EditModal({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sides, setSides] = useState<Record<Side, TThresholdSide>>({ low: { ...item.low }, high: { ...item.high } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const indexName = t(`alerts.index.${item.index}`);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof alertConfig.putThresholdDefaults>[0]) =>
      alertConfig.putThresholdDefaults(body),
    onSuccess: (d) => {
      queryClient.setQueryData(defaultsKey, d);
      notifySuccess(t('alertConfig.defaults.saved'));
      onClose();
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const out: Record<string, string> = {};
      for (const [field, info] of Object.entries(e.fieldErrors()))
        out[levelField(field)] = levelMessage(t, info.message);
      setErrors(out);
    },
    meta: { inlineError: true },
  });
  const setLevel = (side: Side, tier: TThresholdTier, v: string | number) => {
    const n = levelFromInput(v);
    setSides((s) => ({ ...s, [side]: { ...s[side], [tier]: n } }));
  };
  const submit = () => {
    const body = {
      items: [
        {
          index: item.index,
          low: sides.low,
          high: sides.high,
          locked: item.locked,
          patientMayEdit: item.patientMayEdit,
          personalized: item.personalized,
        },
      ],
    };
    const parsed = ZPutTenantThresholdsRequest.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[levelField(issue.path.join('.'))] ??= levelMessage(t, issue.message);
      return setErrors(out);
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const shownOnField = Object.keys(errors).some((k) => /^(low|high)\./.test(k));
  return (
    <Modal opened onClose={onClose} title={t('alertConfig.defaults.editTitle', { index: indexName })} size="lg">
      <Stack>
        {SIDES.map((side) => (
          <Stack key={side} gap={4}>
            <Text size="sm" fw={600}>
              {t(side === 'low' ? 'alertConfig.defaults.lower' : 'alertConfig.defaults.upper')}
            </Text>
            <Group align="flex-start" gap="sm">
              {THRESHOLD_TIERS.map((tier) => (
                <NumberInput
                  key={tier}
                  w={150}
                  hideControls
                  decimalScale={2}
                  label={t(`alertConfig.defaults.${thresholdColumn(side, tier)}`)}
                  value={sides[side][tier] ?? ''}
                  onChange={(v) => setLevel(side, tier, v)}
                  error={errors[`${side}.${tier}`]}
                />
              ))}
            </Group>
          </Stack>
        ))}
        {save.isError && !shownOnField && (
          <Alert color="red" role="alert">
            {Object.values(errors)[0] ?? errorText(t, save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The tenant's threshold defaults (they apply to every patient without thresholds of their own): every index with its
 * levels and source. Those who manage tenant settings edit an index in a modal or put it (or all) back to built-in.
 */
export function ThresholdDefaultsPage() {
  const { t } = useTranslation();
  const has = useHasPermission();
  const canManage = has(Permission.TenantSettingsManage);
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: defaultsKey,
    queryFn: () => alertConfig.thresholdDefaults(),
    meta: { inlineError: true },
  });
  const [editing, setEditing] = useState<Item | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const reset = useMutation({
    mutationFn: (indexes: TThresholdIndex[] | undefined) =>
      alertConfig.resetThresholdDefaults(indexes ? { indexes } : {}),
    onSuccess: (d) => {
      queryClient.setQueryData(defaultsKey, d);
      setConfirmAll(false);
      notifySuccess(t('alertConfig.defaults.resetDone'));
    },
    meta: { inlineError: true },
  });
  const none = t('common.none');

  return (
    <Stack>
      <div>
        <Title order={1}>{t('alertConfig.defaults.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('alertConfig.defaults.subtitle')}
        </Text>
        {!canManage && (
          <Text size="sm" c="dimmed">
            {t('alertConfig.defaults.readOnly')}
          </Text>
        )}
      </div>
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {reset.isError && (
            <Alert color="red" role="alert">
              {errorText(t, reset.error)}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={900} type="native">
            <Table withTableBorder striped aria-label={t('alertConfig.defaults.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('alertConfig.defaults.index')}</Table.Th>
                  {SIDES.flatMap((side) =>
                    THRESHOLD_TIERS.map((tier) => (
                      <Table.Th key={`${side}.${tier}`}>
                        {t(`alertConfig.defaults.${thresholdColumn(side, tier)}`)}
                      </Table.Th>
                    )),
                  )}
                  <Table.Th>{t('alertConfig.defaults.source')}</Table.Th>
                  <Table.Th>{t('alertConfig.defaults.updatedAt')}</Table.Th>
                  {canManage && <Table.Th>{t('alertConfig.defaults.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.items.map((item) => {
                  const indexName = t(`alerts.index.${item.index}`);
                  return (
                    <Table.Tr key={item.index} aria-label={indexName}>
                      <Table.Td fw={600}>{indexName}</Table.Td>
                      {SIDES.flatMap((side) =>
                        THRESHOLD_TIERS.map((tier) => (
                          <Table.Td key={`${side}.${tier}`}>{item[side][tier] ?? none}</Table.Td>
                        )),
                      )}
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={item.source === 'tenant' ? 'blue' : 'gray'}
                          tt="none"
                          w="max-content"
                        >
                          {t(`alertConfig.defaults.sources.${item.source}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{item.updatedAt ? formatDateTime(item.updatedAt, tz) : none}</Table.Td>
                      {canManage && (
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="compact-xs"
                              variant="light"
                              aria-label={t('alertConfig.defaults.editIndex', { index: indexName })}
                              onClick={() => setEditing(item)}
                            >
                              {t('alertConfig.defaults.edit')}
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              disabled={item.source === 'builtin'}
                              loading={reset.isPending && reset.variables?.[0] === item.index}
                              aria-label={t('alertConfig.defaults.resetIndex', { index: indexName })}
                              onClick={() => reset.mutate([item.index])}
                            >
                              {t('alertConfig.defaults.reset')}
                            </Button>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {canManage && (
            <Group>
              <Button
                variant="default"
                disabled={!canResetAll(q.data.items)}
                onClick={() => {
                  reset.reset();
                  setConfirmAll(true);
                }}
              >
                {t('alertConfig.defaults.resetAll')}
              </Button>
            </Group>
          )}
        </>
      )}
      {editing && <EditModal key={editing.index} item={editing} onClose={() => setEditing(null)} />}
      <Modal opened={confirmAll} onClose={() => setConfirmAll(false)} title={t('alertConfig.defaults.resetAll')}>
        <Stack>
          <Text>{t('alertConfig.defaults.resetAllConfirm')}</Text>
          {reset.isError && (
            <Alert color="red" role="alert">
              {errorText(t, reset.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmAll(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="orange" loading={reset.isPending} onClick={() => reset.mutate(undefined)}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
