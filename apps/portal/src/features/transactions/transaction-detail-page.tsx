import type { ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TTransaction } from '@carewatch/contracts/transactions';
import { isApiError } from '@carewatch/api-client/client';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { formatMoney } from '@carewatch/i18n/money';
import { TxStatusBadge, transactions, txKeys } from './transactions-shared.tsx';

/** One transaction with every field of the spec (§3 Transaction) and its items. */
export function TransactionDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: txKeys.detail(id),
    queryFn: () => transactions.get(id),
    retry: false,
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Anchor component={Link} to="/transactions" size="sm">
        ← {t('transactions.detail.back')}
      </Anchor>
      {detail.isPending ? (
        <ListSkeleton rows={8} />
      ) : detail.isError ? (
        isApiError(detail.error) && detail.error.status === 404 ? (
          <Text role="status">{t('transactions.detail.notFound')}</Text>
        ) : (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        )
      ) : (
        <TransactionView tx={detail.data} />
      )}
    </Stack>
  );
}

function TransactionView({ tx }: { tx: TTransaction }) {
  const { t, i18n } = useTranslation();
  const tz = useProfile().data?.timezone;
  const none = t('common.none');
  const money = (minor: number) => formatMoney(minor, tx.currency, i18n.language);
  const fields: Array<[string, ReactNode]> = [
    ['orderCode', tx.code],
    ['status', <TxStatusBadge key="s" t={t} status={tx.status} />],
    ['customer', tx.customerName],
    ['phone', tx.phone ?? none],
    ['email', tx.email ?? none],
    ['package', tx.packageName],
    ['category', t(`transactions.categories.${tx.category}`)],
    ['method', tx.provider ? t(`transactions.providers.${tx.provider}`) : none],
    ['channel', t(`transactions.channels.${tx.channel}`)],
    ['amount', money(tx.amountMinor)],
    ['tax', money(tx.taxMinor)],
    ['total', money(tx.totalMinor)],
    ['createdAt', formatDateTime(tx.createdAt, tz)],
    ['paidAt', tx.paidAt ? formatDateTime(tx.paidAt, tz) : none],
    ['referenceId', tx.referenceId ?? none],
    ['merchant', tx.merchant ?? none],
    ['responseCode', tx.responseCode ?? none],
    // Providers store a payment result key (contracts/payment-results.ts); older or foreign texts show as they are.
    [
      'responseMessage',
      tx.responseMessage ? t(`paymentResults.${tx.responseMessage}`, { defaultValue: tx.responseMessage }) : none,
    ],
  ];
  return (
    <>
      <Group justify="space-between">
        <Title order={1}>{t('transactions.detail.title', { code: tx.code })}</Title>
        <TxStatusBadge t={t} status={tx.status} />
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" component="dl" m={0}>
          {fields.map(([key, value]) => (
            <div key={key}>
              <Text component="dt" size="xs" c="dimmed">
                {t(`transactions.detail.${key}`)}
              </Text>
              <Text component="dd" m={0} size="sm" fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        {t('transactions.detail.items')}
      </Title>
      <Table withTableBorder aria-label={t('transactions.detail.items')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('transactions.detail.itemType')}</Table.Th>
            <Table.Th>{t('transactions.detail.itemName')}</Table.Th>
            <Table.Th>{t('transactions.detail.months')}</Table.Th>
            <Table.Th>{t('transactions.detail.quantity')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('transactions.detail.itemAmount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tx.items.map((it, i) => (
            <Table.Tr key={i}>
              <Table.Td>{t(`transactions.itemTypes.${it.type}`)}</Table.Td>
              <Table.Td>{it.name}</Table.Td>
              <Table.Td>{it.months ?? none}</Table.Td>
              <Table.Td>{it.quantity}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(it.amountMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
