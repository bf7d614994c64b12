import i18n from 'i18next';
import { personName } from '@carewatch/contracts/names';
import { useState } from 'react';
import { Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TRegistration } from '@carewatch/contracts/account';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { formatDateTime } from '../../app/format.ts';
import { notifySuccess } from '../../app/notify.ts';
import { useProfile } from '../../app/queries.ts';

const fullName = (r: TRegistration) => personName(r, i18n.language);

export function RegistrationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tz = useProfile().data?.timezone;
  const list = useQuery({
    queryKey: ['registrations'],
    queryFn: () => api.registrations(),
    meta: { inlineError: true },
  });
  const [rejecting, setRejecting] = useState<TRegistration | null>(null);
  const done = async (message: string) => {
    notifySuccess(message);
    await queryClient.invalidateQueries({ queryKey: ['registrations'] });
  };
  const approve = useMutation({
    mutationFn: (id: string) => api.approveRegistration(id),
    onSuccess: () => done(t('registrations.approved')),
  });
  const reject = useMutation({
    mutationFn: (id: string) => api.rejectRegistration(id),
    onSuccess: () => {
      setRejecting(null);
      return done(t('registrations.rejected'));
    },
  });

  return (
    <Stack>
      <div>
        <Title order={1}>{t('registrations.title')}</Title>
        <Text c="dimmed">{t('registrations.subtitle')}</Text>
      </div>
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('registrations.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('registrations.name')}</Table.Th>
                <Table.Th>{t('registrations.email')}</Table.Th>
                <Table.Th>{t('registrations.phone')}</Table.Th>
                <Table.Th>{t('registrations.createdAt')}</Table.Th>
                <Table.Th>{t('registrations.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{fullName(r)}</Table.Td>
                  <Table.Td>{r.email ?? t('common.none')}</Table.Td>
                  <Table.Td>{r.phone ?? t('common.none')}</Table.Td>
                  <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        onClick={() => approve.mutate(r.id)}
                        loading={approve.isPending && approve.variables === r.id}
                        aria-label={t('registrations.approveFor', { name: fullName(r) })}
                      >
                        {t('registrations.approve')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setRejecting(r)}
                        aria-label={t('registrations.rejectFor', { name: fullName(r) })}
                      >
                        {t('registrations.reject')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('registrations.confirmRejectTitle')}
        centered
      >
        <Text mb="md">{t('registrations.confirmReject', { name: rejecting ? fullName(rejecting) : '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRejecting(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={reject.isPending} onClick={() => rejecting && reject.mutate(rejecting.id)}>
            {t('registrations.reject')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
