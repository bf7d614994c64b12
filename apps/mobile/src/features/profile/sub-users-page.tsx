import { DayInput } from '@carewatch/web/day-input';
import { Alert, Button, Card, Group, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONTACT_RELATIONSHIPS } from '@carewatch/contracts/contacts';
import { personName } from '@carewatch/contracts/names';
import { ZSubUserRequest, type TSubUser, type TSubUserRequest } from '@carewatch/contracts/app-profile';
import { serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { setSubject } from '../../app/subject.ts';
import { useFormState } from '@carewatch/web/form';
import { birthdayProblem } from '../access/register-rules.ts';
import { myProfileApi, PROFILE_KEYS, profileErrorText } from './profile-api.ts';
import { BackLink } from './back-link.tsx';
import { dayText } from '../../app/format.ts';

/** The "viewing as" list (features/followed) reads the same records: refreshed after a change here. */
const SUBJECTS_KEY = ['app', 'subjects'] as const;
type Editing = { kind: 'add' } | { kind: 'edit'; sub: TSubUser } | null;

/** `/sub-users`: managed profiles (§1, §3 Sub-user): list, add, edit, remove, and "View data" as that person. */
export function SubUsersPage() {
  const { t, i18n } = useTranslation();
  const nameOf = (s: TSubUser) => personName(s, i18n.language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PROFILE_KEYS.subUsers, queryFn: () => myProfileApi.subUsers() });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TSubUser | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => myProfileApi.removeSubUser(id),
    onSuccess: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.subUsers });
      void queryClient.invalidateQueries({ queryKey: SUBJECTS_KEY });
      notifications.show({ color: 'teal', message: t('profile.subUsers.removed'), autoClose: 2500 });
    },
  });

  if (list.isPending) return <CardsSkeleton rows={3} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const { items, max } = list.data;
  const full = items.length >= max;
  const viewData = (s: TSubUser) => {
    setSubject({ patientId: s.id, name: nameOf(s), relation: 'sub_user' });
    void navigate('/');
  };

  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('profile.subUsers.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('profile.subUsers.intro', { max })}
      </Text>
      {items.length === 0 && <Text>{t('profile.subUsers.empty')}</Text>}
      {items.map((s) => (
        <Card key={s.id} withBorder component="article" aria-label={nameOf(s)}>
          <Text fw={600}>{nameOf(s)}</Text>
          <Text size="sm" c="dimmed">
            {[
              s.relationship ? t(`options.relationship.${s.relationship}`) : null,
              s.birthday ? t('profile.subUsers.born', { date: dayText(s.birthday) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" onClick={() => viewData(s)}>
              {t('profile.subUsers.viewData')}
            </Button>
            <Button size="xs" variant="light" onClick={() => setEditing({ kind: 'edit', sub: s })}>
              {t('profile.edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => {
                remove.reset();
                setRemoving(s);
              }}
            >
              {t('profile.subUsers.remove')}
            </Button>
          </Group>
        </Card>
      ))}
      {full && (
        <Alert color="yellow" role="status">
          {t('profile.subUsers.maxReached', { max })}
        </Alert>
      )}
      <Button size="md" disabled={full} onClick={() => setEditing({ kind: 'add' })}>
        {t('profile.subUsers.add')}
      </Button>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.kind === 'edit' ? 'profile.subUsers.editTitle' : 'profile.subUsers.addTitle')}
      >
        {editing && <SubUserForm editing={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? t('profile.subUsers.removeTitle', { name: nameOf(removing) }) : ''}
      >
        <Stack>
          <Text size="sm">{t('profile.subUsers.removeText')}</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {profileErrorText(t, remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('profile.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>
              {t('profile.subUsers.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function SubUserForm({ editing, onDone }: { editing: NonNullable<Editing>; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = editing.kind === 'edit' ? editing.sub : null;
  const form = useFormState({
    firstName: start?.firstName ?? '',
    lastName: start?.lastName ?? '',
    relationship: start?.relationship ?? '',
    birthday: start?.birthday ?? '',
  });
  const save = useMutation({
    mutationFn: (body: TSubUserRequest) =>
      start ? myProfileApi.updateSubUser(start.id, body) : myProfileApi.addSubUser(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.subUsers });
      void queryClient.invalidateQueries({ queryKey: SUBJECTS_KEY });
      notifications.show({ color: 'teal', message: t('profile.saved'), autoClose: 2500 });
      onDone();
    },
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = form.values;
    const parsed = ZSubUserRequest.safeParse({ ...v, relationship: v.relationship || undefined });
    const errors = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    const day = birthdayProblem(v.birthday);
    if (day && !errors.birthday)
      errors.birthday = t(day === 'future' ? 'validation.birthdayFuture' : 'validation.birthdayInvalid');
    form.setErrors(errors);
    if (parsed.success && !day) save.mutate(parsed.data);
  };
  const fieldless = save.isError && Object.keys(form.errors).length === 0;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {fieldless && (
          <Alert color="red" role="alert">
            {profileErrorText(t, save.error)}
          </Alert>
        )}
        <TextInput label={t('access.register.firstName')} required data-autofocus {...form.text('firstName')} />
        <TextInput label={t('access.register.lastName')} required {...form.text('lastName')} />
        <NativeSelect
          label={t('profile.subUsers.relation')}
          required
          data={[
            { value: '', label: '—', disabled: true },
            ...CONTACT_RELATIONSHIPS.map((r) => ({ value: r, label: t(`options.relationship.${r}`) })),
          ]}
          value={form.values.relationship}
          onChange={(e) => form.set('relationship', e.currentTarget.value)}
          error={form.errors.relationship}
        />
        <DayInput
          label={t('access.register.birthday')}
          required
          value={form.values.birthday}
          error={form.errors.birthday}
          onValue={(v) => form.set('birthday', v)}
        />
        <Button type="submit" size="md" loading={save.isPending}>
          {t('profile.save')}
        </Button>
      </Stack>
    </form>
  );
}
