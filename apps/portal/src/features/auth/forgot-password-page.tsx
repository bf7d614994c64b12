import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZForgotResetRequest, ZForgotSendRequest } from '@carewatch/contracts/auth';
import { checkPassword } from '@carewatch/contracts/rules';
import { api } from '../../app/api.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { useFormState } from '@carewatch/web/form';
import { PasswordRules } from '@carewatch/web/password-rules';
import { AuthFrame } from './auth-frame.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useFormState({ tenant: 'demo', email: '', otp: '', newPassword: '', confirmPassword: '' });
  const [step, setStep] = useState<'email' | 'reset' | 'done'>('email');
  const send = useMutation({
    mutationFn: (body: { tenant: string; email: string }) => api.forgotSend(body),
    onSuccess: () => setStep('reset'),
    meta: { inlineError: true },
  });
  const reset = useMutation({
    mutationFn: (body: Parameters<typeof api.forgotReset>[0]) => api.forgotReset(body),
    onSuccess: () => setStep('done'),
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZForgotSendRequest.safeParse(form.values);
    if (!parsed.success) return form.setErrors(zodFieldErrors(t, parsed.error));
    send.mutate(parsed.data);
  };
  const onReset = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZForgotResetRequest.safeParse(form.values);
    const errors = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    const problem = form.values.newPassword ? checkPassword(form.values.newPassword, 'standard') : null;
    if (problem && !errors.newPassword)
      errors.newPassword = `${t('errors.WEAK_PASSWORD')}: ${t(`password.rules.${problem}`, { specials: ', ! @ # $ % ^ & *' })}`;
    if (form.values.confirmPassword && form.values.confirmPassword !== form.values.newPassword)
      errors.confirmPassword = t('fieldRules.passwordMismatch');
    if (!parsed.success || Object.keys(errors).length) return form.setErrors(errors);
    reset.mutate(parsed.data);
  };

  if (step === 'done') {
    return (
      <AuthFrame title={t('auth.forgot.successTitle')}>
        <Alert color="teal" role="status">
          {t('auth.forgot.successText')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('auth.forgot.backToLogin')}
        </Anchor>
      </AuthFrame>
    );
  }
  const error = reset.error ?? send.error;
  return (
    <AuthFrame title={t('auth.forgot.title')}>
      <Alert color="gray" variant="light">
        {t('auth.forgot.prompt')}
      </Alert>
      {error && (
        <Alert color="red" role="alert">
          {errorText(t, error)}
        </Alert>
      )}
      {step === 'email' ? (
        <form onSubmit={onSend} noValidate>
          <Stack gap="sm">
            <TextInput label={t('auth.forgot.tenant')} {...form.text('tenant')} />
            <TextInput label={t('auth.forgot.email')} type="email" autoComplete="email" {...form.text('email')} />
            <Button type="submit" loading={send.isPending}>
              {t('auth.forgot.sendCode')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onReset} noValidate>
          <Stack gap="sm">
            <Text size="sm" role="status">
              {t('auth.forgot.codeSent', { email: form.values.email })}
            </Text>
            <TextInput
              label={t('auth.forgot.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...form.text('otp')}
            />
            <PasswordInput
              label={t('auth.forgot.newPassword')}
              autoComplete="new-password"
              {...form.text('newPassword')}
            />
            <PasswordInput
              label={t('auth.forgot.confirmPassword')}
              autoComplete="new-password"
              {...form.text('confirmPassword')}
            />
            <PasswordRules password={form.values.newPassword} />
            <Button type="submit" loading={reset.isPending}>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </AuthFrame>
  );
}
