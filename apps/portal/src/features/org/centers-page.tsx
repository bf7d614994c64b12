import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TCenterListQuery } from '@carewatch/contracts/centers';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { PAGE_SIZE, Paging, StatusBadge, centerTypeLabel, org, orgKeys } from './org-shared.tsx';

/** Health centers: server-paginated list with search, scope and status filters. */
const LIST: ListSpec<'search' | 'scopeId' | 'status'> = {
  filters: ['search', 'scopeId', 'status'],
  pageSize: PAGE_SIZE,
};

export function CentersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const { search: debounced, scopeId, status } = state.filters;
  const query: Partial<TCenterListQuery> = {
    page,
    size: PAGE_SIZE,
    ...(debounced ? { searchValue: debounced } : {}),
    ...(scopeId ? { scopeId } : {}),
    ...(status ? { enabled: status === 'active' } : {}),
  };
  const list = useQuery({
    queryKey: orgKeys.centerList(query),
    queryFn: () => org.centers(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const scopes = useQuery({
    queryKey: orgKeys.scopeTree,
    queryFn: () => org.scopeHierarchy({ isFetchChildren: true }),
    meta: { inlineError: true },
  });

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('org.centers.title')}</Title>
          <Text c="dimmed">{t('org.centers.subtitle')}</Text>
        </div>
        <Button component={Link} to="/centers/new">
          {t('org.centers.add')}
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('org.centers.search')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={260}
        />
        <NativeSelect
          label={t('org.centers.fields.scopeId')}
          value={scopeId}
          onChange={(e) => state.setFilter('scopeId', e.currentTarget.value)}
          data={[
            { value: '', label: t('common.all') },
            ...(scopes.data?.children ?? []).map((s) => ({
              value: s.id,
              label: `${'— '.repeat(s.level - 1)}${s.name}`,
            })),
          ]}
        />
        <NativeSelect
          label={t('org.status.label')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('common.all') },
            { value: 'active', label: t('org.status.active') },
            { value: 'inactive', label: t('org.status.inactive') },
          ]}
        />
        <SavedViews list="centers" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('org.centers.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('org.centers.empty')}
        </Text>
      ) : (
        <>
          <Table striped highlightOnHover withTableBorder aria-label={t('org.centers.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('org.centers.fields.name')}</Table.Th>
                <Table.Th>{t('org.centers.fields.type')}</Table.Th>
                <Table.Th>{t('org.centers.fields.scopeId')}</Table.Th>
                <Table.Th>{t('org.centers.fields.mainAdminId')}</Table.Th>
                <Table.Th>{t('org.centers.fields.hotline')}</Table.Th>
                <Table.Th>{t('org.centers.fields.address')}</Table.Th>
                <Table.Th>{t('org.status.label')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((c) => (
                <Table.Tr key={c.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(`/centers/${c.id}`)}>
                  <Table.Td>
                    <Link to={`/centers/${c.id}`} onClick={(e) => e.stopPropagation()}>
                      {c.name}
                    </Link>
                  </Table.Td>
                  <Table.Td>{centerTypeLabel(t, c.type)}</Table.Td>
                  <Table.Td>{c.scopeName ?? t('common.none')}</Table.Td>
                  <Table.Td>{c.mainAdmin?.name ?? t('common.none')}</Table.Td>
                  <Table.Td>{c.hotline ?? t('common.none')}</Table.Td>
                  <Table.Td>{c.address ?? t('common.none')}</Table.Td>
                  <Table.Td>
                    <StatusBadge active={c.enabled} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Paging total={list.data.total} page={page} onChange={setPage} label={t('org.centers.pagination')} />
        </>
      )}
    </Stack>
  );
}
