import { useState, type MouseEvent, type ReactNode } from 'react';
import {
  Alert,
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
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import {
  DEFAULT_PATIENT_LIST_COLUMNS,
  PATIENT_SORTS,
  PATIENT_STATUSES,
  type TPatientListColumn,
  type TPatientListQuery,
  type TPatientRow,
  type TPatientStatus,
} from '@carewatch/contracts/patients';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { pageCount, type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { SelectPageTh, SelectRowTd, useBulkSelection } from '../../app/bulk-selection.tsx';
import { PageSizeSelect, SortableTh } from '../../app/sortable-header.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PatientImportModal } from './patient-import-modal.tsx';
import { PatientBulkActions, useHasPatientBulkActions } from './patient-bulk-actions.tsx';
import {
  PatientStatusBadge,
  downloadFile,
  formatDay,
  formatInstantDay,
  patientKeys,
  patients,
  useCenterChoices,
} from './patients-shared.tsx';

type Sort = (typeof PATIENT_SORTS)[number];
const SORT_LABEL: Record<Sort, string> = {
  '-createdAt': 'patients.list.sortNewest',
  createdAt: 'patients.list.sortOldest',
  name: 'patients.list.sortName',
  '-name': 'patients.list.sortNameDesc',
  status: 'patients.list.sortStatus',
  '-status': 'patients.list.sortStatusDesc',
  lastReadingAt: 'patients.list.sortLastReading',
  '-lastReadingAt': 'patients.list.sortLastReadingDesc',
};
/** Columns sortable on the server, and the direction of their first click (most severe, newest first). */
const SORTABLE: Partial<Record<TPatientListColumn, { field: string; first: 'asc' | 'desc' }>> = {
  fullName: { field: 'name', first: 'asc' },
  createdAt: { field: 'createdAt', first: 'desc' },
  status: { field: 'status', first: 'asc' },
};
const PAGE_SIZES = [15, 30, 50, 100] as const;
const LIST: ListSpec<'search' | 'status' | 'mhscId', Sort> = {
  filters: ['search', 'status', 'mhscId'],
  sorts: PATIENT_SORTS,
  defaultSort: '-createdAt',
  pageSize: PAGE_SIZES[0],
  pageSizes: PAGE_SIZES,
};
const asStatus = (v: string | null): TPatientStatus | '' => PATIENT_STATUSES.find((s) => s === v) ?? '';

/** Patients visible to the caller: server-paginated, searchable, filtered by status and center; columns per tenant setting. */
export function PatientListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const centers = useCenterChoices();
  const list = useListState(LIST);
  const search = useFilterText(list, 'search');
  const { page, size, sort } = list;
  const status = asStatus(list.filters.status);
  const mhscId = list.filters.mhscId;
  const [importOpen, setImportOpen] = useState(false);
  const onSort = (s: string) => list.setSort(PATIENT_SORTS.find((x) => x === s) ?? '-createdAt');

  const filters: Partial<TPatientListQuery> = {
    sort: sort || '-createdAt',
    ...(list.filters.search ? { search: list.filters.search } : {}),
    ...(status ? { status } : {}),
    ...(mhscId ? { mhscId } : {}),
  };
  const query: Partial<TPatientListQuery> = { ...filters, page, size };
  const rows = useQuery({
    queryKey: patientKeys.list(query),
    queryFn: () => patients.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const exporter = useMutation({
    mutationFn: () => downloadFile(patients.exportUrl(filters), 'patients.xlsx'),
    onSuccess: () => notifySuccess(t('patients.list.exported')),
    meta: { inlineError: true },
  });
  const totalPages = rows.data ? pageCount(rows.data.total, size) : 1;
  const columns: readonly TPatientListColumn[] = rows.data?.columns.length
    ? rows.data.columns
    : DEFAULT_PATIENT_LIST_COLUMNS;
  const none = t('common.none');
  // Bulk actions (issue 20): rows selected within this query; the bar shows while some are.
  const bulk = useHasPatientBulkActions();
  const sel = useBulkSelection(JSON.stringify(query), rows.data?.items.map((p) => p.id) ?? []);

  const cell = (p: TPatientRow, c: TPatientListColumn, open: () => void): ReactNode => {
    switch (c) {
      case 'patientCode':
        return p.patientCode ?? none;
      case 'fullName':
        return (
          <Text
            component="a"
            href={`/patients/${p.id}`}
            size="sm"
            fw={500}
            c="inherit"
            aria-label={t('patients.list.open', { name: p.fullName })}
            onClick={(e: MouseEvent) => {
              e.preventDefault();
              e.stopPropagation();
              open();
            }}
          >
            {p.fullName}
          </Text>
        );
      case 'birthday':
        return formatDay(p.birthday) ?? none;
      case 'gender':
        return p.gender ? t(`patients.genders.${p.gender}`) : none;
      case 'phone':
        return p.phone ?? none;
      case 'email':
        return p.email ?? none;
      case 'status':
        return <PatientStatusBadge t={t} status={p.status} />;
      case 'center':
        return p.centerName ?? none;
      case 'packageExpiry':
        return formatDay(p.packageExpiry) ?? none;
      case 'contractId':
        return p.contractId ?? none;
      case 'accountCreatedAt':
        return formatInstantDay(p.accountCreatedAt, tz) ?? none;
      case 'createdAt':
        return formatInstantDay(p.createdAt, tz) ?? none;
    }
  };
  const header = (c: TPatientListColumn) => {
    const s = SORTABLE[c];
    return s ? (
      <SortableTh
        key={c}
        label={t(`patients.columns.${c}`)}
        field={s.field}
        first={s.first}
        sort={sort}
        onSort={onSort}
      />
    ) : (
      <Table.Th key={c}>{t(`patients.columns.${c}`)}</Table.Th>
    );
  };
  /** A flag's badge; its tooltip (also read out by screen readers) tells since when. */
  const flag = (label: string, since: string) => (
    <>
      <Tooltip label={since} events={{ hover: true, focus: true, touch: true }}>
        <Badge
          color="orange"
          variant="outline"
          tt="none"
          tabIndex={0}
          style={{ maxWidth: 'none', overflow: 'visible', flexShrink: 0 }}
        >
          {label}
        </Badge>
      </Tooltip>
      <VisuallyHidden>{since}</VisuallyHidden>
    </>
  );
  /** The last reading, with the flags of issue 20: silent (nothing came since …) and not worn (the watch says so). */
  const lastReading = (p: TPatientRow) => (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {p.lastReadingAt ? formatDateTime(p.lastReadingAt, tz) : t('patients.list.noReading')}
      </Text>
      {p.silent &&
        flag(
          t('patients.list.silent'),
          t('patients.list.silentSince', { time: formatDateTime(p.lastReadingAt ?? p.silentSince ?? p.createdAt, tz) }),
        )}
      {p.notWorn &&
        p.notWornSince &&
        flag(t('patients.list.notWorn'), t('patients.list.notWornSince', { time: formatDateTime(p.notWornSince, tz) }))}
    </Group>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('patients.title')}</Title>
        <Group>
          {has(Permission.PatientImport) && (
            <Button variant="default" onClick={() => setImportOpen(true)}>
              {t('patients.list.import')}
            </Button>
          )}
          {has(Permission.PatientExport) && (
            <Button variant="default" loading={exporter.isPending} onClick={() => exporter.mutate()}>
              {t('patients.list.export')}
            </Button>
          )}
          {has(Permission.PatientCreate) && (
            <Button onClick={() => navigate('/patients/new')}>{t('patients.list.add')}</Button>
          )}
        </Group>
      </Group>
      {exporter.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => exporter.reset()}>
          {errorText(t, exporter.error)}
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('patients.list.search')}
          placeholder={t('patients.list.searchPlaceholder')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={320}
        />
        <NativeSelect
          label={t('patients.list.status')}
          value={status}
          onChange={(e) => list.setFilter('status', asStatus(e.currentTarget.value))}
          data={[
            { value: '', label: t('patients.list.all') },
            ...PATIENT_STATUSES.map((s) => ({ value: s, label: t(`patients.status.${s}`) })),
          ]}
        />
        {centers.enabled && (
          <NativeSelect
            label={t('patients.list.center')}
            value={mhscId}
            onChange={(e) => list.setFilter('mhscId', e.currentTarget.value)}
            data={[
              { value: '', label: t('patients.list.all') },
              ...centers.centers.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        )}
        <NativeSelect
          label={t('patients.list.sort')}
          value={sort}
          onChange={(e) => onSort(e.currentTarget.value)}
          data={PATIENT_SORTS.map((s) => ({ value: s, label: t(SORT_LABEL[s]) }))}
        />
        <SavedViews list="patients" />
        {rows.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('patients.list.total', { count: rows.data.total })}
          </Text>
        )}
      </Group>
      {bulk && <PatientBulkActions sel={sel} />}
      {rows.isPending ? (
        <ListSkeleton />
      ) : rows.isError ? (
        <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('patients.list.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {bulk && <SelectPageTh sel={sel} />}
                  {columns.map(header)}
                  <SortableTh
                    label={t('patients.list.lastReading')}
                    field="lastReadingAt"
                    first="desc"
                    sort={sort}
                    onSort={onSort}
                  />
                  {!columns.includes('fullName') && <Table.Th>{t('patients.columns.fullName')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.items.map((p) => {
                  const open = () => navigate(`/patients/${p.id}`);
                  return (
                    <Table.Tr key={p.id} onClick={open} style={{ cursor: 'pointer' }}>
                      {bulk && <SelectRowTd sel={sel} id={p.id} name={p.fullName} />}
                      {columns.map((c) => (
                        <Table.Td key={c}>{cell(p, c, open)}</Table.Td>
                      ))}
                      <Table.Td>{lastReading(p)}</Table.Td>
                      {!columns.includes('fullName') && (
                        <Table.Td>
                          <Text
                            component="a"
                            href={`/patients/${p.id}`}
                            size="sm"
                            aria-label={t('patients.list.open', { name: p.fullName })}
                            onClick={(e: MouseEvent) => {
                              e.preventDefault();
                              e.stopPropagation();
                              open();
                            }}
                          >
                            →
                          </Text>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <nav aria-label={t('patients.list.pagination')}>
              <Pagination
                total={totalPages}
                value={page + 1}
                onChange={(p) => list.setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`patients.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('patients.list.page', { n: p }) })}
              />
            </nav>
            <PageSizeSelect value={size} sizes={PAGE_SIZES} onChange={list.setSize} />
          </Group>
        </>
      )}
      {importOpen && <PatientImportModal onClose={() => setImportOpen(false)} />}
    </Stack>
  );
}
