import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZOtpCode, ZRegisterRequest } from '@carewatch/contracts/auth';
import { checkPassword } from '@carewatch/contracts/rules';
import { api } from '../../app/api.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { useFormState } from '@carewatch/web/form';
import { PasswordRules } from '@carewatch/web/password-rules';
import { AuthFrame } from './auth-frame.tsx';

type Step = 'form' | 'code' | 'verified' | 'done';

export function RegisterPage() {
  const { t } = useTranslation();
  const form = useFormState({
    tenant: 'demo',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    code: '',
    acceptTerms: false,
    acceptPrivacy: false,
  });
  const [step, setStep] = useState<Step>('form');

  const validate = () => {
    const { code: _code, ...values } = form.values;
    void _code;
    const parsed = ZRegisterRequest.safeParse(values);
    const errors = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    const problem = form.values.password ? checkPassword(form.values.password, 'standard') : null;
    if (problem && !errors.password)
      errors.password = `${t('errors.WEAK_PASSWORD')}: ${t(`password.rules.${problem}`, { specials: ', ! @ # $ % ^ & *' })}`;
    if (form.values.confirmPassword && form.values.confirmPassword !== form.values.password)
      errors.confirmPassword = t('fieldRules.passwordMismatch');
    form.setErrors(errors);
    return parsed.success && Object.keys(errors).length === 0 ? parsed.data : null;
  };

  const sendCode = useMutation({
    mutationFn: (body: { tenant: string; email: string }) => api.registerOtp(body),
    onSuccess: () => setStep('code'),
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const verify = useMutation({
    mutationFn: (token: string) =>
      api.verifyRegister({ tenant: form.values.tenant.trim(), email: form.values.email.trim().toLowerCase(), token }),
    onSuccess: () => setStep('verified'),
    meta: { inlineError: true },
  });
  const register = useMutation({
    mutationFn: (body: Parameters<typeof api.register>[0]) => api.register(body),
    onSuccess: () => setStep('done'),
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const data = validate();
    if (data) sendCode.mutate({ tenant: data.tenant, email: data.email });
  };
  const onVerify = () => {
    const parsed = ZOtpCode.safeParse(form.values.code);
    if (!parsed.success) return form.setErrors({ code: t('fieldRules.otp') });
    verify.mutate(parsed.data);
  };
  const onSubmit = () => {
    const data = validate();
    if (data) register.mutate(data);
  };

  if (step === 'done') {
    return (
      <AuthFrame title={t('auth.register.pendingTitle')}>
        <Alert color="blue" role="status" title={t('auth.register.pendingTitle')}>
          {t('auth.register.pendingText')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('auth.register.backToLogin')}
        </Anchor>
      </AuthFrame>
    );
  }

  const error = register.error ?? verify.error ?? sendCode.error;
  const locked = step !== 'form';
  return (
    <AuthFrame title={t('auth.register.title')} width={520}>
      <form onSubmit={onSend} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {errorText(t, error)}
            </Alert>
          )}
          <TextInput label={t('auth.register.tenant')} disabled={locked} {...form.text('tenant')} />
          <Group grow align="flex-start">
            <TextInput label={t('auth.register.firstName')} autoComplete="given-name" {...form.text('firstName')} />
            <TextInput label={t('auth.register.lastName')} autoComplete="family-name" {...form.text('lastName')} />
          </Group>
          <TextInput
            label={t('auth.register.email')}
            type="email"
            autoComplete="email"
            disabled={locked}
            {...form.text('email')}
          />
          <TextInput label={t('auth.register.phone')} type="tel" autoComplete="tel" {...form.text('phone')} />
          <PasswordInput label={t('auth.register.password')} autoComplete="new-password" {...form.text('password')} />
          <PasswordInput
            label={t('auth.register.confirmPassword')}
            autoComplete="new-password"
            {...form.text('confirmPassword')}
          />
          <PasswordRules password={form.values.password} />
          <Checkbox
            label={t('auth.register.acceptTerms')}
            checked={form.values.acceptTerms}
            onChange={(e) => form.set('acceptTerms', e.currentTarget.checked)}
            error={form.errors.acceptTerms}
          />
          <Checkbox
            label={t('auth.register.acceptPrivacy')}
            checked={form.values.acceptPrivacy}
            onChange={(e) => form.set('acceptPrivacy', e.currentTarget.checked)}
            error={form.errors.acceptPrivacy}
          />
          <Anchor component={Link} to="/privacy" size="sm" target="_blank">
            {t('auth.register.readPolicy')}
          </Anchor>
          {step === 'form' && (
            <Button type="submit" loading={sendCode.isPending}>
              {t('auth.register.sendCode')}
            </Button>
          )}
          {step === 'code' && (
            <Stack gap="xs">
              <Text size="sm" role="status">
                {t('auth.register.codeSent', { email: form.values.email })}
              </Text>
              <TextInput
                label={t('auth.register.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...form.text('code')}
              />
              <Group>
                <Button onClick={onVerify} loading={verify.isPending}>
                  {t('auth.register.verify')}
                </Button>
                <Button
                  variant="subtle"
                  onClick={() =>
                    sendCode.mutate({ tenant: form.values.tenant.trim(), email: form.values.email.trim() })
                  }
                  loading={sendCode.isPending}
                >
                  {t('auth.register.resend')}
                </Button>
              </Group>
            </Stack>
          )}
          {step === 'verified' && (
            <Stack gap="xs">
              <Alert color="teal" role="status">
                {t('auth.register.verified')}
              </Alert>
              <Button onClick={onSubmit} loading={register.isPending}>
                {t('auth.register.submit')}
              </Button>
            </Stack>
          )}
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.register.haveAccount')}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
