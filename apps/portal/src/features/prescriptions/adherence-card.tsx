import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '@carewatch/i18n/datetime';
import { useProfile } from '../../app/queries.ts';
import { IntakeBadge, IntakeLegend, Percent, doseText, prescriptions, rxKeys } from './prescriptions-shared.tsx';

/**
 * A patient's medication adherence (share of due doses taken on time) over 7 and 30 days, overall and per medicine,
 * and the recent doses with their states and the legend of the windows.
 */
export function AdherenceCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const adherence = useQuery({
    queryKey: rxKeys.adherence(patientId),
    queryFn: () => prescriptions.adherence(patientId),
    meta: { inlineError: true },
  });
  const intakes = useQuery({
    queryKey: rxKeys.intakes(patientId),
    queryFn: () => prescriptions.intakes(patientId),
    meta: { inlineError: true },
  });
  const title = t('prescriptions.adherence.card');
  // Newest first; doses still ahead (beyond now) are left out of "recent".
  const now = Date.now();
  const recent = (intakes.data?.items ?? [])
    .filter((i) => Date.parse(i.dueAt) <= now)
    .sort((a, b) => b.dueAt.localeCompare(a.dueAt))
    .slice(0, 14);
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3}>{title}</Title>
        {adherence.isPending ? (
          <ListSkeleton rows={2} />
        ) : adherence.isError ? (
          <ErrorState error={adherence.error} onRetry={() => void adherence.refetch()} />
        ) : (
          <Table withTableBorder aria-label={t('prescriptions.adherence.perMedicine')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('prescriptions.adherence.medicine')}</Table.Th>
                <Table.Th>{t('prescriptions.adherence.days7')}</Table.Th>
                <Table.Th>{t('prescriptions.adherence.days30')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('prescriptions.adherence.overall')}</Table.Th>
                <Table.Td>
                  <Percent t={t} value={adherence.data.overall.percent7} />
                </Table.Td>
                <Table.Td>
                  <Percent t={t} value={adherence.data.overall.percent30} />
                </Table.Td>
              </Table.Tr>
              {adherence.data.medicines.map((m) => (
                <Table.Tr key={m.medicineId}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>
                    <Percent t={t} value={m.percent7} />
                  </Table.Td>
                  <Table.Td>
                    <Percent t={t} value={m.percent30} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Title order={4}>{t('prescriptions.adherence.recent')}</Title>
        {intakes.isPending ? (
          <ListSkeleton rows={3} />
        ) : intakes.isError ? (
          <ErrorState error={intakes.error} onRetry={() => void intakes.refetch()} />
        ) : recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('prescriptions.adherence.noIntakes')}
          </Text>
        ) : (
          <Table withTableBorder striped aria-label={t('prescriptions.adherence.recent')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('prescriptions.adherence.due')}</Table.Th>
                <Table.Th>{t('prescriptions.adherence.medicine')}</Table.Th>
                <Table.Th>{t('prescriptions.adherence.state')}</Table.Th>
                <Table.Th>{t('prescriptions.adherence.answeredAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recent.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {formatDateTime(i.dueAt, tz, { seconds: false })}
                    {i.timeLabel ? ` · ${i.timeLabel}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {i.medicineName} · {doseText(t, i)}
                  </Table.Td>
                  <Table.Td>
                    <IntakeBadge t={t} state={i.state} />
                  </Table.Td>
                  <Table.Td>{i.answeredAt ? formatDateTime(i.answeredAt, tz, { seconds: false }) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <IntakeLegend t={t} />
        </Group>
      </Stack>
    </Card>
  );
}
