import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import { PRESCRIPTION_DISPLAY_STATES, type TPrescriptionDisplayState } from '@carewatch/contracts/prescriptions';
import type { TPatient } from '@carewatch/contracts/patients';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { useHasPermission } from '../../app/queries.ts';
import { AdherenceCard } from './adherence-card.tsx';
import { MissedDoseSettingCard, RemindersCard } from './reminders-card.tsx';
import { RxStateBadge, day, prescriptions, rxKeys } from './prescriptions-shared.tsx';

/** The patient page's "Prescriptions" tab: the list (in use / expired / deactivated), "New prescription", adherence. */
export function PatientPrescriptionsTab({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const [state, setState] = useState<TPrescriptionDisplayState | ''>('');
  const q = useQuery({
    queryKey: rxKeys.list(patient.id, state),
    queryFn: () => prescriptions.list(patient.id, { size: 100, page: 0, ...(state ? { state } : {}) }),
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label={t('prescriptions.filter.label')}
          value={state}
          w={220}
          onChange={(e) => setState(PRESCRIPTION_DISPLAY_STATES.find((s) => s === e.currentTarget.value) ?? '')}
          data={[
            { value: '', label: t('prescriptions.filter.all') },
            ...PRESCRIPTION_DISPLAY_STATES.map((s) => ({ value: s, label: t(`prescriptions.filter.${s}`) })),
          ]}
        />
        {has(Permission.HealthPrescriptionManage) && (
          <Button component={Link} to={`/patients/${patient.id}/prescriptions/new`}>
            {t('prescriptions.list.new')}
          </Button>
        )}
      </Group>
      {q.isPending ? (
        <ListSkeleton rows={3} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {state ? t('prescriptions.list.emptyFiltered') : t('prescriptions.list.empty')}
        </Text>
      ) : (
        <Table withTableBorder striped aria-label={t('prescriptions.list.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('prescriptions.fields.name')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.rxNumber')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.doctor')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.startDate')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.medicines')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/prescriptions/${p.id}`}
                    aria-label={t('prescriptions.list.open', { name: p.name })}
                  >
                    {p.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.rxNumber}</Table.Td>
                <Table.Td>{p.doctorName}</Table.Td>
                <Table.Td>
                  {t('prescriptions.list.period', {
                    from: day(p.startDate),
                    to: p.endDate ? day(p.endDate) : t('prescriptions.list.noEnd'),
                  })}
                </Table.Td>
                <Table.Td>{p.medicines.map((m) => m.name).join(', ')}</Table.Td>
                <Table.Td>
                  <RxStateBadge t={t} state={p.displayState} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AdherenceCard patientId={patient.id} />
      <RemindersCard patientId={patient.id} />
      <MissedDoseSettingCard patientId={patient.id} />
    </Stack>
  );
}
