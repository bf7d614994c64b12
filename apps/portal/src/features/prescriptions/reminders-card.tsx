import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import {
  DEFAULT_MISSED_DOSE_THRESHOLD,
  ZMedicationSettings,
  type TReminderRuleKind,
} from '@carewatch/contracts/prescriptions';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '@carewatch/i18n/datetime';
import { useHasPermission } from '../../app/queries.ts';
import { doseText, prescriptions, ruleText, rxKeys } from './prescriptions-shared.tsx';

/** The spec's reminder tabs (daily, weekly, monthly, cycle); one-off dates and every-N-hours go under "other". */
const TABS: Array<{ value: string; kinds: readonly TReminderRuleKind[] }> = [
  { value: 'daily', kinds: ['daily'] },
  { value: 'weekly', kinds: ['weekly'] },
  { value: 'monthly', kinds: ['monthly'] },
  { value: 'cycle', kinds: ['cycle'] },
  { value: 'other', kinds: ['once', 'hourly'] },
];

/** The patient's reminders of in-use scheduled medicines, by rule, with the next dose (in the patient's zone). */
export function RemindersCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...rxKeys.all, 'reminders', patientId],
    queryFn: () => prescriptions.reminders(patientId),
    meta: { inlineError: true },
  });
  const title = t('prescriptions.reminders.title');
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3}>{title}</Title>
        {q.isPending ? (
          <ListSkeleton rows={2} />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <PlainTabs
            id={`reminders-${patientId}`}
            label={t('prescriptions.reminders.tabs')}
            mb="xs"
            tabs={TABS.map((tab) => ({
              value: tab.value,
              label: `${t(`prescriptions.reminders.tab.${tab.value}`)} (${q.data.items.filter((r) => tab.kinds.includes(r.reminder.rule.kind)).length})`,
              content: () => {
                const items = q.data.items.filter((r) => tab.kinds.includes(r.reminder.rule.kind));
                if (items.length === 0)
                  return (
                    <Text size="sm" c="dimmed">
                      {t('prescriptions.reminders.empty')}
                    </Text>
                  );
                return (
                  <Table withTableBorder aria-label={t(`prescriptions.reminders.tab.${tab.value}`)}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('prescriptions.adherence.medicine')}</Table.Th>
                        <Table.Th>{t('prescriptions.detail.schedule')}</Table.Th>
                        <Table.Th>{t('prescriptions.reminders.next')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((r) => (
                        <Table.Tr key={r.medicineId}>
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {r.medicineName} · {doseText(t, r)}
                            </Text>
                            <Anchor component={Link} to={`/prescriptions/${r.prescriptionId}`} size="xs">
                              {r.prescriptionName}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>
                            {ruleText(t, r.reminder.rule, r.reminder.times)} · {t(`prescriptions.meal.${r.when}`)}
                          </Table.Td>
                          <Table.Td>
                            {r.nextDoseAt ? formatDateTime(r.nextDoseAt, q.data.timeZone, { seconds: false }) : '—'}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                );
              },
            }))}
          />
        )}
      </Stack>
    </Card>
  );
}

/** After how many consecutive missed doses of one medicine the caregivers are told (per patient). */
export function MissedDoseSettingCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const canEdit = has(Permission.HealthPrescriptionManage);
  const queryClient = useQueryClient();
  const key = [...rxKeys.all, 'settings', patientId];
  const q = useQuery({ queryKey: key, queryFn: () => prescriptions.settings(patientId), meta: { inlineError: true } });
  const [value, setValue] = useState<string | number>(DEFAULT_MISSED_DOSE_THRESHOLD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data) setValue(q.data.missedDoseThreshold);
  }, [q.data]);
  const save = useMutation({
    mutationFn: (n: number) => prescriptions.updateSettings(patientId, { missedDoseThreshold: n }),
    onSuccess: (s) => {
      queryClient.setQueryData(key, s);
      setErrors({});
      notifySuccess(t('prescriptions.missed.saved'));
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const parsed = ZMedicationSettings.safeParse({ missedDoseThreshold: value === '' ? undefined : Number(value) });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    save.mutate(parsed.data.missedDoseThreshold);
  };
  const title = t('prescriptions.missed.title');
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3}>{title}</Title>
        <Text size="sm" c="dimmed">
          {t('prescriptions.missed.hint')}
        </Text>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <Group align="flex-end">
            <NumberInput
              label={t('prescriptions.missed.threshold')}
              value={value}
              onChange={setValue}
              min={1}
              max={10}
              allowDecimal={false}
              w={220}
              disabled={!canEdit || q.isPending}
              error={errors.missedDoseThreshold}
            />
            {canEdit && (
              <Button onClick={submit} loading={save.isPending} disabled={q.isPending}>
                {t('common.save')}
              </Button>
            )}
          </Group>
        )}
        {save.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
