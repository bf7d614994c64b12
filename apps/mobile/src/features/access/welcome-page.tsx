import { Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ZAppRegisterOtpRequest } from '@carewatch/contracts/app-auth';
import { saveTenant, storedTenant } from '../../app/tenant.ts';
import { translateValidation } from '@carewatch/web/errors';
import { AccessFrame, LegalLinks } from './shared.tsx';

/** First screen: the organisation (tenant) code, remembered on the phone for sign-in and registration. */
export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tenant, setTenant] = useState(storedTenant() ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAppRegisterOtpRequest.shape.tenant.safeParse(tenant);
    if (!parsed.success) {
      setError(translateValidation(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    saveTenant(parsed.data);
    void navigate('/login');
  };

  return (
    <AccessFrame title={t('access.welcome.title')}>
      <Text mb="lg">{t('access.welcome.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('access.welcome.tenant')}
            description={t('access.welcome.tenantHint')}
            required
            autoCapitalize="none"
            autoComplete="organization"
            value={tenant}
            error={error}
            onChange={(e) => {
              setTenant(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button type="submit" size="md">
            {t('access.welcome.continue')}
          </Button>
        </Stack>
      </form>
      {/* Visitor mode (spec §1): try the app with no account; data stays on this phone. */}
      <Divider my="lg" />
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('devices.visitor.continueHint')}
        </Text>
        <Button component={Link} to="/visitor" variant="default" size="md">
          {t('devices.visitor.continue')}
        </Button>
      </Stack>
      <LegalLinks />
    </AccessFrame>
  );
}
