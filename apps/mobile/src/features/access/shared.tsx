import { Anchor, Box, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storedLanguage, switchLanguage, APP_LANGUAGES, type AppLanguage } from '../../app/i18n.ts';

const LANGUAGE_KEYS: Record<AppLanguage, string> = {
  en: 'settings.languages.en',
  'en-CA': 'settings.languages.enCA',
  vi: 'settings.languages.vi',
};

/** Frame of the signed-out screens: brand, title, content, and a language choice before any account exists. */
export function AccessFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="main" maw={480} mx="auto" p="md" pb="xl">
      <Group justify="space-between" mb="lg" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={32} height={32} />
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
        </Group>
        <select
          aria-label={t('settings.language')}
          value={(APP_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : storedLanguage()}
          onChange={(e) => switchLanguage(e.currentTarget.value as AppLanguage)}
          style={{
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 6,
            padding: '4px 6px',
            // A 44 px target (issue 21), like the app's other fields.
            minHeight: 44,
            background: 'white',
          }}
        >
          {APP_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(LANGUAGE_KEYS[l])}
            </option>
          ))}
        </select>
      </Group>
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

export type Channel = 'phone' | 'email';

/** Phone or e-mail choice and the matching input (registration and password reset). */
export function ChannelTarget({
  legend,
  channel,
  onChannel,
  phone,
  email,
  onPhone,
  onEmail,
  errors,
}: {
  legend: string;
  channel: Channel;
  onChannel: (c: Channel) => void;
  phone: string;
  email: string;
  onPhone: (s: string) => void;
  onEmail: (s: string) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="channel-legend">
          {legend}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="channel-legend"
          value={channel}
          onChange={(v) => onChannel(v === 'email' ? 'email' : 'phone')}
          data={[
            { value: 'phone', label: t('common.phone') },
            { value: 'email', label: t('common.email') },
          ]}
        />
      </div>
      {channel === 'phone' ? (
        <TextInput
          label={t('common.phoneNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          value={phone}
          onChange={(e) => onPhone(e.currentTarget.value)}
          error={errors.phone}
        />
      ) : (
        <TextInput
          label={t('common.emailAddress')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => onEmail(e.currentTarget.value)}
          error={errors.email}
        />
      )}
    </Stack>
  );
}

/** 6-digit one-time code: a single numeric field, so SMS autofill (autocomplete one-time-code) and pasting work. */
export function OtpField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (s: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={t('access.register.codeHint')}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
    />
  );
}

/** Links to the legal pages shown under the access forms. */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="md" mt="xl">
      <Anchor component={Link} to="/terms" size="sm">
        {t('settings.terms')}
      </Anchor>
      <Anchor component={Link} to="/privacy" size="sm">
        {t('settings.privacy')}
      </Anchor>
    </Group>
  );
}
