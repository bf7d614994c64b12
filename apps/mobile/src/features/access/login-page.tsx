import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { ZTokenRequest } from '@carewatch/contracts/auth';
import { appAuth } from './app-auth.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { sessionStarted } from '../../app/session.ts';
import { storedTenant } from '../../app/tenant.ts';
import { useFormState } from '@carewatch/web/form';
import { AccessFrame, LegalLinks } from './shared.tsx';
import { TenantLine } from './tenant-line.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenant = storedTenant();
  const form = useFormState({ username: '', password: '' });
  const [remember, setRemember] = useState(true);
  const login = useMutation({
    mutationFn: (body: { tenant: string; username: string; password: string; remember_me: boolean }) =>
      appAuth.login(body),
    onSuccess: async () => {
      await sessionStarted();
      void navigate('/', { replace: true });
    },
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
  });

  if (!tenant) return <Navigate to="/welcome" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTokenRequest.safeParse({ tenant, ...form.values, grant_type: 'password' });
    if (!parsed.success) {
      form.setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    login.mutate({ tenant, username: parsed.data.username, password: parsed.data.password, remember_me: remember });
  };

  const locked = isApiError(login.error) && login.error.code === 'ACCOUNT_LOCKED';
  return (
    <AccessFrame title={t('access.login.title')}>
      <TenantLine tenant={tenant} />
      <form onSubmit={submit} noValidate>
        <Stack>
          {login.isError && !Object.keys(form.errors).length && (
            <Alert color="red" role="alert" title={locked ? t('access.login.lockedTitle') : undefined}>
              {errorText(t, login.error)}
            </Alert>
          )}
          <TextInput
            label={t('access.login.username')}
            autoComplete="username"
            autoCapitalize="none"
            required
            {...form.text('username')}
          />
          <PasswordInput
            label={t('access.login.password')}
            autoComplete="current-password"
            required
            {...form.text('password')}
          />
          <Checkbox
            label={t('access.login.remember')}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Button type="submit" size="md" loading={login.isPending}>
            {t('access.login.submit')}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            {t('access.login.forgot')}
          </Anchor>
        </Stack>
      </form>
      <Group justify="center" gap={6} mt="lg">
        <Text size="sm">{t('access.login.noAccount')}</Text>
        <Anchor component={Link} to="/register" size="sm" fw={600}>
          {t('access.login.register')}
        </Anchor>
      </Group>
      <Group justify="center" mt="xs">
        <Anchor component={Link} to="/visitor" size="sm">
          {t('devices.visitor.continue')}
        </Anchor>
      </Group>
      <LegalLinks />
    </AccessFrame>
  );
}
