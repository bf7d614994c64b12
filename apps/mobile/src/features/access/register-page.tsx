import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import {
  APP_ACCOUNT_TYPES,
  APP_RELATIONSHIPS,
  SKIN_COLOURS,
  ZAppRegisterOtpRequest,
  ZAppRegisterRequest,
  type TAppRegisterOtpRequest,
  type TAppRegisterRequest,
} from '@carewatch/contracts/app-auth';
import { ZOtpCode } from '@carewatch/contracts/auth';
import { BLOOD_TYPES } from '@carewatch/contracts/patients';
import { appAuth } from './app-auth.ts';
import { errorText, serverFieldErrors, translateValidation, zodFieldErrors } from '@carewatch/web/errors';
import { storedLanguage } from '../../app/i18n.ts';
import { PersonFields } from '../../app/screen-parts.tsx';
import { sessionStarted } from '../../app/session.ts';
import { storedTenant } from '../../app/tenant.ts';
import { useFormState } from '@carewatch/web/form';
import { AccessFrame, ChannelTarget, OtpField, type Channel } from './shared.tsx';
import { PasswordRules } from '@carewatch/web/password-rules';
import { LegalContent } from './legal-pages.tsx';
import { TenantLine } from './tenant-line.tsx';
import { birthdayProblem } from './register-rules.ts';

type Step = 0 | 1 | 2;
const RESEND_SECONDS = 30;
/** Fields of the contact step (step 0) and of the code step (1); any other server field error belongs to the profile. */
const CONTACT_FIELDS = new Set(['phone', 'email', 'channel', 'tenant']);

const initialProfile = {
  firstName: '',
  middleName: '',
  lastName: '',
  birthday: '',
  gender: '',
  address: '',
  bloodType: '',
  skinColour: '',
  relationship: '',
  accountType: '',
  password: '',
  confirmPassword: '',
};

/** Self-registration in three steps: phone or e-mail → one-time code → profile; the new account is signed in. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenant = storedTenant();
  const [step, setStep] = useState<Step>(0);
  const [channel, setChannel] = useState<Channel>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [contactErrors, setContactErrors] = useState<Record<string, string>>({});
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [expiresMinutes, setExpiresMinutes] = useState(10);
  const [resendIn, setResendIn] = useState(0);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptHealth, setAcceptHealth] = useState(false);
  const [legal, setLegal] = useState<'terms' | 'privacy' | null>(null);
  const form = useFormState(initialProfile);

  useEffect(() => {
    if (resendIn <= 0) return;
    const id = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [resendIn]);

  const target = (): TAppRegisterOtpRequest => ({
    tenant: tenant ?? '',
    channel,
    ...(channel === 'phone' ? { phone: phone.trim() } : { email: email.trim() }),
  });

  const sendCode = useMutation({
    mutationFn: (body: TAppRegisterOtpRequest) => appAuth.registerOtp(body),
    onSuccess: (r) => {
      setExpiresMinutes(Math.max(1, Math.round(r.expiresInSeconds / 60)));
      setResendIn(RESEND_SECONDS);
      setOtp('');
      setOtpError(undefined);
      setStep(1);
    },
    onError: (e) => setContactErrors(serverFieldErrors(t, e)),
  });

  const register = useMutation({
    mutationFn: (body: TAppRegisterRequest) => appAuth.register(body),
    onSuccess: async () => {
      await sessionStarted();
      void navigate('/', { replace: true });
    },
    onError: (e) => {
      const fields = serverFieldErrors(t, e);
      // A wrong, expired or blocked code is answered on `otp`: back to the code step with the server's message.
      if (fields.otp || (isApiError(e) && e.code.startsWith('OTP_'))) {
        setOtpError(fields.otp ?? errorText(t, e));
        setStep(1);
        return;
      }
      if (Object.keys(fields).some((f) => CONTACT_FIELDS.has(f))) {
        setContactErrors(fields);
        setStep(0);
        return;
      }
      form.setErrors(fields);
    },
  });

  if (!tenant) return <Navigate to="/welcome" replace />;

  const submitContact = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAppRegisterOtpRequest.safeParse(target());
    if (!parsed.success) {
      setContactErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    sendCode.mutate(parsed.data);
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    // The code is checked by the server with the profile (one request creates the account); here only its form.
    const parsed = ZOtpCode.safeParse(otp);
    if (!parsed.success) {
      setOtpError(translateValidation(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setStep(2);
  };

  const submitProfile = (e: FormEvent) => {
    e.preventDefault();
    const v = form.values;
    const body = {
      ...target(),
      otp,
      ...v,
      gender: v.gender || undefined,
      bloodType: v.bloodType || undefined,
      skinColour: v.skinColour || undefined,
      relationship: v.relationship || undefined,
      accountType: v.accountType || undefined,
      acceptTerms,
      acceptHealthProcessing: acceptHealth,
      language: storedLanguage(),
    };
    const parsed = ZAppRegisterRequest.safeParse(body);
    const errors = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    // The contract cannot know "today"; the server checks it on its clock, the form on the phone's.
    const bday = birthdayProblem(v.birthday);
    if (bday && !errors.birthday)
      errors.birthday = t(bday === 'future' ? 'validation.birthdayFuture' : 'validation.birthdayInvalid');
    if (!parsed.success || bday) {
      form.setErrors(errors);
      return;
    }
    register.mutate(parsed.data);
  };

  const openLegal = (kind: 'terms' | 'privacy') => (e: MouseEvent) => {
    // The form stays filled: the text opens above it (the link still leads to the page without JavaScript tricks).
    e.preventDefault();
    setLegal(kind);
  };

  const options = (values: readonly string[], label: (v: string) => string) => [
    { value: '', label: '—', disabled: true },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  const targetText = channel === 'phone' ? phone.trim() : email.trim();
  const generalError = (m: { isError: boolean; error: unknown }, fields: Record<string, string>) =>
    m.isError && Object.keys(fields).length === 0 ? (
      <Alert color="red" role="alert">
        {errorText(t, m.error)}
      </Alert>
    ) : null;
  const alreadyRegistered = isApiError(sendCode.error) && sendCode.error.status === 409;

  return (
    <AccessFrame title={t('access.register.title')}>
      <TenantLine tenant={tenant} />
      <Stepper active={step} size="xs" mb="lg" aria-label={t('access.register.steps')} allowNextStepsSelect={false}>
        <Stepper.Step label={t('access.register.stepContact')} />
        <Stepper.Step label={t('access.register.stepCode')} />
        <Stepper.Step label={t('access.register.stepProfile')} />
      </Stepper>

      {step === 0 && (
        <form onSubmit={submitContact} noValidate>
          <Stack>
            {generalError(sendCode, contactErrors)}
            {alreadyRegistered && (
              <Anchor component={Link} to="/login" fw={600}>
                {t('access.register.login')}
              </Anchor>
            )}
            <ChannelTarget
              legend={t('access.register.channel')}
              channel={channel}
              onChannel={(c) => {
                setChannel(c);
                setContactErrors({});
              }}
              phone={phone}
              email={email}
              onPhone={(s) => {
                setPhone(s);
                setContactErrors({});
              }}
              onEmail={(s) => {
                setEmail(s);
                setContactErrors({});
              }}
              errors={contactErrors}
            />
            <Button type="submit" size="md" loading={sendCode.isPending}>
              {t('access.register.sendCode')}
            </Button>
          </Stack>
        </form>
      )}

      {step === 1 && (
        <form onSubmit={submitCode} noValidate>
          <Stack>
            <Text size="sm" role="status">
              {t('access.register.codeSent', { target: targetText, minutes: expiresMinutes })}
            </Text>
            <OtpField
              label={t('access.register.code')}
              value={otp}
              onChange={(s) => {
                setOtp(s);
                setOtpError(undefined);
              }}
              error={otpError}
            />
            <Button type="submit" size="md">
              {t('access.register.verify')}
            </Button>
            <Group justify="space-between">
              <Button
                variant="subtle"
                size="compact-sm"
                disabled={resendIn > 0}
                loading={sendCode.isPending}
                onClick={() => sendCode.mutate(target())}
              >
                {resendIn > 0 ? `${t('access.register.resend')} (${resendIn})` : t('access.register.resend')}
              </Button>
              <Button variant="subtle" size="compact-sm" onClick={() => setStep(0)}>
                {t('access.register.changeTarget')}
              </Button>
            </Group>
            {generalError(sendCode, contactErrors)}
          </Stack>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={submitProfile} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('access.register.profileIntro')}
            </Text>
            {generalError(register, form.errors)}
            <PersonFields form={form} />
            <NativeSelect
              label={t('access.register.bloodType')}
              required
              data={options(BLOOD_TYPES, (v) => v)}
              value={form.values.bloodType}
              onChange={(e) => form.set('bloodType', e.currentTarget.value)}
              error={form.errors.bloodType}
            />
            <NativeSelect
              label={t('access.register.skinColour')}
              required
              data={options(SKIN_COLOURS, (v) => t(`options.skinColour.${v}`))}
              value={form.values.skinColour}
              onChange={(e) => form.set('skinColour', e.currentTarget.value)}
              error={form.errors.skinColour}
            />
            <NativeSelect
              label={t('access.register.relationship')}
              description={t('access.register.relationshipHint')}
              required
              data={options(APP_RELATIONSHIPS, (v) => t(`options.relationship.${v}`))}
              value={form.values.relationship}
              onChange={(e) => form.set('relationship', e.currentTarget.value)}
              error={form.errors.relationship}
            />
            <NativeSelect
              label={t('access.register.accountType')}
              required
              data={options(APP_ACCOUNT_TYPES, (v) => t(`options.accountType.${v}`))}
              value={form.values.accountType}
              onChange={(e) => form.set('accountType', e.currentTarget.value)}
              error={form.errors.accountType}
            />
            <PasswordInput
              label={t('access.register.password')}
              autoComplete="new-password"
              required
              {...form.text('password')}
            />
            <PasswordRules password={form.values.password} forbidden={false} />
            <PasswordInput
              label={t('access.register.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.text('confirmPassword')}
            />
            <Checkbox
              checked={acceptTerms}
              onChange={(e) => {
                setAcceptTerms(e.currentTarget.checked);
                form.setErrors(({ acceptTerms: _, ...rest }) => rest);
              }}
              error={form.errors.acceptTerms}
              label={
                <>
                  {t('access.register.acceptTermsBefore')}{' '}
                  <Anchor component={Link} to="/terms" onClick={openLegal('terms')} inherit>
                    {t('access.register.acceptTermsLink')}
                  </Anchor>
                </>
              }
            />
            <Checkbox
              checked={acceptHealth}
              onChange={(e) => {
                setAcceptHealth(e.currentTarget.checked);
                form.setErrors(({ acceptHealthProcessing: _, ...rest }) => rest);
              }}
              error={form.errors.acceptHealthProcessing}
              label={
                <>
                  {t('access.register.acceptHealthBefore')}{' '}
                  <Anchor component={Link} to="/privacy" onClick={openLegal('privacy')} inherit>
                    {t('access.register.acceptHealthLink')}
                  </Anchor>
                </>
              }
            />
            <Button type="submit" size="md" loading={register.isPending}>
              {t('access.register.submit')}
            </Button>
            <Button variant="subtle" onClick={() => setStep(1)}>
              {t('common.back')}
            </Button>
          </Stack>
        </form>
      )}

      <Group justify="center" gap={6} mt="lg">
        <Text size="sm">{t('access.register.alreadyRegistered')}</Text>
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          {t('access.register.login')}
        </Anchor>
      </Group>

      <Modal
        opened={legal !== null}
        onClose={() => setLegal(null)}
        fullScreen
        title={t(legal === 'privacy' ? 'legal.privacyTitle' : 'legal.termsTitle')}
      >
        {legal && <LegalContent kind={legal} />}
        <Button mt="xl" fullWidth onClick={() => setLegal(null)}>
          {t('common.back')}
        </Button>
      </Modal>
    </AccessFrame>
  );
}
