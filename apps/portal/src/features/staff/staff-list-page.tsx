import { type MouseEvent } from 'react';
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
import { useNavigate } from 'react-router';
import { ACCOUNT_STATES } from '@carewatch/contracts/lifecycle';
import { Permission } from '@carewatch/contracts/permissions';
import { STAFF_SORTS, type TStaffQuery } from '@carewatch/contracts/staff';
import { SPECIALTIES } from '@carewatch/contracts/specialties';
import { ErrorState } from '@carewatch/web/states';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { pageCount, splitSort, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { SelectPageTh, SelectRowTd, useBulkSelection } from '../../app/bulk-selection.tsx';
import { PageSizeSelect, SortableTh } from '../../app/sortable-header.tsx';
import {
  StatusBadge,
  fullName,
  levelPlace,
  roleLabel,
  specialtyLabel,
  staff,
  staffKeys,
  useStaffOptions,
} from './staff-shared.tsx';
import { StaffBulkActions } from './staff-bulk-actions.tsx';

const PAGE_SIZES = [15, 30, 50, 100] as const;
type Sort = (typeof STAFF_SORTS)[number];
const LIST: ListSpec<'search' | 'role' | 'centerId' | 'status' | 'specialty', Sort> = {
  filters: ['search', 'role', 'centerId', 'status', 'specialty'],
  sorts: STAFF_SORTS,
  defaultSort: 'name',
  pageSize: 15,
  pageSizes: PAGE_SIZES,
};
export type StaffListPreset = 'all' | 'doctors' | 'customerCare';
const PRESET_ROLE: Record<StaffListPreset, string> = { all: '', doctors: 'doctor', customerCare: 'customer_care' };
const TITLE: Record<StaffListPreset, string> = {
  all: 'staff.title',
  doctors: 'staff.doctorsTitle',
  customerCare: 'staff.customerCareTitle',
};

/** Staff (or doctors) within the caller's level: server-paginated, searchable, filtered by role, center and status. */
export function StaffListPage({ preset = 'all' }: { preset?: StaffListPreset }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const options = useStaffOptions();
  const doctors = preset === 'doctors';
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, size } = state;
  const sort = state.sort || 'name';
  const { field: sortField, order } = splitSort(sort);
  const { search: debounced, centerId, specialty } = state.filters;
  const role = preset === 'all' ? state.filters.role : PRESET_ROLE[preset];
  const status = ACCOUNT_STATES.find((s) => s === state.filters.status) ?? '';
  const onSort = (v: string) => state.setSort(STAFF_SORTS.find((s) => s === v) ?? 'name');
  const th = (label: string, field: string) => (
    <SortableTh label={t(label)} field={field} sort={sort} onSort={onSort} />
  );

  const query: Partial<TStaffQuery> = {
    page,
    size,
    sort,
    ...(debounced ? { searchValue: debounced } : {}),
    ...(role ? { role } : {}),
    ...(centerId ? { centerId } : {}),
    ...(status ? { status } : {}),
    ...(specialty && doctors ? { specialty: specialty as TStaffQuery['specialty'] } : {}),
  };
  const list = useQuery({
    queryKey: staffKeys.list(query),
    queryFn: () => staff.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const totalPages = list.data ? pageCount(list.data.total, size) : 1;
  // Bulk disable (issue 20): rows selected within this query; the bar shows while some are.
  const bulk = has(Permission.StaffDisable);
  const sel = useBulkSelection(JSON.stringify([preset, query]), list.data?.items.map((s) => s.id) ?? []);
  const roleChoices = (options.data?.roles ?? []).map((r) => ({ value: r.code, label: roleLabel(t, r.code, r.name) }));
  if (role && !roleChoices.some((r) => r.value === role)) roleChoices.push({ value: role, label: roleLabel(t, role) });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t(TITLE[preset])}</Title>
        {has(Permission.StaffCreate) && (
          <Button
            onClick={() =>
              navigate(
                doctors
                  ? '/staff/new?role=doctor'
                  : preset === 'customerCare'
                    ? '/staff/new?role=customer_care'
                    : '/staff/new',
              )
            }
          >
            {doctors ? t('staff.list.addDoctor') : t('staff.list.add')}
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('staff.list.search')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={300}
        />
        {preset === 'all' && (
          <NativeSelect
            label={t('staff.list.role')}
            value={role}
            onChange={(e) => state.setFilter('role', e.currentTarget.value)}
            data={[{ value: '', label: t('staff.list.all') }, ...roleChoices]}
          />
        )}
        <NativeSelect
          label={t('staff.list.center')}
          value={centerId}
          onChange={(e) => state.setFilter('centerId', e.currentTarget.value)}
          data={[
            { value: '', label: t('staff.list.all') },
            ...(options.data?.centers ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <NativeSelect
          label={t('staff.list.status')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('staff.list.all') },
            ...ACCOUNT_STATES.map((s) => ({ value: s, label: t(`staff.status.${s}`) })),
          ]}
        />
        {doctors && (
          <NativeSelect
            label={t('staff.list.specialty')}
            value={specialty}
            onChange={(e) => state.setFilter('specialty', e.currentTarget.value)}
            data={[
              { value: '', label: t('staff.list.all') },
              ...SPECIALTIES.map((s) => ({ value: s.code, label: specialtyLabel(t, s.code) })),
            ]}
          />
        )}
        <NativeSelect
          label={t('staff.list.sort')}
          value={sortField}
          onChange={(e) => onSort(order === 'desc' ? `-${e.currentTarget.value}` : e.currentTarget.value)}
          data={[
            { value: 'name', label: t('staff.list.sortName') },
            { value: 'email', label: t('staff.list.sortEmail') },
            { value: 'createdAt', label: t('staff.list.sortCreated') },
            { value: 'status', label: t('staff.list.status') },
          ]}
        />
        <NativeSelect
          label={t('staff.list.order')}
          value={order}
          onChange={(e) => onSort(e.currentTarget.value === 'desc' ? `-${sortField}` : sortField)}
          data={[
            { value: 'asc', label: t('staff.list.asc') },
            { value: 'desc', label: t('staff.list.desc') },
          ]}
        />
        <SavedViews list={doctors ? 'staff-doctors' : preset === 'customerCare' ? 'staff-customer-care' : 'staff'} />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('staff.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {bulk && <StaffBulkActions sel={sel} />}
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
          {t('staff.list.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1100}>
            <Table striped highlightOnHover withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {bulk && <SelectPageTh sel={sel} />}
                  {th('staff.list.name', 'name')}
                  {th('staff.list.email', 'email')}
                  <Table.Th>{t('staff.list.phone')}</Table.Th>
                  {!doctors && <Table.Th style={{ minWidth: 190 }}>{t('staff.list.roles')}</Table.Th>}
                  {doctors && <Table.Th>{t('staff.list.specialties')}</Table.Th>}
                  <Table.Th>{t('staff.list.place')}</Table.Th>
                  <Table.Th>{t('staff.list.mainSupport')}</Table.Th>
                  <SortableTh
                    label={t('staff.list.status')}
                    field="status"
                    sort={sort}
                    onSort={onSort}
                    style={{ minWidth: 170 }}
                  />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((s) => {
                  const name = fullName(s);
                  const open = () => navigate(`/staff/${s.id}`);
                  return (
                    <Table.Tr key={s.id} onClick={open} style={{ cursor: 'pointer' }}>
                      {bulk && <SelectRowTd sel={sel} id={s.id} name={name} />}
                      <Table.Td>
                        <Text
                          component="a"
                          href={`/staff/${s.id}`}
                          size="sm"
                          fw={500}
                          c="inherit"
                          aria-label={t('staff.list.open', { name })}
                          onClick={(e: MouseEvent) => {
                            e.preventDefault();
                            e.stopPropagation();
                            open();
                          }}
                        >
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{s.email ?? t('common.none')}</Table.Td>
                      <Table.Td>{s.phone ?? t('common.none')}</Table.Td>
                      {!doctors && (
                        <Table.Td>
                          <Group gap={4}>
                            {[...new Set(s.levels.map((l) => l.roleCode))].map((code) => (
                              <Badge key={code} variant="outline" size="sm" tt="none" style={{ maxWidth: 'none' }}>
                                {roleLabel(t, code, s.levels.find((l) => l.roleCode === code)?.roleName)}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                      )}
                      {doctors && (
                        <Table.Td>
                          {s.specialties.map((c) => specialtyLabel(t, c)).join(', ') || t('common.none')}
                        </Table.Td>
                      )}
                      <Table.Td>{[...new Set(s.levels.map((l) => levelPlace(t, l)))].join('; ')}</Table.Td>
                      <Table.Td>
                        {s.levels.some((l) => l.isMain) ? t('staff.list.main') : t('staff.list.support')}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <StatusBadge
                          t={t}
                          s={s.status}
                          until={
                            s.disabledUntil
                              ? t('staff.list.disabledUntil', { date: formatDateTime(s.disabledUntil, tz) })
                              : null
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <nav aria-label={t('staff.list.pagination')}>
              <Pagination
                total={totalPages}
                value={page + 1}
                onChange={(p) => state.setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`staff.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('staff.list.page', { n: p }) })}
              />
            </nav>
            <PageSizeSelect value={size} sizes={PAGE_SIZES} onChange={state.setSize} />
          </Group>
        </>
      )}
    </Stack>
  );
}
