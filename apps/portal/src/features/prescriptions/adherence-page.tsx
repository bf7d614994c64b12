import { useState } from 'react';
import { Anchor, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, ListSkeleton } from '../../app/states.tsx';
import { IntakeLegend, Percent, prescriptions, rxKeys } from './prescriptions-shared.tsx';

const SIZE = 20;

/** Patients the reader may see, lowest 7-day adherence first (nothing due: last); each links to the patient. */
export function AdherencePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { page: page - 1, size: SIZE, ...(q ? { q } : {}) };
  const list = useQuery({ queryKey: rxKeys.ranking(query), queryFn: () => prescriptions.ranking(query), placeholderData: keepPreviousData, meta: { inlineError: true } });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SIZE)) : 1;
  return (
    <Stack>
      <Title order={1}>{t('prescriptions.adherence.title')}</Title>
      <Text c="dimmed">{t('prescriptions.adherence.subtitle')}</Text>
      <TextInput label={t('common.search')} value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={320} />
      {list.isPending ? <ListSkeleton /> : list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        : list.data.items.length === 0 ? <Text c="dimmed" role="status">{t('prescriptions.adherence.empty')}</Text> : (
          <>
            <Table withTableBorder striped aria-label={t('prescriptions.adherence.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('prescriptions.adherence.patient')}</Table.Th>
                  <Table.Th>{t('prescriptions.adherence.days7')}</Table.Th>
                  <Table.Th>{t('prescriptions.adherence.days30')}</Table.Th>
                  <Table.Th>{t('prescriptions.adherence.missed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((r) => (
                  <Table.Tr key={r.patientId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/patients/${r.patientId}`} aria-label={t('prescriptions.adherence.openPatient', { name: r.patientName })}>{r.patientName}</Anchor>
                      {r.patientCode ? <Text span size="sm" c="dimmed"> ({r.patientCode})</Text> : null}
                    </Table.Td>
                    <Table.Td><Percent t={t} value={r.percent7} /></Table.Td>
                    <Table.Td><Percent t={t} value={r.percent30} /></Table.Td>
                    <Table.Td>{r.missed7}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">{t('prescriptions.adherence.total', { count: list.data.total })}</Text>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
            </Group>
          </>
        )}
      <IntakeLegend t={t} />
    </Stack>
  );
}
