import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORT_PROFILE_LIMITS, ZSportProfileInput, type TSportProfile } from '@carewatch/contracts/dashboards';
import { useFormState } from '@carewatch/web/form';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { DASHBOARD_KEYS, myDashboardsApi } from './dashboards-api.ts';

/** /sport-profile: my team name, club, rank and skill (spec §3 "Coach or player"); my coach sees them. */
export function SportProfilePage() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: DASHBOARD_KEYS.sportProfile, queryFn: () => myDashboardsApi.sportProfile() });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('dashboards.profile.title')}
      </Title>
      <Text size="sm">{t('dashboards.profile.intro')}</Text>
      {q.isPending ? (
        <CardsSkeleton rows={2} />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <SportProfileForm start={q.data} />
      )}
    </Stack>
  );
}

function SportProfileForm({ start }: { start: TSportProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useFormState({
    teamName: start.teamName ?? '',
    clubName: start.clubName ?? '',
    rank: start.rank ?? '',
    skill: start.skill ?? '',
  });
  const save = useMutation({
    mutationFn: myDashboardsApi.updateSportProfile,
    onSuccess: (p) => {
      queryClient.setQueryData(DASHBOARD_KEYS.sportProfile, p);
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.coach });
      notifications.show({ color: 'teal', message: t('dashboards.profile.saved'), autoClose: 2500 });
    },
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZSportProfileInput.safeParse(form.values);
    form.setErrors(parsed.success ? {} : zodFieldErrors(t, parsed.error));
    if (parsed.success) save.mutate(parsed.data);
  };
  const fieldless = save.isError && Object.keys(form.errors).length === 0;
  const L = SPORT_PROFILE_LIMITS;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {fieldless && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        <TextInput label={t('dashboards.profile.teamName')} maxLength={L.teamName} {...form.text('teamName')} />
        <TextInput label={t('dashboards.profile.clubName')} maxLength={L.clubName} {...form.text('clubName')} />
        <TextInput label={t('dashboards.profile.rank')} maxLength={L.rank} {...form.text('rank')} />
        <TextInput label={t('dashboards.profile.skill')} maxLength={L.skill} {...form.text('skill')} />
        <Button type="submit" size="md" loading={save.isPending}>
          {t('dashboards.profile.save')}
        </Button>
      </Stack>
    </form>
  );
}
