import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Alert, Button, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import {
  DEFAULT_PATIENT_LIST_COLUMNS, PATIENT_SORTS, PATIENT_STATUSES, type TPatientListColumn, type TPatientListQuery, type TPatientRow, type TPatientStatus,
} from '@carewatch/contracts/patients';
import { ErrorState, ListSkeleton } from '../../app/states.tsx';
import { errorText, notifySuccess } from '../../app/errors.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PatientImportModal } from './patient-import-modal.tsx';
import { PatientStatusBadge, downloadFile, formatDay, formatInstantDay, patientKeys, patients, useCenterChoices } from './patients-shared.tsx';

const PAGE_SIZE = 15;
type Sort = (typeof PATIENT_SORTS)[number];
const SORT_LABEL: Record<Sort, string> = {
  '-createdAt': 'patients.list.sortNewest', createdAt: 'patients.list.sortOldest', name: 'patients.list.sortName', '-name': 'patients.list.sortNameDesc',
};
const asStatus = (v: string | null): TPatientStatus | '' => PATIENT_STATUSES.find((s) => s === v) ?? '';

/** Patients visible to the caller: server-paginated, searchable, filtered by status and center; columns per tenant setting. */
export function PatientListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const centers = useCenterChoices();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const status = asStatus(params.get('status'));
  const mhscId = params.get('mhscId') ?? '';
  const sort: Sort = PATIENT_SORTS.find((s) => s === params.get('sort')) ?? '-createdAt';
  const [page, setPage] = useState(0);
  const [importOpen, setImportOpen] = useState(false);
  useEffect(() => setPage(0), [debounced, status, mhscId, sort]);
  const setParam = (key: string, value: string) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });
  };

  const filters: Partial<TPatientListQuery> = {
    sort, ...(debounced ? { search: debounced } : {}), ...(status ? { status } : {}), ...(mhscId ? { mhscId } : {}),
  };
  const query: Partial<TPatientListQuery> = { ...filters, page, size: PAGE_SIZE };
  const list = useQuery({ queryKey: patientKeys.list(query), queryFn: () => patients.list(query), placeholderData: keepPreviousData, meta: { inlineError: true } });
  const exporter = useMutation({
    mutationFn: () => downloadFile(patients.exportUrl(filters), 'patients.xlsx'),
    onSuccess: () => notifySuccess(t('patients.list.exported')),
    meta: { inlineError: true },
  });
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const columns: readonly TPatientListColumn[] = list.data?.columns.length ? list.data.columns : DEFAULT_PATIENT_LIST_COLUMNS;
  const none = t('common.none');

  const cell = (p: TPatientRow, c: TPatientListColumn, open: () => void): ReactNode => {
    switch (c) {
      case 'patientCode': return p.patientCode ?? none;
      case 'fullName':
        return (
          <Text component="a" href={`/patients/${p.id}`} size="sm" fw={500} c="inherit" aria-label={t('patients.list.open', { name: p.fullName })}
            onClick={(e: MouseEvent) => { e.preventDefault(); e.stopPropagation(); open(); }}>
            {p.fullName}
          </Text>
        );
      case 'birthday': return formatDay(p.birthday) ?? none;
      case 'gender': return p.gender ? t(`patients.genders.${p.gender}`) : none;
      case 'phone': return p.phone ?? none;
      case 'email': return p.email ?? none;
      case 'status': return <PatientStatusBadge t={t} status={p.status} />;
      case 'center': return p.centerName ?? none;
      case 'packageExpiry': return formatDay(p.packageExpiry) ?? none;
      case 'contractId': return p.contractId ?? none;
      case 'accountCreatedAt': return formatInstantDay(p.accountCreatedAt, tz) ?? none;
      case 'createdAt': return formatInstantDay(p.createdAt, tz) ?? none;
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('patients.title')}</Title>
        <Group>
          {has(Permission.PatientImport) && <Button variant="default" onClick={() => setImportOpen(true)}>{t('patients.list.import')}</Button>}
          {has(Permission.PatientExport) && (
            <Button variant="default" loading={exporter.isPending} onClick={() => exporter.mutate()}>{t('patients.list.export')}</Button>
          )}
          {has(Permission.PatientCreate) && <Button onClick={() => navigate('/patients/new')}>{t('patients.list.add')}</Button>}
        </Group>
      </Group>
      {exporter.isError && <Alert color="red" role="alert" withCloseButton onClose={() => exporter.reset()}>{errorText(t, exporter.error)}</Alert>}
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('patients.list.search')} placeholder={t('patients.list.searchPlaceholder')} type="search" value={search}
          onChange={(e) => { setSearch(e.currentTarget.value); setParam('search', e.currentTarget.value.trim()); }} w={320} />
        <NativeSelect label={t('patients.list.status')} value={status} onChange={(e) => setParam('status', asStatus(e.currentTarget.value))}
          data={[{ value: '', label: t('patients.list.all') }, ...PATIENT_STATUSES.map((s) => ({ value: s, label: t(`patients.status.${s}`) }))]} />
        {centers.enabled && (
          <NativeSelect label={t('patients.list.center')} value={mhscId} onChange={(e) => setParam('mhscId', e.currentTarget.value)}
            data={[{ value: '', label: t('patients.list.all') }, ...centers.centers.map((c) => ({ value: c.id, label: c.name }))]} />
        )}
        <NativeSelect label={t('patients.list.sort')} value={sort} onChange={(e) => setParam('sort', e.currentTarget.value === '-createdAt' ? '' : e.currentTarget.value)}
          data={PATIENT_SORTS.map((s) => ({ value: s, label: t(SORT_LABEL[s]) }))} />
        {list.data && <Text size="sm" c="dimmed" role="status">{t('patients.list.total', { count: list.data.total })}</Text>}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">{t('patients.list.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => <Table.Th key={c}>{t(`patients.columns.${c}`)}</Table.Th>)}
                  {!columns.includes('fullName') && <Table.Th>{t('patients.columns.fullName')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((p) => {
                  const open = () => navigate(`/patients/${p.id}`);
                  return (
                    <Table.Tr key={p.id} onClick={open} style={{ cursor: 'pointer' }}>
                      {columns.map((c) => <Table.Td key={c}>{cell(p, c, open)}</Table.Td>)}
                      {!columns.includes('fullName') && (
                        <Table.Td>
                          <Text component="a" href={`/patients/${p.id}`} size="sm" aria-label={t('patients.list.open', { name: p.fullName })}
                            onClick={(e: MouseEvent) => { e.preventDefault(); e.stopPropagation(); open(); }}>→</Text>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <nav aria-label={t('patients.list.pagination')}>
            <Pagination total={totalPages} value={page + 1} onChange={(p) => setPage(p - 1)}
              getControlProps={(control) => ({ 'aria-label': t(`patients.list.${control}Page`) })}
              getItemProps={(p) => ({ 'aria-label': t('patients.list.page', { n: p }) })} />
          </nav>
        </>
      )}
      {importOpen && <PatientImportModal onClose={() => setImportOpen(false)} />}
    </Stack>
  );
}
