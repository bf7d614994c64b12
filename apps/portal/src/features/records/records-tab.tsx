import { useState } from 'react';
import { Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { Permission } from '@carewatch/contracts/permissions';
import type { TPatient } from '@carewatch/contracts/patients';
import { useHasPermission } from '../../app/queries.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { RecordDetailModal } from './record-detail-modal.tsx';
import { RecordFormModal } from './record-form-modal.tsx';
import { recordKeys, records } from './records-shared.ts';

const PAGE_SIZE = 10;
/** The page is kept in the URL (`rec.page`), beside the patient page's `tab`. */
const LIST: ListSpec = { pageSize: PAGE_SIZE, prefix: 'rec.' };

/** The patient page's "Medical records" tab: newest examination first; a row opens the record and its papers. */
export function PatientRecordsTab({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const canEdit = has(Permission.HealthRecordManage);
  const { page, setPage } = useListState(LIST);
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: recordKeys.list(patient.id, page),
    queryFn: () => records.list(patient.id, { page, size: PAGE_SIZE }),
    meta: { inlineError: true },
  });
  const none = t('common.none');
  return (
    <Stack component="section" aria-label={t('records.title')}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('records.title')}
        </Title>
        {canEdit && <Button onClick={() => setAdding(true)}>{t('records.add')}</Button>}
      </Group>
      {list.isPending ? (
        <ListSkeleton rows={3} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('records.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('records.total', { count: list.data.total })}
          </Text>
          <Table highlightOnHover withTableBorder aria-label={t('records.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('records.fields.examinationDate')}</Table.Th>
                <Table.Th>{t('records.fields.title')}</Table.Th>
                <Table.Th>{t('records.fields.doctor')}</Table.Th>
                <Table.Th>{t('records.fields.place')}</Table.Th>
                <Table.Th>{t('records.fields.attachments')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((r) => (
                <Table.Tr key={r.id} style={{ cursor: 'pointer' }} onClick={() => setOpenId(r.id)}>
                  <Table.Td>{formatCalendarDay(r.examinationDate)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={0}
                      aria-label={t('records.open', { title: r.title })}
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpenId(r.id);
                      }}
                    >
                      {r.title}
                    </Button>
                  </Table.Td>
                  <Table.Td>{r.doctorName ?? none}</Table.Td>
                  <Table.Td>{r.place ?? none}</Table.Td>
                  <Table.Td>
                    {r.attachments.length ? r.attachments.map((a) => t(`records.types.${a.type}`)).join(', ') : none}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(list.data.total / PAGE_SIZE)}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              aria-label={t('records.pagination')}
            />
          )}
        </>
      )}
      {adding && (
        <RecordFormModal
          patientId={patient.id}
          onClose={() => setAdding(false)}
          onSaved={(r) => {
            setAdding(false);
            setOpenId(r.id);
          }}
        />
      )}
      {openId && (
        <RecordDetailModal patientId={patient.id} recordId={openId} canEdit={canEdit} onClose={() => setOpenId(null)} />
      )}
    </Stack>
  );
}
