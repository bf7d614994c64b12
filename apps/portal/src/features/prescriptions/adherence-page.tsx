import { Anchor, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { IntakeLegend, Percent, prescriptions, rxKeys } from './prescriptions-shared.tsx';

const SIZE = 20;
const LIST: ListSpec<'q'> = { filters: ['q'], pageSize: SIZE };

/** Patients the reader may see, lowest 7-day adherence first (nothing due: last); each links to the patient. */
export function AdherencePage() {
  const { t } = useTranslation();
  const state = useListState(LIST);
  const search = useFilterText(state, 'q');
  const {
    page,
    setPage,
    filters: { q },
  } = state;
  const query = { page, size: SIZE, ...(q ? { q } : {}) };
  const list = useQuery({
    queryKey: rxKeys.ranking(query),
    queryFn: () => prescriptions.ranking(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SIZE)) : 1;
  return (
    <Stack>
      <Title order={1}>{t('prescriptions.adherence.title')}</Title>
      <Text c="dimmed">{t('prescriptions.adherence.subtitle')}</Text>
      <TextInput
        label={t('common.search')}
        value={search.value}
        onChange={(e) => search.set(e.currentTarget.value)}
        w={320}
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('prescriptions.adherence.empty')}
        </Text>
      ) : (
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
                    <Anchor
                      component={Link}
                      to={`/patients/${r.patientId}`}
                      aria-label={t('prescriptions.adherence.openPatient', { name: r.patientName })}
                    >
                      {r.patientName}
                    </Anchor>
                    {r.patientCode ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        ({r.patientCode})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Percent t={t} value={r.percent7} />
                  </Table.Td>
                  <Table.Td>
                    <Percent t={t} value={r.percent30} />
                  </Table.Td>
                  <Table.Td>{r.missed7}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('prescriptions.adherence.total', { count: list.data.total })}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} />}
          </Group>
        </>
      )}
      <IntakeLegend t={t} />
    </Stack>
  );
}
