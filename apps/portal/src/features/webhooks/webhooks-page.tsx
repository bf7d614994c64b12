import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WEBHOOK_EVENT_TYPES, ZWebhookEndpointInput, type TWebhookEventType } from '@carewatch/contracts/webhooks';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { eventLabelKey, webhookKeys, webhooks } from './webhooks-shared.ts';
import { WebhookSecretModal } from './webhook-secret-modal.tsx';
import { DEFAULT_WEBHOOK_EVENTS, eventsError as eventsErrorOf } from './webhooks-rules.ts';

function CreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(() => [...DEFAULT_WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: async () => {
      const parsed = ZWebhookEndpointInput.safeParse({ url, description, events, enabled: true });
      if (!parsed.success) throw parsed.error;
      return webhooks.create(parsed.data);
    },
    onSuccess: async (res) => {
      notifySuccess(t('webhooks.form.created'));
      await qc.invalidateQueries({ queryKey: webhookKeys.all });
      onCreated(res.secret);
    },
    onError: (e) =>
      setErrors(
        e && typeof e === 'object' && 'issues' in e ? zodFieldErrors(t, e as { issues: [] }) : serverFieldErrors(t, e),
      ),
    meta: { inlineError: true },
  });
  const eventsError = eventsErrorOf(errors);
  const other = create.isError && Object.keys(errors).length === 0;
  return (
    <Modal opened onClose={onClose} title={t('webhooks.form.title')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          create.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('webhooks.fields.url')}
            description={t('webhooks.form.urlHint')}
            required
            value={url}
            placeholder="https://"
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.url}
          />
          <TextInput
            label={t('webhooks.fields.description')}
            value={description}
            maxLength={255}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.description}
          />
          <Checkbox.Group
            label={t('webhooks.fields.events')}
            value={events}
            onChange={(v) => {
              setEvents(v);
              setErrors({});
            }}
            error={eventsError}
            required
          >
            <Stack gap={6} mt="xs">
              {WEBHOOK_EVENT_TYPES.map((ev) => (
                <Checkbox key={ev} value={ev} label={t(eventLabelKey(ev))} />
              ))}
            </Stack>
          </Checkbox.Group>
          {other && (
            <Alert color="red" role="alert">
              {errorText(t, create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('webhooks.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Webhooks (WebhookManage): the tenant's endpoints; create one (its secret shown once), enable / disable. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const list = useQuery({ queryKey: webhookKeys.list, queryFn: () => webhooks.list(), meta: { inlineError: true } });
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => webhooks.update(id, { enabled }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('webhooks.list.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('webhooks.list.subtitle')}
          </Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>{t('webhooks.list.new')}</Button>
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('webhooks.list.empty')}
        </Text>
      ) : (
        <Table striped aria-label={t('webhooks.list.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.fields.url')}</Table.Th>
              <Table.Th>{t('webhooks.fields.description')}</Table.Th>
              <Table.Th>{t('webhooks.fields.events')}</Table.Th>
              <Table.Th>{t('webhooks.fields.enabled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/webhooks/${w.id}`}
                    aria-label={t('webhooks.list.open', { url: w.url })}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {w.url}
                  </Anchor>
                </Table.Td>
                <Table.Td>{w.description || t('common.none')}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {w.events.map((ev: TWebhookEventType) => (
                      <Badge key={ev} variant="light" size="sm">
                        {t(eventLabelKey(ev))}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={w.enabled}
                    aria-label={t('webhooks.list.toggle', { url: w.url })}
                    disabled={toggle.isPending}
                    onChange={(e) => toggle.mutate({ id: w.id, enabled: e.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {creating && (
        <CreateModal
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
          }}
        />
      )}
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
