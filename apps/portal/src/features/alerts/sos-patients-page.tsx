import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { patients } from '../patients/patients-shared.tsx';
import { LIVE_MS, alertKeys } from './alerts-shared.tsx';

/** Patients whose status is SOS right now (polled, so new ones appear without a reload). */
export function SosPatientsPage() {
  const { t } = useTranslation();
  const query = { status: 'sos' as const, size: 200, page: 0 };
  const list = useQuery({
    queryKey: alertKeys.sosPatients(query),
    queryFn: () => patients.list(query),
    refetchInterval: LIVE_MS,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('alerts.sosPatients.title')}</Title>
        <Text c="dimmed">{t('alerts.sosPatients.subtitle')}</Text>
      </div>
      <Group>
        <Text size="sm" c="dimmed">
          {t('alerts.common.live')}
        </Text>
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('alerts.common.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('alerts.sosPatients.empty')}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={t('alerts.sosPatients.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('alerts.common.code')}</Table.Th>
              <Table.Th>{t('alerts.common.patient')}</Table.Th>
              <Table.Th>{t('alerts.sosPatients.phone')}</Table.Th>
              <Table.Th>{t('alerts.sosPatients.center')}</Table.Th>
              <Table.Th>{t('alerts.nav.sosCases')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.patientCode ?? t('alerts.common.none')}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/patients/${p.id}`}>
                    {p.fullName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.phone ?? t('alerts.common.none')}</Table.Td>
                <Table.Td>{p.centerName ?? t('alerts.common.none')}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/sos-cases?patientId=${p.id}`}
                    aria-label={t('alerts.sosPatients.openCase', { name: p.fullName })}
                  >
                    {t('alerts.common.view')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
