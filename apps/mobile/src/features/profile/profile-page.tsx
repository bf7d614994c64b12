import { Alert, Anchor, Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import type { TAppProfile } from '@carewatch/contracts/app-profile';
import { personName } from '@carewatch/contracts/names';
import { api } from '../../app/api.ts';
import { serverFieldErrors } from '@carewatch/web/errors';
import { profileQuery } from '../../app/queries.ts';
import { PersonFields } from '../../app/screen-parts.tsx';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useFormState } from '@carewatch/web/form';
import { myProfileApi, PROFILE_KEYS, profileErrorText } from './profile-api.ts';
import { avatarProblem, checkProfileForm, profileFormOf } from './profile-rules.ts';
import { BackLink } from './back-link.tsx';

/** `/profile`: the account holder's own details (§3 User profile) with the rules of §5, and the profile picture. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const profile = useQuery({ queryKey: PROFILE_KEYS.profile, queryFn: () => myProfileApi.profile() });
  if (profile.isPending) return <CardsSkeleton rows={4} />;
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('profile.title')}
      </Title>
      <AvatarCard hasAvatar={profile.data.hasAvatar} name={personName(profile.data, i18n.language)} />
      <ProfileFormCard profile={profile.data} />
      <Anchor component={Link} to="/profile/medical">
        {t('profile.me.medicalLink')}
      </Anchor>
    </Stack>
  );
}

function ProfileFormCard({ profile }: { profile: TAppProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useFormState(profileFormOf(profile));
  const [general, setGeneral] = useState<unknown>(null);
  const units = profile.unitSystem;
  const save = useMutation({
    mutationFn: myProfileApi.updateProfile,
    onSuccess: (p) => {
      queryClient.setQueryData(PROFILE_KEYS.profile, p);
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      form.setValues(profileFormOf(p));
      notifications.show({ color: 'teal', message: t('profile.saved'), autoClose: 2500 });
    },
    onError: (e) => {
      const fields = serverFieldErrors(t, e);
      // The server's own words for height/weight are in cm/kg: show the form's fields instead.
      if (fields.heightCm) fields.height = t('profile.me.heightRange');
      if (fields.weightKg) fields.weight = t('profile.me.weightRange');
      if (isApiError(e) && e.details?.rule === 'under_18') fields.birthday = t('profile.me.under18');
      if (Object.keys(fields).length) form.setErrors(fields);
      else setGeneral(e);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const { body, errors } = checkProfileForm(t, form.values, units);
    form.setErrors(errors);
    if (body) save.mutate(body);
  };
  return (
    <Card withBorder component="section" aria-labelledby="profile-details">
      <Title order={2} size="h5" id="profile-details" mb={4}>
        {t('profile.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('profile.me.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {general !== null && (
            <Alert color="red" role="alert">
              {profileErrorText(t, general)}
            </Alert>
          )}
          <PersonFields
            form={form}
            afterNames={
              <TextInput label={t('profile.me.nickName')} autoComplete="nickname" {...form.text('nickName')} />
            }
            beforeAddress={
              <>
                <TextInput
                  label={t('common.phoneNumber')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  {...form.text('phone')}
                />
                <TextInput
                  label={t('common.emailAddress')}
                  description={t('profile.me.emailHint')}
                  type="email"
                  autoComplete="email"
                  {...form.text('email')}
                />
              </>
            }
          />
          <Group grow>
            <TextInput
              label={t(units === 'imperial' ? 'profile.me.heightIn' : 'profile.me.heightCm')}
              inputMode="decimal"
              {...form.text('height')}
            />
            <TextInput
              label={t(units === 'imperial' ? 'profile.me.weightLb' : 'profile.me.weightKg')}
              inputMode="decimal"
              {...form.text('weight')}
            />
          </Group>
          <Button type="submit" size="md" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** The profile picture: current one, a chosen file previewed before upload, < 1 MB (§5). */
function AvatarCard({ hasAvatar, name }: { hasAvatar: boolean; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['me', 'avatar'],
    queryFn: () => api.avatar(),
    enabled: hasAvatar,
    staleTime: Infinity,
  });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const shown = file ?? current.data ?? null;
  useEffect(() => {
    if (!shown) {
      setUrl(null);
      return undefined;
    }
    const u = URL.createObjectURL(shown);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [shown]);
  const upload = useMutation({
    mutationFn: (f: File) => api.uploadAvatar(f, f.name),
    onSuccess: (_p, f) => {
      queryClient.setQueryData(['me', 'avatar'], f);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.profile });
      setFile(null);
      notifications.show({ color: 'teal', message: t('profile.me.avatarSaved'), autoClose: 2500 });
    },
  });
  const choose = (f: File | null) => {
    upload.reset();
    if (!f) return;
    const p = avatarProblem(f);
    setProblem(p === 'too_large' ? t('profile.me.avatarTooLarge') : p === 'type' ? t('profile.me.avatarType') : null);
    setFile(p ? null : f);
  };
  return (
    <Card withBorder component="section" aria-labelledby="profile-avatar">
      <Title order={2} size="h5" id="profile-avatar" mb="xs">
        {t('profile.me.avatar')}
      </Title>
      <Group wrap="nowrap" align="center">
        <Avatar src={url} alt={t('profile.me.avatarAlt')} size={72} radius="xl">
          {name.slice(0, 1)}
        </Avatar>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('profile.me.avatarHint')}
          </Text>
          <Group gap="xs">
            <FileButton onChange={choose} accept="image/png,image/jpeg">
              {(props) => (
                <Button variant="light" size="xs" {...props}>
                  {t('profile.me.avatarChoose')}
                </Button>
              )}
            </FileButton>
            {file && (
              <Button size="xs" loading={upload.isPending} onClick={() => upload.mutate(file)}>
                {t('profile.me.avatarUpload')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {problem}
        </Text>
      )}
      {upload.isError && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {profileErrorText(t, upload.error)}
        </Text>
      )}
    </Card>
  );
}
