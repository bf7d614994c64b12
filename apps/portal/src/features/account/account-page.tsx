import i18n from 'i18next';
import { personName } from '@carewatch/contracts/names';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  NativeSelect,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BLOOD_GLUCOSE_UNITS,
  THERMAL_UNITS,
  UNIT_SYSTEMS,
  ZChangePasswordRequest,
  ZUpdateProfileRequest,
  type TProfile,
  type TUpdateUnitsRequest,
} from '@carewatch/contracts/account';
import { SUPPORTED_LANGUAGES, isValidTimezone } from '@carewatch/contracts/rules';
import { isApiError } from '@carewatch/api-client/client';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useProfile, useTenantSettings } from '../../app/queries.ts';
import { useFormState } from '@carewatch/web/form';
import { PasswordRules, ruleName } from '@carewatch/web/password-rules';
import { switchLanguage } from '../../app/i18n.ts';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { DeactivateTab } from '../lifecycle/deactivate-tab.tsx';
import { useAvatarUrl } from '../../app/avatar.ts';
import { avatarProblem, initials, passwordErrorField, passwordProblems, profileBody } from './account-rules.ts';

function useSetProfile() {
  const queryClient = useQueryClient();
  return (p: TProfile) => queryClient.setQueryData(['profile'], p);
}

function AvatarSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const setProfile = useSetProfile();
  const queryClient = useQueryClient();
  const current = useAvatarUrl(profile);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const upload = useMutation({
    mutationFn: (f: File) => api.uploadAvatar(f, f.name),
    onSuccess: async (p) => {
      setProfile(p);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: ['avatar'] });
      notifySuccess(t('account.profile.avatarUploaded'));
    },
    onError: (e) => setError(errorText(t, e)),
    meta: { inlineError: true },
  });
  const choose = (f: File | null) => {
    setError(null);
    if (!f) return setFile(null);
    const problem = avatarProblem(f);
    if (problem) return setError(t(problem));
    setFile(f);
  };
  const name = personName(profile, i18n.language);
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('account.profile.avatar')}
      </Text>
      <Group>
        <Avatar
          src={preview ?? current}
          size={80}
          radius={80}
          alt={t('account.profile.avatarAlt', { name })}
          color="brand"
        >
          {initials(profile.firstName, profile.lastName)}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={choose} accept="image/png,image/jpeg">
              {(props) => (
                <Button variant="default" {...props}>
                  {t('account.profile.chooseAvatar')}
                </Button>
              )}
            </FileButton>
            <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
              {t('account.profile.uploadAvatar')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('account.profile.avatarHint')}
          </Text>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}

function ProfileTab({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const setProfile = useSetProfile();
  const form = useFormState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email ?? '',
    phone: profile.phone ?? '',
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof api.updateProfile>[0]) => api.updateProfile(body),
    onSuccess: (p) => {
      setProfile(p);
      notifySuccess(t('account.profile.saved'));
    },
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = profileBody(form.values);
    const parsed = ZUpdateProfileRequest.safeParse(values);
    if (!parsed.success) return form.setErrors(zodFieldErrors(t, parsed.error));
    save.mutate(parsed.data);
  };
  const hasFieldErrors = isApiError(save.error) && Object.keys(save.error.fieldErrors()).length > 0;
  return (
    <Stack maw={560}>
      <AvatarSection profile={profile} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {save.isError && !hasFieldErrors && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput label={t('account.profile.firstName')} autoComplete="given-name" {...form.text('firstName')} />
            <TextInput label={t('account.profile.lastName')} autoComplete="family-name" {...form.text('lastName')} />
          </Group>
          <TextInput label={t('account.profile.email')} type="email" autoComplete="email" {...form.text('email')} />
          <TextInput label={t('account.profile.phone')} type="tel" autoComplete="tel" {...form.text('phone')} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const rule = ruleName(useTenantSettings()?.settings.PASSWORD_RULE);
  const form = useFormState({ password: '', newPassword: '', confirmPassword: '' });
  const change = useMutation({
    mutationFn: (body: Parameters<typeof api.changePassword>[0]) => api.changePassword(body),
    onSuccess: () => {
      form.setValues({ password: '', newPassword: '', confirmPassword: '' });
      notifySuccess(t('account.password.changed'));
    },
    onError: (e) => {
      const field = isApiError(e) ? passwordErrorField(e.code) : undefined;
      form.setErrors(field ? { [field]: errorText(t, e) } : serverFieldErrors(t, e));
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZChangePasswordRequest.safeParse(form.values);
    const errors = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    const more = passwordProblems(form.values, rule, Boolean(errors.newPassword));
    if (more.newPassword)
      errors.newPassword =
        more.newPassword.kind === 'weak'
          ? `${t('errors.WEAK_PASSWORD')}: ${t(more.newPassword.ruleKey, { specials: more.newPassword.specials })}`
          : t('errors.SAME_PASSWORD');
    if (more.confirmPassword) errors.confirmPassword = t(more.confirmPassword);
    if (!parsed.success || Object.keys(errors).length) return form.setErrors(errors);
    change.mutate(parsed.data);
  };
  const inline = isApiError(change.error) && passwordErrorField(change.error.code);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        {change.isError && !inline && (
          <Alert color="red" role="alert">
            {errorText(t, change.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('account.password.current')}
          autoComplete="current-password"
          {...form.text('password')}
        />
        <PasswordInput label={t('account.password.new')} autoComplete="new-password" {...form.text('newPassword')} />
        <PasswordInput
          label={t('account.password.confirm')}
          autoComplete="new-password"
          {...form.text('confirmPassword')}
        />
        <PasswordRules password={form.values.newPassword} rule={rule} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function timezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

function LanguageTab({ profile }: { profile: TProfile }) {
  const { t, i18n } = useTranslation();
  const setProfile = useSetProfile();
  const zones = useMemo(() => {
    const list = timezones();
    return list.includes(profile.timezone) ? list : [profile.timezone, ...list];
  }, [profile.timezone]);
  const [lang, setLang] = useState<string>(i18n.resolvedLanguage ?? 'en');
  const [tz, setTz] = useState<string | null>(profile.timezone);
  const [tzError, setTzError] = useState<string | undefined>();
  const saveLang = useMutation({
    mutationFn: (l: string) => api.updateLanguage(l),
    onSuccess: (p, l) => {
      setProfile(p);
      switchLanguage(l);
      notifySuccess(t('account.language.languageSaved'));
    },
    meta: { inlineError: true },
  });
  const saveTz = useMutation({
    mutationFn: (zone: string) => api.updateTimezone(zone),
    onSuccess: (p) => {
      setProfile(p);
      notifySuccess(t('account.language.timezoneSaved'));
    },
    onError: (e) => setTzError(errorText(t, e)),
    meta: { inlineError: true },
  });
  return (
    <Stack maw={420} gap="lg">
      <Stack gap="xs">
        {saveLang.isError && (
          <Alert color="red" role="alert">
            {errorText(t, saveLang.error)}
          </Alert>
        )}
        <NativeSelect
          label={t('account.language.language')}
          value={lang}
          onChange={(e) => setLang(e.currentTarget.value)}
          data={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
        <Group>
          <Button onClick={() => saveLang.mutate(lang)} loading={saveLang.isPending}>
            {t('account.language.saveLanguage')}
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Select
          label={t('account.language.timezone')}
          placeholder={t('account.language.timezonePlaceholder')}
          searchable
          data={zones}
          value={tz}
          onChange={(v) => {
            setTz(v);
            setTzError(undefined);
          }}
          error={tzError}
          limit={50}
          nothingFoundMessage={t('common.empty')}
        />
        <Group>
          <Button
            loading={saveTz.isPending}
            onClick={() => {
              if (!tz || !isValidTimezone(tz)) return setTzError(t('errors.INVALID_TIMEZONE'));
              saveTz.mutate(tz);
            }}
          >
            {t('account.language.saveTimezone')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

function UnitsTab({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const setProfile = useSetProfile();
  const [units, setUnits] = useState<TUpdateUnitsRequest>({
    unitSystem: profile.unitSystem,
    thermalUnit: profile.thermalUnit,
    bloodGlucoseUnit: profile.bloodGlucoseUnit,
  });
  const save = useMutation({
    mutationFn: (body: TUpdateUnitsRequest) => api.updateUnits(body),
    onSuccess: (p) => {
      setProfile(p);
      notifySuccess(t('account.units.saved'));
    },
    meta: { inlineError: true },
  });
  const pick = <K extends keyof TUpdateUnitsRequest>(
    key: K,
    options: readonly TUpdateUnitsRequest[K][],
    value: string,
  ) => {
    const found = options.find((o) => o === value);
    if (found) setUnits((u) => ({ ...u, [key]: found }));
  };
  return (
    <Stack maw={420} gap="sm">
      {save.isError && (
        <Alert color="red" role="alert">
          {errorText(t, save.error)}
        </Alert>
      )}
      <NativeSelect
        label={t('account.units.unitSystem')}
        value={units.unitSystem}
        onChange={(e) => pick('unitSystem', UNIT_SYSTEMS, e.currentTarget.value)}
        data={UNIT_SYSTEMS.map((u) => ({ value: u, label: t(`account.units.${u}`) }))}
      />
      <NativeSelect
        label={t('account.units.thermal')}
        value={units.thermalUnit}
        onChange={(e) => pick('thermalUnit', THERMAL_UNITS, e.currentTarget.value)}
        data={THERMAL_UNITS.map((u) => ({
          value: u,
          label: u === 'C' ? t('account.units.celsius') : t('account.units.fahrenheit'),
        }))}
      />
      <NativeSelect
        label={t('account.units.bloodGlucose')}
        value={units.bloodGlucoseUnit}
        onChange={(e) => pick('bloodGlucoseUnit', BLOOD_GLUCOSE_UNITS, e.currentTarget.value)}
        data={BLOOD_GLUCOSE_UNITS.map((u) => ({ value: u, label: u }))}
      />
      <Group>
        <Button onClick={() => save.mutate(units)} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack>
      <Title order={1}>{t('account.title')}</Title>
      {profile.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <PlainTabs
          id="account"
          label={t('account.tabs.label')}
          mb="lg"
          tabs={[
            {
              value: 'profile',
              label: t('account.tabs.profile'),
              content: () => <ProfileTab profile={profile.data} />,
            },
            { value: 'password', label: t('account.tabs.password'), content: () => <PasswordTab /> },
            {
              value: 'language',
              label: t('account.tabs.language'),
              content: () => <LanguageTab profile={profile.data} />,
            },
            { value: 'units', label: t('account.tabs.units'), content: () => <UnitsTab profile={profile.data} /> },
            { value: 'deactivate', label: t('lifecycle.me.tab'), content: () => <DeactivateTab /> },
          ]}
        />
      )}
    </Stack>
  );
}
