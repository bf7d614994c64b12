import { useState } from 'react';
import {
  Button,
  Group,
  Menu,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CONNECTION_STATUSES,
  DEVICE_CATEGORIES,
  DEVICE_MODELS,
  DEVICE_SORTS,
  type TDevice,
  type TDeviceListQuery,
} from '@carewatch/contracts/devices';
import { Permission } from '@carewatch/contracts/permissions';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { pageCount, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { PageSizeSelect, SortableTh } from '../../app/sortable-header.tsx';
import { AppStatusBadge, ConnectionBadge, connectionLabel, deviceKeys, devices } from './devices-shared.tsx';
import { DeviceFormModal } from './device-form-modal.tsx';
import { DeviceAssignModal } from './device-assign-modal.tsx';
import { DeviceCredentialsModal } from './device-credentials-modal.tsx';
import { DeviceImportModal } from './device-import-modal.tsx';
import { MAIN_CONTENT_ID } from '../../app/landmarks.ts';

const PAGE_SIZES = [15, 30, 50, 100] as const;
type Sort = (typeof DEVICE_SORTS)[number];
const LIST: ListSpec<'category' | 'model' | 'status' | 'search', Sort> = {
  filters: ['category', 'model', 'status', 'search'],
  sorts: DEVICE_SORTS,
  defaultSort: '-createdAt',
  pageSize: 15,
  pageSizes: PAGE_SIZES,
};
type Dialog =
  { kind: 'create' } | { kind: 'edit' | 'assign' | 'credentials'; device: TDevice } | { kind: 'import' } | null;

/** The device fleet by category (all, watches, cellular) with model/status filters, search and paging. */
export function DevicesListPage() {
  const { t } = useTranslation();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, size, sort } = state;
  const category = DEVICE_CATEGORIES.find((c) => c === state.filters.category) ?? 'all';
  const { model, status, search: debounced } = state.filters;
  const [dialog, setDialog] = useState<Dialog>(null);
  const onSort = (s: string) => state.setSort(DEVICE_SORTS.find((x) => x === s) ?? '-createdAt');
  const th = (label: string, field: string, first: 'asc' | 'desc' = 'asc') => (
    <SortableTh label={t(label)} field={field} first={first} sort={sort} onSort={onSort} />
  );

  const query: Partial<TDeviceListQuery> = {
    page,
    size,
    ...(sort ? { sort } : {}),
    ...(category !== 'all' ? { category } : {}),
    ...(model ? { model: DEVICE_MODELS.find((m) => m === model) } : {}),
    ...(status ? { status: CONNECTION_STATUSES.find((s) => String(s) === status) } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  const list = useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: () => devices.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const totalPages = list.data ? pageCount(list.data.total, size) : 1;
  const canImport = has(Permission.DeviceImport);
  const canUpdate = has(Permission.DeviceUpdate);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('devices.title')}</Title>
        <Group>
          <Button component={Link} to="/devices/history" variant="default">
            {t('devices.nav.history')}
          </Button>
          {canImport && (
            <Button variant="light" onClick={() => setDialog({ kind: 'import' })}>
              {t('devices.import.open')}
            </Button>
          )}
          {canImport && <Button onClick={() => setDialog({ kind: 'create' })}>{t('devices.list.add')}</Button>}
        </Group>
      </Group>
      <Tabs value={category} onChange={(v) => state.setFilter('category', v === 'watch' || v === 'cellular' ? v : '')}>
        <Tabs.List aria-label={t('devices.list.categories')}>
          <Tabs.Tab aria-controls={MAIN_CONTENT_ID} value="all">
            {t('devices.category.all')}
          </Tabs.Tab>
          {DEVICE_CATEGORIES.map((c) => (
            <Tabs.Tab aria-controls={MAIN_CONTENT_ID} key={c} value={c}>
              {t(`devices.category.${c}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('devices.list.search')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={280}
        />
        <NativeSelect
          label={t('devices.list.model')}
          value={model}
          onChange={(e) => state.setFilter('model', e.currentTarget.value)}
          data={[{ value: '', label: t('devices.list.all') }, ...DEVICE_MODELS.map((m) => ({ value: m, label: m }))]}
        />
        <NativeSelect
          label={t('devices.list.connection')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('devices.list.all') },
            ...CONNECTION_STATUSES.map((s) => ({ value: String(s), label: connectionLabel(t, s) })),
          ]}
        />
        <SavedViews list="devices" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status" aria-busy={list.isPlaceholderData}>
            {t('devices.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('devices.list.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1080}>
            <Table striped highlightOnHover withTableBorder aria-label={t('devices.list.table')}>
              <Table.Thead>
                <Table.Tr>
                  {th('devices.fields.model', 'model')}
                  <Table.Th>{t('devices.fields.macImei')}</Table.Th>
                  {th('devices.fields.serial', 'serial')}
                  <Table.Th>{t('devices.fields.account')}</Table.Th>
                  {th('devices.fields.patient', 'patientName')}
                  {th('devices.fields.connection', 'status')}
                  <Table.Th>{t('devices.fields.appStatus')}</Table.Th>
                  {th('devices.fields.latestSync', 'latestSync', 'desc')}
                  {(canUpdate || canImport) && <Table.Th>{t('devices.list.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {d.model}
                      </Text>
                      {d.name && (
                        <Text size="xs" c="dimmed">
                          {d.name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {d.mac ?? d.imei ?? t('common.none')}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.serial}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{d.account ?? t('common.none')}</Table.Td>
                    <Table.Td>{d.patientName ?? t('common.none')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <ConnectionBadge t={t} status={d.connectionStatus} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <AppStatusBadge t={t} status={d.appStatus} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {d.latestSync ? formatDateTime(d.latestSync, tz) : t('common.none')}
                    </Table.Td>
                    {(canUpdate || canImport) && (
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button
                              size="xs"
                              variant="subtle"
                              aria-label={t('devices.list.actionsFor', { serial: d.serial })}
                            >
                              {t('devices.list.actions')}
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {canUpdate && (
                              <Menu.Item onClick={() => setDialog({ kind: 'edit', device: d })}>
                                {t('devices.list.edit')}
                              </Menu.Item>
                            )}
                            {canUpdate && (
                              <Menu.Item onClick={() => setDialog({ kind: 'assign', device: d })}>
                                {t('devices.list.assign')}
                              </Menu.Item>
                            )}
                            {canUpdate && d.category === 'cellular' && (
                              <Menu.Item onClick={() => setDialog({ kind: 'credentials', device: d })}>
                                {t('devices.list.credentials')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <nav aria-label={t('devices.list.pagination')}>
              <Pagination
                total={totalPages}
                value={page + 1}
                onChange={(p) => state.setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`devices.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('devices.list.page', { n: p }) })}
              />
            </nav>
            <PageSizeSelect value={size} sizes={PAGE_SIZES} onChange={state.setSize} />
          </Group>
        </>
      )}
      {dialog?.kind === 'create' && <DeviceFormModal opened onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <DeviceFormModal opened onClose={() => setDialog(null)} device={dialog.device} />}
      {dialog?.kind === 'assign' && <DeviceAssignModal opened onClose={() => setDialog(null)} device={dialog.device} />}
      {dialog?.kind === 'credentials' && (
        <DeviceCredentialsModal opened onClose={() => setDialog(null)} device={dialog.device} />
      )}
      {dialog?.kind === 'import' && <DeviceImportModal opened onClose={() => setDialog(null)} />}
    </Stack>
  );
}
