import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ZOtpCode, ZTokenRequest } from '@carewatch/contracts/auth';
import { looksLikeEmail } from '@carewatch/contracts/rules';
import { api } from '../../app/api.ts';
import { errorText, zodFieldErrors } from '@carewatch/web/errors';
import { isApiError } from '@carewatch/api-client/client';
import { RecoverAccount } from '../lifecycle/recover-account.tsx';
import { useFormState } from '@carewatch/web/form';
import { sessionStarted } from '../../app/session-end.ts';
import { forgetLevelChoice } from '../../app/level.ts';
import { AuthFrame } from './auth-frame.tsx';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { LANDING_STATE } from '../worklist/worklist.module.tsx';

const DEFAULT_TENANT = 'demo';

/** After tokens are stored: forget old cached data and enter the app. */
function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return () => {
    sessionStarted();
    forgetLevelChoice();
    queryClient.removeQueries();
    // Straight after signing in (no page to go back to), `/` sends worklist users on to their worklist.
    if (from && !from.startsWith('/login')) navigate(from, { replace: true });
    else navigate('/', { replace: true, state: LANDING_STATE });
  };
}

function PasswordLogin() {
  const { t } = useTranslation();
  const enter = useEnterApp();
  const form = useFormState({ tenant: DEFAULT_TENANT, username: '', password: '', remember_me: false });
  const login = useMutation({
    mutationFn: (body: { tenant: string; username: string; password: string; remember_me: boolean }) => api.login(body),
    onSuccess: enter,
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTokenRequest.safeParse({ ...form.values, grant_type: 'password' });
    if (!parsed.success) return form.setErrors(zodFieldErrors(t, parsed.error));
    login.mutate({
      tenant: parsed.data.tenant,
      username: parsed.data.username,
      password: parsed.data.password,
      remember_me: form.values.remember_me,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {login.isError && isApiError(login.error) && login.error.code === 'ACCOUNT_DEACTIVATED' ? (
          <RecoverAccount
            credentials={{
              tenant: form.values.tenant.trim(),
              username: form.values.username.trim(),
              password: form.values.password,
            }}
            recoverableUntil={
              typeof login.error.details?.recoverableUntil === 'string' ? login.error.details.recoverableUntil : null
            }
            onRecovered={enter}
          />
        ) : (
          login.isError && (
            <Alert color="red" role="alert">
              {errorText(t, login.error)}
            </Alert>
          )
        )}
        <TextInput label={t('auth.login.tenant')} autoComplete="organization" {...form.text('tenant')} />
        <TextInput label={t('auth.login.username')} autoComplete="username" {...form.text('username')} />
        <PasswordInput label={t('auth.login.password')} autoComplete="current-password" {...form.text('password')} />
        <Checkbox
          label={t('auth.login.rememberMe')}
          checked={form.values.remember_me}
          onChange={(e) => form.set('remember_me', e.currentTarget.checked)}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function OtpLogin() {
  const { t } = useTranslation();
  const enter = useEnterApp();
  const form = useFormState({ tenant: DEFAULT_TENANT, username: '', otp: '' });
  const [sent, setSent] = useState<{ minutes: number } | null>(null);
  const send = useMutation({
    mutationFn: ({ tenant, username }: { tenant: string; username: string }) =>
      looksLikeEmail(username)
        ? api.otpSendMail({ tenant, email: username })
        : api.otpSendPhone({ tenant, phoneNumber: username }),
    onSuccess: (res) => setSent({ minutes: Math.max(1, Math.round(res.expiresInSeconds / 60)) }),
    meta: { inlineError: true },
  });
  const verify = useMutation({
    mutationFn: (otp: string) =>
      api.otpToken({
        tenantId: form.values.tenant.trim(),
        type: looksLikeEmail(form.values.username) ? 'email' : 'phone',
        otp,
        username: form.values.username.trim(),
      }),
    onSuccess: enter,
    meta: { inlineError: true },
  });
  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string> = {};
    if (!form.values.tenant.trim()) errors.tenant = t('fieldRules.required');
    if (!form.values.username.trim()) errors.username = t('fieldRules.required');
    if (Object.keys(errors).length) return form.setErrors(errors);
    send.mutate({ tenant: form.values.tenant.trim(), username: form.values.username.trim() });
  };
  const verifyCode = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZOtpCode.safeParse(form.values.otp);
    if (!parsed.success) return form.setErrors({ otp: t('fieldRules.otp') });
    verify.mutate(parsed.data);
  };
  const error = verify.error ?? send.error;
  if (!sent) {
    return (
      <form onSubmit={sendCode} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {errorText(t, error)}
            </Alert>
          )}
          <TextInput label={t('auth.login.tenant')} {...form.text('tenant')} />
          <TextInput label={t('auth.login.username')} autoComplete="username" {...form.text('username')} />
          <Button type="submit" loading={send.isPending} fullWidth>
            {t('auth.login.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }
  return (
    <form onSubmit={verifyCode} noValidate>
      <Stack gap="sm">
        <Text size="sm" role="status">
          {t('auth.login.codeSent', { target: form.values.username, minutes: sent.minutes })}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {errorText(t, error)}
          </Alert>
        )}
        <TextInput
          label={t('auth.login.code')}
          description={t('auth.login.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.text('otp')}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('auth.login.verify')}
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setSent(null);
              verify.reset();
              form.set('otp', '');
            }}
          >
            {t('auth.login.changeTarget')}
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => send.mutate({ tenant: form.values.tenant.trim(), username: form.values.username.trim() })}
          >
            {t('auth.login.resend')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('auth.login.title')}>
      <PlainTabs
        id="login"
        label={t('auth.login.methods')}
        tabs={[
          { value: 'password', label: t('auth.login.tabPassword'), content: () => <PasswordLogin /> },
          { value: 'otp', label: t('auth.login.tabOtp'), content: () => <OtpLogin /> },
        ]}
      />
      <Group justify="space-between">
        <Anchor component={Link} to="/register" size="sm">
          {t('auth.login.createAccount')}
        </Anchor>
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.login.forgot')}
        </Anchor>
      </Group>
      <Anchor component={Link} to="/trial" size="xs" c="dimmed" mt="md" display="block" ta="center">
        {t('tenants.trialForm.link')}
      </Anchor>
    </AuthFrame>
  );
}
