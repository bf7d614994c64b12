import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lifecycleApi } from '@carewatch/api-client/lifecycle';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { formatDateTime } from '../../app/format.ts';

const life = lifecycleApi(api.request);

/** Shown on the login page when the account is deactivated: recover it (within 30 days) and sign in. */
export function RecoverAccount({
  credentials,
  recoverableUntil,
  onRecovered,
}: {
  credentials: { tenant: string; username: string; password: string };
  recoverableUntil: string | null;
  onRecovered: () => void;
}) {
  const { t } = useTranslation();
  const recover = useMutation({
    mutationFn: async () => api.tokens.store(await life.recover(credentials)),
    onSuccess: onRecovered,
    meta: { inlineError: true },
  });
  return (
    <Alert color="orange" role="alert" title={t('lifecycle.recover.title')}>
      <Stack gap="xs">
        <Text size="sm">
          {recoverableUntil
            ? t('lifecycle.recover.text', { date: formatDateTime(recoverableUntil) })
            : t('lifecycle.recover.textNoDate')}
        </Text>
        {recover.isError && (
          <Text size="sm" c="red">
            {errorText(t, recover.error)}
          </Text>
        )}
        <Button size="xs" color="orange" loading={recover.isPending} onClick={() => recover.mutate()}>
          {t('lifecycle.recover.action')}
        </Button>
      </Stack>
    </Alert>
  );
}
