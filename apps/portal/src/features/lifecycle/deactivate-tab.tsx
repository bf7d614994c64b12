import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lifecycleApi } from '@carewatch/api-client/lifecycle';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';

const life = lifecycleApi(api.request);

/** Account settings tab: ask an administrator to deactivate my account. */
export function DeactivateTab() {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const request = useMutation({
    mutationFn: () => life.requestDeactivation(reason.trim() || undefined),
    onSettled: () => setConfirming(false),
    meta: { inlineError: true },
  });
  return (
    <Stack maw={560}>
      <Title order={3}>{t('lifecycle.me.title')}</Title>
      <Text>{t('lifecycle.me.text')}</Text>
      {request.isSuccess && (
        <Alert color="teal" role="status">
          {t('lifecycle.me.sent')}
        </Alert>
      )}
      {request.isError && (
        <Alert color="red" role="alert">
          {errorText(t, request.error)}
        </Alert>
      )}
      <Textarea
        label={t('lifecycle.me.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={500}
      />
      <Group>
        <Button color="red" onClick={() => setConfirming(true)} disabled={request.isSuccess}>
          {t('lifecycle.me.submit')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('lifecycle.me.confirmTitle')}>
        <Stack>
          <Text>{t('lifecycle.me.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('lifecycle.me.cancel')}
            </Button>
            <Button color="red" loading={request.isPending} onClick={() => request.mutate()}>
              {t('lifecycle.me.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
