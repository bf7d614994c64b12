import { Alert, Button, Card, Checkbox, Group, List, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import { endSession } from '../../app/session.ts';
import { myProfileApi, profileErrorText } from './profile-api.ts';
import { BackLink } from './back-link.tsx';
import { dayText } from '../../app/format.ts';

/**
 * `/delete-account` (§4 Account deletion, §9 timings): disabled at once, data deleted after 30 days (all within 90,
 * backups included), cannot be undone. Asks for the password, a ticked confirmation and a last dialog.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => myProfileApi.deleteAccount({ password, confirm: true }),
    onSuccess: (r) => {
      notifications.show({
        id: 'account-deleted',
        color: 'teal',
        message: t('profile.deletion.done', { date: dayText(r.deletionDueAt) }),
        autoClose: 15_000,
      });
      // The server already revoked every session: only this phone's copy is left to clear.
      endSession();
    },
    onError: (e) => {
      setAsking(false);
      if (isApiError(e) && e.code === 'WRONG_CURRENT_PASSWORD')
        setErrors({ password: t('profile.errors.WRONG_CURRENT_PASSWORD') });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      ...(password ? {} : { password: t('validation.required') }),
      ...(confirmed ? {} : { confirm: t('profile.deletion.confirmRequired') }),
    };
    setErrors(errs);
    if (!errs.password && !errs.confirm) {
      remove.reset();
      setAsking(true);
    }
  };
  const fieldless = remove.isError && !errors.password;
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('profile.deletion.title')}
      </Title>
      <Alert color="red" variant="light">
        <Text size="sm" fw={600} mb={4}>
          {t('profile.deletion.intro')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('profile.deletion.points.disabled')}</List.Item>
          <List.Item>{t('profile.deletion.points.after30')}</List.Item>
          <List.Item>{t('profile.deletion.points.subUsers')}</List.Item>
          <List.Item>{t('profile.deletion.points.final')}</List.Item>
        </List>
      </Alert>
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {fieldless && (
              <Alert color="red" role="alert">
                {profileErrorText(t, remove.error)}
              </Alert>
            )}
            <PasswordInput
              label={t('profile.deletion.password')}
              description={t('profile.deletion.passwordHint')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors((x) => ({ ...x, password: undefined }));
              }}
              error={errors.password}
            />
            <Checkbox
              label={t('profile.deletion.confirm')}
              checked={confirmed}
              error={errors.confirm}
              onChange={(e) => {
                setConfirmed(e.currentTarget.checked);
                setErrors((x) => ({ ...x, confirm: undefined }));
              }}
            />
            <Button type="submit" color="red" size="md">
              {t('profile.deletion.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('profile.deletion.dialogTitle')}>
        <Stack>
          <Text size="sm">{t('profile.deletion.dialogText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('profile.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('profile.deletion.dialogConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
