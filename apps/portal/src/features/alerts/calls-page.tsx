import { Alert, Anchor, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCdrFile } from '@carewatch/contracts/notifications';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText } from '@carewatch/web/errors';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { downloadFile } from '../patients/patients-shared.tsx';
import { LIVE_MS, Pager, alertKeys, notifs } from './alerts-shared.tsx';
import { LogFilterBar, StatusBadge, useLogFilters } from './sms-page.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/** Call management (CDR): the automatic calls, an on-demand .xlsx export of the chosen days, and the daily files. */
export function CallsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const f = useLogFilters();
  const list = useQuery({
    queryKey: alertKeys.calls(f.query),
    queryFn: () => notifs.calls(f.query),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
    meta: { inlineError: true },
  });
  const files = useQuery({
    queryKey: alertKeys.cdrFiles,
    queryFn: () => notifs.cdrFiles(),
    meta: { inlineError: true },
  });
  const exportCdr = useMutation({
    mutationFn: () => {
      const from = f.start || f.end || today();
      const to = f.end || f.start || today();
      return downloadFile(notifs.cdrExportUrl({ from, to }), `cdr-${from}-${to}.xlsx`);
    },
    meta: { inlineError: true },
  });
  const fileDownload = useMutation({
    mutationFn: (file: TCdrFile) => downloadFile(notifs.cdrFileUrl(file.id), file.fileName),
    meta: { inlineError: true },
  });
  const none = t('alerts.common.none');
  const error = exportCdr.error ?? fileDownload.error;
  return (
    <Stack>
      <div>
        <Title order={1}>{t('alerts.calls.title')}</Title>
        <Text c="dimmed">{t('alerts.calls.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        <LogFilterBar f={f} />
        <Button onClick={() => exportCdr.mutate()} loading={exportCdr.isPending}>
          {t('alerts.calls.export')}
        </Button>
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('alerts.common.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {errorText(t, error)}
        </Alert>
      )}
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('alerts.calls.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('alerts.calls.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.calls.startedAt')}</Table.Th>
                <Table.Th>{t('alerts.sms.from')}</Table.Th>
                <Table.Th>{t('alerts.sms.to')}</Table.Th>
                <Table.Th>{t('alerts.sms.provider')}</Table.Th>
                <Table.Th>{t('alerts.calls.duration')}</Table.Th>
                <Table.Th>{t('alerts.sms.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{formatDateTime(c.startedAt, tz)}</Table.Td>
                  <Table.Td>{c.from || none}</Table.Td>
                  <Table.Td>{c.to}</Table.Td>
                  <Table.Td>{c.provider}</Table.Td>
                  <Table.Td>{c.durationS}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={c.status} />
                    {c.error ? (
                      <Text size="xs" c="dimmed">
                        {c.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager t={t} total={list.data.total} size={f.size} page={f.page} onChange={f.setPage} />
        </>
      )}
      <Card withBorder component="section" aria-label={t('alerts.calls.dailyFiles')}>
        <Title order={3} mb="sm">
          {t('alerts.calls.dailyFiles')}
        </Title>
        {files.isPending ? (
          <ListSkeleton />
        ) : files.isError ? (
          <ErrorState error={files.error} onRetry={() => void files.refetch()} />
        ) : files.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.calls.noFiles')}
          </Text>
        ) : (
          <List spacing="xs">
            {files.data.items.map((file) => (
              <List.Item key={file.id}>
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => fileDownload.mutate(file)}
                  aria-label={t('alerts.calls.download', { name: file.fileName })}
                >
                  {file.fileName}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  {t('alerts.calls.rows', { count: file.rows })}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
