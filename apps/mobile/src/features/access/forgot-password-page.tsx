import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import {
  ZAppForgotOtpRequest,
  ZAppForgotResetRequest,
  type TAppForgotOtpRequest,
  type TAppForgotResetRequest,
} from '@carewatch/contracts/app-auth';
import { appAuth } from './app-auth.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { storedTenant } from '../../app/tenant.ts';
import { useFormState } from '@carewatch/web/form';
import { AccessFrame, ChannelTarget, OtpField, type Channel } from './shared.tsx';
import { PasswordRules } from '@carewatch/web/password-rules';
import { TenantLine } from './tenant-line.tsx';

/** Forgotten password: phone or e-mail → code → new password (then sign in again). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const tenant = storedTenant();
  const [step, setStep] = useState<'target' | 'reset' | 'done'>('target');
  const [channel, setChannel] = useState<Channel>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [targetErrors, setTargetErrors] = useState<Record<string, string>>({});
  const form = useFormState({ otp: '', newPassword: '', confirmPassword: '' });

  const target = (): TAppForgotOtpRequest => ({
    tenant: tenant ?? '',
    channel,
    ...(channel === 'phone' ? { phone: phone.trim() } : { email: email.trim() }),
  });
  const send = useMutation({
    mutationFn: (body: TAppForgotOtpRequest) => appAuth.forgotOtp(body),
    onSuccess: () => setStep('reset'),
    onError: (e) => setTargetErrors(serverFieldErrors(t, e)),
  });
  const reset = useMutation({
    mutationFn: (body: TAppForgotResetRequest) => appAuth.forgotReset(body),
    onSuccess: () => setStep('done'),
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
  });

  if (!tenant) return <Navigate to="/welcome" replace />;

  const submitTarget = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAppForgotOtpRequest.safeParse(target());
    if (!parsed.success) {
      setTargetErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    send.mutate(parsed.data);
  };

  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAppForgotResetRequest.safeParse({ ...target(), ...form.values });
    if (!parsed.success) {
      form.setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    reset.mutate(parsed.data);
  };

  const targetText = channel === 'phone' ? phone.trim() : email.trim();
  return (
    <AccessFrame title={t('access.forgot.title')}>
      <TenantLine tenant={tenant} />
      {step === 'target' && (
        <form onSubmit={submitTarget} noValidate>
          <Stack>
            <Text size="sm">{t('access.forgot.intro')}</Text>
            {send.isError && !Object.keys(targetErrors).length && (
              <Alert color="red" role="alert">
                {errorText(t, send.error)}
              </Alert>
            )}
            <ChannelTarget
              legend={t('access.forgot.channel')}
              channel={channel}
              onChannel={(c) => {
                setChannel(c);
                setTargetErrors({});
              }}
              phone={phone}
              email={email}
              onPhone={(s) => {
                setPhone(s);
                setTargetErrors({});
              }}
              onEmail={(s) => {
                setEmail(s);
                setTargetErrors({});
              }}
              errors={targetErrors}
            />
            <Button type="submit" size="md" loading={send.isPending}>
              {t('access.forgot.sendCode')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 'reset' && (
        <form onSubmit={submitReset} noValidate>
          <Stack>
            <Text size="sm" role="status">
              {t('access.forgot.codeSent', { target: targetText })}
            </Text>
            {reset.isError && !Object.keys(form.errors).length && (
              <Alert color="red" role="alert">
                {errorText(t, reset.error)}
              </Alert>
            )}
            <OtpField
              label={t('access.forgot.code')}
              value={form.values.otp}
              onChange={(s) => form.set('otp', s)}
              error={form.errors.otp}
            />
            <PasswordInput
              label={t('access.forgot.newPassword')}
              autoComplete="new-password"
              required
              {...form.text('newPassword')}
            />
            <PasswordRules password={form.values.newPassword} forbidden={false} />
            <PasswordInput
              label={t('access.forgot.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.text('confirmPassword')}
            />
            <Button type="submit" size="md" loading={reset.isPending}>
              {t('access.forgot.submit')}
            </Button>
            <Button variant="subtle" onClick={() => setStep('target')}>
              {t('common.back')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 'done' && (
        <Stack>
          <Alert color="teal" title={t('access.forgot.doneTitle')} role="status">
            {t('access.forgot.done')}
          </Alert>
          <Button component={Link} to="/login" size="md">
            {t('access.forgot.backToLogin')}
          </Button>
        </Stack>
      )}
      {step !== 'done' && (
        <Anchor component={Link} to="/login" size="sm" display="block" ta="center" mt="lg">
          {t('access.forgot.backToLogin')}
        </Anchor>
      )}
    </AccessFrame>
  );
}
