import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  List,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CURRENCIES, PAYMENT_PROVIDERS, type TCurrency, type TPaymentProvider } from '@carewatch/contracts/billing';
import { RECONCILIATION_MAX_BYTES, ZBadLine, type TBadLine } from '@carewatch/contracts/transactions';
import { isApiError } from '@carewatch/api-client/client';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useListState } from '../../app/use-list-state.ts';
import { errorText } from '@carewatch/web/errors';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { transactions, txKeys } from './transactions-shared.tsx';

const PAGE_SIZE = 10;
const LIST: ListSpec = { pageSize: PAGE_SIZE };

/** The bad lines a 400 lists (details.lines), when the server sent them. */
function badLinesOf(e: unknown): TBadLine[] {
  if (!isApiError(e)) return [];
  const parsed = ZBadLine.array().safeParse(e.details?.lines);
  return parsed.success ? parsed.data : [];
}

/** Upload a provider's settlement file; the result opens. Below: the previous reconciliations. */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tz = useProfile().data?.timezone;
  const [provider, setProvider] = useState<TPaymentProvider | ''>('');
  const [currency, setCurrency] = useState<TCurrency>('VND');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { page, setPage } = useListState(LIST);
  const history = useQuery({
    queryKey: txKeys.reconciliations({ page }),
    queryFn: () => transactions.reconciliations({ page, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const upload = useMutation({
    mutationFn: (input: { provider: TPaymentProvider; currency: TCurrency; file: File }) =>
      transactions.reconcile({
        provider: input.provider,
        currency: input.currency,
        file: input.file,
        filename: input.file.name,
      }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: txKeys.all });
      navigate(`/reconciliation/${r.id}`);
    },
    meta: { inlineError: true },
  });
  const submit = () => {
    const out: Record<string, string> = {};
    if (!provider) out.provider = t('transactions.export.required');
    if (!file) out.file = t('transactions.export.required');
    else if (file.size > RECONCILIATION_MAX_BYTES) out.file = t('errors.FILE_TOO_LARGE');
    setErrors(out);
    if (Object.keys(out).length || !provider || !file) return;
    upload.mutate({ provider, currency, file });
  };
  const bad = badLinesOf(upload.error);
  const missing =
    isApiError(upload.error) && Array.isArray(upload.error.details?.missing)
      ? (upload.error.details.missing as string[])
      : [];
  const totalPages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <div>
        <Title order={1}>{t('transactions.rec.title')}</Title>
        <Text c="dimmed">{t('transactions.rec.subtitle')}</Text>
      </div>
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            {t('transactions.rec.upload')}
          </Title>
          <Group align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('transactions.rec.provider')}
              required
              value={provider}
              error={errors.provider}
              onChange={(e) => {
                setProvider(PAYMENT_PROVIDERS.find((p) => p === e.currentTarget.value) ?? '');
                setErrors((x) => ({ ...x, provider: '' }));
              }}
              data={[
                { value: '', label: t('transactions.rec.chooseProvider'), disabled: true },
                ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`transactions.providers.${p}`) })),
              ]}
            />
            <NativeSelect
              label={t('transactions.rec.currency')}
              value={currency}
              onChange={(e) => setCurrency(CURRENCIES.find((c) => c === e.currentTarget.value) ?? 'VND')}
              data={CURRENCIES.map((c) => ({ value: c, label: t(`transactions.currencies.${c}`) }))}
            />
            <FileInput
              label={t('transactions.rec.file')}
              description={t('transactions.rec.fileHint')}
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => {
                setFile(f);
                setErrors((x) => ({ ...x, file: '' }));
                upload.reset();
              }}
              error={errors.file}
              w={360}
              clearable
            />
          </Group>
          {upload.isError && (
            <Alert color="red" role="alert" title={errorText(t, upload.error)}>
              {missing.length > 0 && (
                <Text size="sm">{t('transactions.rec.missingColumns', { columns: missing.join(', ') })}</Text>
              )}
              {bad.length > 0 && (
                <>
                  <Text size="sm">{t('transactions.rec.badLines')}</Text>
                  <List size="sm">
                    {bad.map((b) => (
                      <List.Item key={b.line}>
                        {t('transactions.rec.badLine', {
                          line: b.line,
                          reason: b.problems
                            .map((p) => t(`transactions.rec.problems.${p}`, { line: b.repeatOf ?? '' }))
                            .join('; '),
                        })}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Alert>
          )}
          <Group>
            <Button onClick={submit} loading={upload.isPending}>
              {t('transactions.rec.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Title order={2} size="h4">
        {t('transactions.rec.history')}
      </Title>
      {history.isPending ? (
        <ListSkeleton />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('transactions.rec.historyEmpty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('transactions.rec.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.rec.createdAt')}</Table.Th>
                <Table.Th>{t('transactions.rec.fileName')}</Table.Th>
                <Table.Th>{t('transactions.rec.provider')}</Table.Th>
                <Table.Th>{t('transactions.rec.period')}</Table.Th>
                <Table.Th>{t('transactions.rec.lines')}</Table.Th>
                <Table.Th>{t('transactions.rec.groups.matched')}</Table.Th>
                <Table.Th>{t('transactions.rec.unresolved')}</Table.Th>
                <Table.Th>{t('transactions.rec.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.items.map((r) => {
                const unresolved =
                  r.counts.missing_ours.unresolved +
                  r.counts.missing_theirs.unresolved +
                  r.counts.amount_mismatch.unresolved;
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/reconciliation/${r.id}`}
                        aria-label={t('transactions.rec.open', { file: r.fileName })}
                      >
                        {r.fileName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`transactions.providers.${r.provider}`)}</Table.Td>
                    <Table.Td>
                      {formatCalendarDay(r.periodFrom)} – {formatCalendarDay(r.periodTo)}
                    </Table.Td>
                    <Table.Td>{r.lines}</Table.Td>
                    <Table.Td>{r.counts.matched.total}</Table.Td>
                    <Table.Td>{unresolved}</Table.Td>
                    <Table.Td>{r.createdBy ?? t('common.none')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {totalPages > 1 && (
            <nav aria-label={t('transactions.list.pagination')}>
              <Pagination
                total={totalPages}
                value={page + 1}
                onChange={(p) => setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`transactions.list.${control}Page`) })}
                getItemProps={(p) => ({ 'aria-label': t('transactions.list.page', { n: p }) })}
              />
            </nav>
          )}
        </>
      )}
    </Stack>
  );
}
