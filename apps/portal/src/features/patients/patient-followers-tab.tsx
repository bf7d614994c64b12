import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contactsApi } from '@carewatch/api-client/contacts';
import type { TPatient } from '@carewatch/contracts/patients';
import type { TContactStatus } from '@carewatch/contracts/contacts';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { formatInstantDay } from './patients-shared.tsx';
import { useProfile } from '../../app/queries.ts';
import { specialtyLabel } from '../staff/staff-shared.tsx';

const contacts = contactsApi(api.request);
export const followerKeys = { list: (patientId: string) => ['patients', 'followers', patientId] as const };

const STATUS_COLOR: Record<TContactStatus, string> = {
  accepted: 'teal',
  pending: 'yellow',
  rejected: 'gray',
  cancelled: 'gray',
  removed: 'gray',
};

/**
 * "Followers" tab of a patient: who follows them (emergency and caring contacts, registered or number-only), their
 * family doctor and specialists, pending requests, and the channels escalations reach each accepted follower on.
 */
export function PatientFollowersTab({ patient }: { patient: Pick<TPatient, 'id'> }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const q = useQuery({
    queryKey: followerKeys.list(patient.id),
    queryFn: () => contacts.patientFollowers(patient.id),
    meta: { inlineError: true },
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const none = t('common.none');
  return (
    <Stack>
      <div>
        <Title order={3}>{t('followers.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('followers.subtitle')}
        </Text>
      </div>
      {q.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('followers.empty')}
        </Text>
      ) : (
        <Table withTableBorder striped aria-label={t('followers.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('followers.name')}</Table.Th>
              <Table.Th>{t('followers.kind')}</Table.Th>
              <Table.Th>{t('followers.relationship')}</Table.Th>
              <Table.Th>{t('followers.phone')}</Table.Th>
              <Table.Th>{t('followers.account')}</Table.Th>
              <Table.Th>{t('followers.status')}</Table.Th>
              <Table.Th>{t('followers.since')}</Table.Th>
              <Table.Th>{t('followers.channels')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.items.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td fw={600}>{f.name || none}</Table.Td>
                <Table.Td>
                  {t(`followers.kinds.${f.kind}`)}
                  {f.specialty && (
                    <Text size="xs" c="dimmed">
                      {specialtyLabel(t, f.specialty)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{f.relationship ? t(`followers.relationships.${f.relationship}`) : none}</Table.Td>
                <Table.Td>{f.phone ?? none}</Table.Td>
                <Table.Td>{f.registered ? t('followers.registered') : t('followers.numberOnly')}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[f.status]} tt="none" w="max-content">
                    {t(`followers.statuses.${f.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatInstantDay(f.respondedAt ?? f.createdAt, tz)}</Table.Td>
                <Table.Td>
                  {f.channels.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('followers.noChannels')}
                    </Text>
                  ) : (
                    <Group gap={4}>
                      {f.channels.map((c) => (
                        <Badge key={c} variant="outline" size="sm" tt="none">
                          {t(`alerts.channel.${c}`)}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
