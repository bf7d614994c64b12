import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TTenantQuery } from '@carewatch/contracts/tenants';
import { ErrorState } from '@carewatch/web/states';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { ActiveBadge, tenantKeys, tenants } from './tenants-shared.tsx';

const PAGE_SIZE = 15;
type ActiveFilter = '' | 'true' | 'false';
const LIST: ListSpec<'search' | 'active'> = { filters: ['search', 'active'], pageSize: PAGE_SIZE };

/** Tenants (super admin): server-paginated, searched, filtered by state; a row opens the tenant. */
export function TenantsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const debounced = state.filters.search;
  const active: ActiveFilter =
    state.filters.active === 'true' || state.filters.active === 'false' ? state.filters.active : '';

  const query: Partial<TTenantQuery> = {
    page,
    size: PAGE_SIZE,
    ...(debounced ? { searchValue: debounced } : {}),
    ...(active ? { active } : {}),
  };
  const list = useQuery({
    queryKey: tenantKeys.list(query),
    queryFn: () => tenants.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('tenants.title')}</Title>
          <Text c="dimmed">{t('tenants.subtitle')}</Text>
        </div>
        <Button component={Link} to="/tenants/new">
          {t('tenants.list.add')}
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('tenants.list.search')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={320}
        />
        <NativeSelect
          label={t('tenants.list.status')}
          value={active}
          onChange={(e) => state.setFilter('active', e.currentTarget.value)}
          data={[
            { value: '', label: t('tenants.list.statusAll') },
            { value: 'true', label: t('tenants.status.active') },
            { value: 'false', label: t('tenants.status.inactive') },
          ]}
        />
        <SavedViews list="tenants" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('tenants.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('tenants.list.empty')}
        </Text>
      ) : (
        <>
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tenants.fields.code')}</Table.Th>
                <Table.Th>{t('tenants.fields.name')}</Table.Th>
                <Table.Th>{t('tenants.fields.officialName')}</Table.Th>
                <Table.Th>{t('tenants.fields.connectionType')}</Table.Th>
                <Table.Th>{t('tenants.fields.status')}</Table.Th>
                <Table.Th>{t('tenants.fields.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((row) => (
                <Table.Tr
                  key={row.id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  aria-label={t('tenants.list.open', { name: row.name })}
                  onClick={() => navigate(`/tenants/${row.id}`)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') navigate(`/tenants/${row.id}`);
                  }}
                >
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {row.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.officialName || t('common.none')}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" tt="none">
                      {t(`tenants.connectionTypes.${row.connectionType}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ActiveBadge active={row.active} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.createdAt, tz)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <nav aria-label={t('tenants.list.pagination')}>
            <Pagination
              total={totalPages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              getControlProps={(control) => ({ 'aria-label': t(`tenants.list.${control}Page`) })}
              getItemProps={(p) => ({ 'aria-label': t('tenants.list.page', { n: p }) })}
            />
          </nav>
        </>
      )}
    </Stack>
  );
}
