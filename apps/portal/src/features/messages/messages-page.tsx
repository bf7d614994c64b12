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
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMessage, TMessageQuery, TRevealedMessage } from '@carewatch/contracts/account';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { errorText } from '@carewatch/web/errors';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';

const PAGE_SIZE = 15;
const LIST: ListSpec<'channel' | 'search'> = { filters: ['channel', 'search'], pageSize: PAGE_SIZE };
type Channel = NonNullable<TMessageQuery['channel']>;
const isChannel = (v: string): v is Channel => v === 'email' || v === 'sms';

/**
 * The body of one message: codes and temporary passwords come masked; the demo's super admin may reveal one (the
 * server audits it), shown in place of the masked text.
 */
function MessageBody({ m }: { m: TMessage }) {
  const { t } = useTranslation();
  const reveal = useMutation({ mutationFn: () => api.revealMessage(m.id), meta: { inlineError: true } });
  const shown: TRevealedMessage | undefined = reveal.data;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {shown ? shown.body : m.body}
      </Text>
      {shown ? (
        <Text size="xs" c="dimmed">
          {t('security.messages.revealed')}
        </Text>
      ) : m.revealable ? (
        <Button
          size="compact-xs"
          variant="light"
          loading={reveal.isPending}
          onClick={() => reveal.mutate()}
          aria-label={t('security.messages.revealOf', { recipient: m.recipient })}
        >
          {t('security.messages.reveal')}
        </Button>
      ) : null}
      {reveal.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(t, reveal.error)}
        </Text>
      )}
    </Stack>
  );
}

/** Recorded outgoing e-mails and SMS (server-paginated), with channel filter and search. */
export function MessagesPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const debounced = state.filters.search;
  const channel: Channel | '' = isChannel(state.filters.channel) ? state.filters.channel : '';

  const query: Partial<TMessageQuery> = {
    page,
    size: PAGE_SIZE,
    ...(channel ? { channel } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  const messages = useQuery({
    queryKey: ['messages', query],
    queryFn: () => api.messages(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const totalPages = messages.data ? Math.max(1, Math.ceil(messages.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <div>
        <Title order={1}>{t('messages.title')}</Title>
        <Text c="dimmed">{t('messages.subtitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('security.messages.masked')}
        </Text>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('messages.channel')}
          value={channel}
          onChange={(e) => state.setFilter('channel', e.currentTarget.value)}
          data={[
            { value: '', label: t('messages.channelAll') },
            { value: 'email', label: t('messages.email') },
            { value: 'sms', label: t('messages.sms') },
          ]}
        />
        <TextInput
          label={t('messages.search')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={320}
        />
        <SavedViews list="messages" />
        {messages.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('messages.total', { count: messages.data.total })}
          </Text>
        )}
      </Group>
      {messages.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : messages.isError ? (
        <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('messages.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1000} type="native">
            <Table striped withTableBorder style={{ tableLayout: 'fixed' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>{t('messages.time')}</Table.Th>
                  <Table.Th w={90}>{t('messages.channel')}</Table.Th>
                  <Table.Th w={200}>{t('messages.recipient')}</Table.Th>
                  <Table.Th w={200}>{t('messages.subject')}</Table.Th>
                  <Table.Th>{t('messages.body')}</Table.Th>
                  <Table.Th w={110}>{t('messages.provider')}</Table.Th>
                  <Table.Th w={130}>{t('messages.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.data.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{formatDateTime(m.createdAt, tz)}</Table.Td>
                    <Table.Td>{m.channel === 'email' ? t('messages.email') : t('messages.sms')}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{m.recipient}</Table.Td>
                    <Table.Td>{m.subject ?? t('common.none')}</Table.Td>
                    <Table.Td>
                      <MessageBody m={m} />
                    </Table.Td>
                    <Table.Td>{m.provider}</Table.Td>
                    <Table.Td>
                      <Badge color={m.status >= 200 && m.status < 300 ? 'teal' : 'red'} variant="light">
                        {m.status >= 200 && m.status < 300 ? t('messages.statusSuccess') : t('messages.statusFailed')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <nav aria-label={t('messages.pagination')}>
            <Pagination
              total={totalPages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              getControlProps={(control) => ({ 'aria-label': t(`messages.${control}Page`) })}
              getItemProps={(p) => ({ 'aria-label': t('messages.page', { n: p }) })}
            />
          </nav>
        </>
      )}
    </Stack>
  );
}
