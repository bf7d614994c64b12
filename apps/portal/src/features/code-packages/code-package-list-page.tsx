import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ITEM_TYPES } from '@carewatch/contracts/billing';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { codePackageKeys, codePackages } from './code-packages-shared.ts';

const SIZE = 20;
const LIST: ListSpec<'search' | 'type'> = { filters: ['search', 'type'], pageSize: SIZE };

/** Code packages: search by name or organization, filter by type; paged, newest first. */
export function CodePackageListPage() {
  const { t } = useTranslation();
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const { search: debounced, type } = state.filters;
  const query = {
    page,
    size: SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(type ? { type: type as (typeof ITEM_TYPES)[number] } : {}),
  };
  const list = useQuery({
    queryKey: codePackageKeys.list(query),
    queryFn: () => codePackages.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SIZE)) : 1;
  const filtered = Boolean(debounced || type);
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('codePackages.list.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('codePackages.list.subtitle')}
          </Text>
        </Stack>
        <Button component={Link} to="/code-packages/new">
          {t('codePackages.list.new')}
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('codePackages.list.search')}
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={280}
        />
        <NativeSelect
          label={t('codePackages.list.type')}
          value={type}
          onChange={(e) => state.setFilter('type', e.currentTarget.value)}
          w={220}
          data={[
            { value: '', label: t('codePackages.list.all') },
            ...ITEM_TYPES.map((v) => ({ value: v, label: t(`codePackages.types.${v}`) })),
          ]}
        />
        <SavedViews list="code-packages" />
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t(filtered ? 'codePackages.list.emptyFiltered' : 'codePackages.list.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('codePackages.list.total', { count: list.data.total })}
          </Text>
          <Table striped aria-label={t('codePackages.list.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('codePackages.fields.name')}</Table.Th>
                <Table.Th>{t('codePackages.fields.seriesPrefix')}</Table.Th>
                <Table.Th>{t('codePackages.fields.type')}</Table.Th>
                <Table.Th>{t('codePackages.fields.recipientOrganization')}</Table.Th>
                <Table.Th>{t('codePackages.fields.upgradePackageId')}</Table.Th>
                <Table.Th>{t('codePackages.fields.availableFrom')}</Table.Th>
                <Table.Th>{t('codePackages.fields.expiresOn')}</Table.Th>
                <Table.Th>{t('codePackages.list.codes')}</Table.Th>
                <Table.Th>{t('codePackages.list.used')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/code-packages/${p.id}`}
                      aria-label={t('codePackages.list.open', { name: p.name })}
                    >
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.seriesPrefix}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`codePackages.types.${p.type}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{p.recipientOrganization}</Table.Td>
                  <Table.Td>
                    {t('codePackages.detail.grants', { plan: p.upgradePackage.name, months: p.upgradeMonths })}
                  </Table.Td>
                  <Table.Td>{formatCalendarDay(p.availableFrom)}</Table.Td>
                  <Table.Td>{formatCalendarDay(p.expiresOn)}</Table.Td>
                  <Table.Td>{p.counts.total}</Table.Td>
                  <Table.Td>{p.counts.used}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              aria-label={t('codePackages.list.page', { page: page + 1, pages })}
              getControlProps={(c) =>
                c === 'previous'
                  ? { 'aria-label': t('codePackages.list.previous') }
                  : c === 'next'
                    ? { 'aria-label': t('codePackages.list.next') }
                    : {}
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
