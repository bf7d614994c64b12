import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, ColorInput, FileInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZTrialRequestFields } from '@carewatch/contracts/tenants';
import { tenantsApi } from '@carewatch/api-client/tenants';
import { api } from '../../app/api.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { useFormState } from '@carewatch/web/form';
import { AuthFrame } from '../auth/auth-frame.tsx';

const tenants = tenantsApi(api.request);

/** Public page: an organisation asks for a trial tenant (reviewed by a super admin under Tenant requests). */
export function TrialRequestPage() {
  const { t } = useTranslation();
  const form = useFormState({
    organizationName: '',
    contactName: '',
    email: '',
    phone: '',
    tenantCode: '',
    color: '#0b7285',
  });
  const [squareLogo, setSquareLogo] = useState<File | null>(null);
  const [horizontalLogo, setHorizontalLogo] = useState<File | null>(null);
  const [logoErrors, setLogoErrors] = useState<{ squareLogo?: string; horizontalLogo?: string }>({});
  const submit = useMutation({
    mutationFn: () => tenants.submitTrial({ ...form.values }, { squareLogo, horizontalLogo }),
    onError: (e) => {
      const fields = serverFieldErrors(t, e);
      form.setErrors(fields);
      setLogoErrors({ squareLogo: fields.squareLogo, horizontalLogo: fields.horizontalLogo });
    },
    meta: { inlineError: true },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZTrialRequestFields.safeParse(form.values);
    const errors = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    const logos = {
      squareLogo: squareLogo ? undefined : t('tenants.validation.logoRequired'),
      horizontalLogo: horizontalLogo ? undefined : t('tenants.validation.logoRequired'),
    };
    setLogoErrors(logos);
    if (!parsed.success || logos.squareLogo || logos.horizontalLogo) return form.setErrors(errors);
    submit.mutate();
  };
  if (submit.isSuccess) {
    return (
      <AuthFrame title={t('tenants.trialForm.sentTitle')}>
        <Stack>
          <Alert color="teal" role="status">
            {t('tenants.trialForm.sentText', { email: form.values.email })}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('tenants.trialForm.backToLogin')}
          </Anchor>
        </Stack>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('tenants.trialForm.title')} width={520}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('tenants.trialForm.intro')}
          </Text>
          {submit.isError && (
            <Alert color="red" role="alert">
              {errorText(t, submit.error)}
            </Alert>
          )}
          <TextInput label={t('tenants.trialForm.organizationName')} required {...form.text('organizationName')} />
          <TextInput label={t('tenants.trialForm.contactName')} required {...form.text('contactName')} />
          <TextInput label={t('tenants.trialForm.email')} type="email" required {...form.text('email')} />
          <TextInput label={t('tenants.trialForm.phone')} required {...form.text('phone')} />
          <TextInput
            label={t('tenants.trialForm.tenantCode')}
            description={t('tenants.trialForm.tenantCodeHint')}
            required
            {...form.text('tenantCode')}
          />
          <ColorInput
            label={t('tenants.trialForm.color')}
            value={form.values.color}
            onChange={(v) => form.set('color', v)}
            error={form.errors.color}
            format="hex"
          />
          <FileInput
            label={t('tenants.trialForm.squareLogo')}
            accept="image/png"
            required
            value={squareLogo}
            onChange={(f) => {
              setSquareLogo(f);
              setLogoErrors((e) => ({ ...e, squareLogo: undefined }));
            }}
            error={logoErrors.squareLogo}
            clearable
          />
          <FileInput
            label={t('tenants.trialForm.horizontalLogo')}
            accept="image/png"
            required
            value={horizontalLogo}
            onChange={(f) => {
              setHorizontalLogo(f);
              setLogoErrors((e) => ({ ...e, horizontalLogo: undefined }));
            }}
            error={logoErrors.horizontalLogo}
            clearable
          />
          <Button type="submit" loading={submit.isPending} fullWidth>
            {t('tenants.trialForm.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('tenants.trialForm.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
