import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Group,
  Image,
  Modal,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZRejectTenantRequest,
  TENANT_REQUEST_STATUSES,
  type TTenantRequest,
  type TTenantRequestQuery,
  type TTenantRequestType,
} from '@carewatch/contracts/tenants';
import { ErrorState } from '@carewatch/web/states';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { serverErrorsByPath, tenantKeys, tenants, zodErrorsByPath } from './tenants-shared.tsx';
import { MAIN_CONTENT_ID } from '../../app/landmarks.ts';

const PAGE_SIZE = 15;
type Status = (typeof TENANT_REQUEST_STATUSES)[number];
const LIST: ListSpec<'type' | 'status' | 'search'> = {
  filters: ['type', 'status', 'search'],
  filterDefaults: { status: 'new' },
  pageSize: PAGE_SIZE,
};
const isStatus = (s: string): s is Status => (TENANT_REQUEST_STATUSES as readonly string[]).includes(s);
const STATUS_COLOR: Record<Status, string> = { new: 'blue', approved: 'teal', rejected: 'red' };

function RequestDialog({ request, onClose }: { request: TTenantRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'approve' | 'reject'>('view');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const done = async (message: string) => {
    notifySuccess(message);
    await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['tenantSettings'] });
    onClose();
  };
  const approve = useMutation({
    mutationFn: () => tenants.approveRequest(request.id),
    onSuccess: () => done(t('tenants.requests.approved')),
    meta: { inlineError: true },
  });
  const reject = useMutation({
    mutationFn: (r: string) => tenants.rejectRequest(request.id, r),
    onSuccess: () => done(t('tenants.requests.rejected')),
    onError: (e) => setReasonError(serverErrorsByPath(t, e).reason),
    meta: { inlineError: true },
  });
  const submitReject = () => {
    const parsed = ZRejectTenantRequest.safeParse({ reason });
    if (!parsed.success) return setReasonError(zodErrorsByPath(t, parsed.error).reason);
    reject.mutate(parsed.data.reason);
  };
  const name = request.organizationName;
  const failure = approve.isError
    ? errorText(t, approve.error)
    : reject.isError && !reasonError
      ? errorText(t, reject.error)
      : null;
  const row = (label: string, value: string) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" w={140}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
  return (
    <Modal opened onClose={onClose} title={t('tenants.requests.details', { name })} size="lg" centered>
      <Stack>
        {row(t('tenants.requests.organization'), name)}
        {row(t('tenants.requests.contact'), request.contactName)}
        {row(t('tenants.requests.email'), request.email)}
        {request.phone && row(t('tenants.requests.phone'), request.phone)}
        {row(t('tenants.requests.tenantCode'), request.tenantCode)}
        {row(t('tenants.requests.createdAt'), formatDateTime(request.createdAt, tz))}
        <Group gap="xs">
          <Text size="sm" c="dimmed" w={140}>
            {t('tenants.requests.color')}
          </Text>
          <Box w={20} h={20} style={{ background: request.color, borderRadius: 4 }} aria-hidden="true" />
          <Text size="sm">{request.color}</Text>
        </Group>
        <SimpleGrid cols={2}>
          <Image
            src={request.squareLogoUrl}
            alt={t('tenants.requests.squareLogoOf', { name })}
            h={80}
            w="auto"
            fit="contain"
          />
          <Image
            src={request.horizontalLogoUrl}
            alt={t('tenants.requests.horizontalLogoOf', { name })}
            h={80}
            w="auto"
            fit="contain"
          />
        </SimpleGrid>
        {request.reason && row(t('tenants.requests.reason'), request.reason)}
        {failure && (
          <Text c="red" role="alert">
            {failure}
          </Text>
        )}
        {request.status === 'new' && mode === 'view' && (
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setMode('reject')}>
              {t('tenants.requests.reject')}
            </Button>
            <Button onClick={() => setMode('approve')}>{t('tenants.requests.approve')}</Button>
          </Group>
        )}
        {mode === 'approve' && (
          <Stack gap="xs">
            <Text fw={500}>{t('tenants.requests.confirmApprove', { name })}</Text>
            <Text size="sm">
              {request.type === 'TRIAL_REQUEST'
                ? t('tenants.requests.confirmApproveTrial', { code: request.tenantCode })
                : t('tenants.requests.confirmApproveBranding', { name })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setMode('view')}>
                {t('common.cancel')}
              </Button>
              <Button loading={approve.isPending} onClick={() => approve.mutate()}>
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
        {mode === 'reject' && (
          <Stack gap="xs">
            <Text fw={500}>{t('tenants.requests.rejectTitle', { name })}</Text>
            <Textarea
              label={t('tenants.requests.rejectReason')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(undefined);
              }}
              error={reasonError}
              required
              autosize
              minRows={3}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setMode('view')}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={reject.isPending} onClick={submitReject}>
                {t('tenants.requests.reject')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** Trial and branding requests (super admin): tabs by type, status filter, search; a row opens approve/reject. */
export function TenantRequestsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const debounced = state.filters.search;
  const type: TTenantRequestType = state.filters.type === 'UPDATE_BRANDING' ? 'UPDATE_BRANDING' : 'TRIAL_REQUEST';
  const status: Status | '' = isStatus(state.filters.status) ? state.filters.status : '';
  const [open, setOpen] = useState<TTenantRequest | null>(null);

  const query: Partial<TTenantRequestQuery> = {
    page,
    size: PAGE_SIZE,
    type,
    ...(status ? { status } : {}),
    ...(debounced ? { searchValue: debounced } : {}),
  };
  const list = useQuery({
    queryKey: tenantKeys.requests(query),
    queryFn: () => tenants.requests(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <div>
        <Title order={1}>{t('tenants.requests.title')}</Title>
        <Text c="dimmed">{t('tenants.requests.subtitle')}</Text>
      </div>
      <Tabs value={type} onChange={(v) => state.setFilter('type', v === 'UPDATE_BRANDING' ? v : '')}>
        <Tabs.List aria-label={t('tenants.requests.tabs')}>
          <Tabs.Tab aria-controls={MAIN_CONTENT_ID} value="TRIAL_REQUEST">
            {t('tenants.requests.trial')}
          </Tabs.Tab>
          <Tabs.Tab aria-controls={MAIN_CONTENT_ID} value="UPDATE_BRANDING">
            {t('tenants.requests.branding')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group align="flex-end">
        <TextInput
          label={t('tenants.requests.search')}
          type="search"
          value={search.value}
          onChange={(e) => search.set(e.currentTarget.value)}
          w={320}
        />
        <NativeSelect
          label={t('tenants.requests.status')}
          value={status}
          onChange={(e) => state.setFilter('status', e.currentTarget.value)}
          data={[
            { value: '', label: t('tenants.list.statusAll') },
            ...TENANT_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`tenants.requests.statuses.${s}`) })),
          ]}
        />
        <SavedViews list="tenant-requests" />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('tenants.requests.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('tenants.requests.empty')}
        </Text>
      ) : (
        <>
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tenants.requests.organization')}</Table.Th>
                <Table.Th>{t('tenants.requests.tenantCode')}</Table.Th>
                <Table.Th>{t('tenants.requests.contact')}</Table.Th>
                <Table.Th>{t('tenants.requests.email')}</Table.Th>
                <Table.Th>{t('tenants.requests.logos')}</Table.Th>
                <Table.Th>{t('tenants.requests.status')}</Table.Th>
                <Table.Th>{t('tenants.requests.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((r) => (
                <Table.Tr
                  key={r.id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  aria-label={t('tenants.requests.details', { name: r.organizationName })}
                  onClick={() => setOpen(r)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') setOpen(r);
                  }}
                >
                  <Table.Td>{r.organizationName}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {r.tenantCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.contactName}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Box w={16} h={16} style={{ background: r.color, borderRadius: 3 }} aria-hidden="true" />
                      <Image
                        src={r.squareLogoUrl}
                        alt={t('tenants.requests.squareLogoOf', { name: r.organizationName })}
                        h={24}
                        w={24}
                        fit="contain"
                      />
                      <Image
                        src={r.horizontalLogoUrl}
                        alt={t('tenants.requests.horizontalLogoOf', { name: r.organizationName })}
                        h={24}
                        w="auto"
                        fit="contain"
                      />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.status]} variant="light">
                      {t(`tenants.requests.statuses.${r.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <nav aria-label={t('tenants.list.pagination')}>
            <Pagination
              total={totalPages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              getControlProps={(control) => ({ 'aria-label': t(`tenants.list.${control}Page`) })}
              getItemProps={(p) => ({ 'aria-label': t('tenants.list.page', { n: p }) })}
            />
          </nav>
        </>
      )}
      {open && <RequestDialog request={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
