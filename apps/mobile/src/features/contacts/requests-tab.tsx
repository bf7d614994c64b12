import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TContact, TContactRequests } from '@carewatch/contracts/contacts';
import { timeAgo } from '../home/latest.ts';
import { SUBJECT_KEYS } from '../followed/subjects-api.ts';
import { CONTACT_KEYS, contactErrorText, myContactsApi } from './contacts-api.ts';
import { displayName, mmss, requestSentence, resendWaitMs } from './rules.ts';
import { useNow } from './use-now.ts';
import { UpgradeOr } from '../subscription/upgrade-to-basic.tsx';

type Action = 'accept' | 'reject' | 'cancel' | 'resend';
const DONE_KEY: Record<Action, string> = {
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  resend: 'resent',
};

/** Requests sent and received: accept / reject what I received; cancel or resend (once per 5 minutes) what I sent. */
export function RequestsTab({ data }: { data: TContactRequests }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <section aria-labelledby="requests-received">
        <Title order={2} size="h5" id="requests-received" mb="xs">
          {t('contacts.requests.received')}
        </Title>
        {data.received.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('contacts.empty.received')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.received.map((c) => (
              <RequestCard key={c.id} request={c} />
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="requests-sent">
        <Title order={2} size="h5" id="requests-sent" mb="xs">
          {t('contacts.requests.sent')}
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          {t('contacts.requests.resendRule')}
        </Text>
        {data.sent.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('contacts.empty.sent')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.sent.map((c) => (
              <RequestCard key={c.id} request={c} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function RequestCard({ request }: { request: TContact }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow();
  const name = displayName(request);
  const act = useMutation({
    mutationFn: (action: Action) => myContactsApi[action](request.id),
    onSuccess: async (_res, action) => {
      notifications.show({ message: t(`contacts.requests.${DONE_KEY[action]}`) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.requests }),
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.overview }),
        queryClient.invalidateQueries({ queryKey: SUBJECT_KEYS.list }),
      ]);
    },
  });
  const wait = resendWaitMs(request, now);
  const sentence = requestSentence(request);
  const kind = t(`contacts.kinds.${request.kind}`);
  return (
    <Card component="li" withBorder padding="sm" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">{t(`contacts.requests.${sentence}`, { name, kind: kind.toLowerCase() })}</Text>
          <Badge variant="light">{kind}</Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('contacts.requests.sentAt', { when: timeAgo(request.lastInvitedAt, new Date(now), i18n.language) })}
        </Text>
        {request.direction === 'received' && request.kind === 'family_doctor' && request.side === 'owner' && (
          <Text size="xs">{t('contacts.requests.familyDoctorReplace')}</Text>
        )}
        {act.isError && (
          <UpgradeOr error={act.error} compact>
            <Text c="red" size="sm" role="alert">
              {contactErrorText(t, act.error)}
            </Text>
          </UpgradeOr>
        )}
        <Group gap="xs">
          {request.direction === 'received' ? (
            <>
              <Button
                size="xs"
                loading={act.isPending && act.variables === 'accept'}
                onClick={() => act.mutate('accept')}
              >
                {t('contacts.requests.accept')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={act.isPending && act.variables === 'reject'}
                onClick={() => act.mutate('reject')}
              >
                {t('contacts.requests.reject')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="xs"
                variant="default"
                loading={act.isPending && act.variables === 'cancel'}
                onClick={() => act.mutate('cancel')}
              >
                {t('contacts.requests.cancel')}
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={wait > 0}
                loading={act.isPending && act.variables === 'resend'}
                onClick={() => act.mutate('resend')}
              >
                {t('contacts.requests.resend')}
              </Button>
              {wait > 0 && (
                <Text size="xs" c="dimmed">
                  {t('contacts.requests.resendIn', { time: mmss(wait) })}
                </Text>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
