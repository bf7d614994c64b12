import { Alert, Button, Chip, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import type { TEventReminder, TEventReminderRequest } from '@carewatch/contracts/app-events';
import { DayInput } from '@carewatch/web/day-input';
import { serverFieldErrors } from '@carewatch/web/errors';
import { dateTimeText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';
import {
  checkReminder,
  ICON_SYMBOLS,
  ICONS,
  isEventIcon,
  maskReminderTime,
  reminderValuesOf,
  type ReminderField,
  type ReminderMessage,
  type ReminderValues,
} from './event-rules.ts';
import { EVENT_KEYS, eventErrorText, myEventsApi, useEvents } from './events-api.ts';

/** `/events/new`: a new event reminder. */
export function AddReminderPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <BackLink to="/events" />
      <Title order={1} size="h3">
        {t('events.form.addTitle')}
      </Title>
      <ReminderForm event={null} />
    </Stack>
  );
}

/** `/events/reminders/:id`: edit or remove one of my event reminders (found in the loaded list). */
export function EditReminderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { query, subject } = useEvents();
  const all = query.data ? [...query.data.reminders.upcoming, ...query.data.reminders.other] : [];
  const event = all.find((e) => e.id === id);
  let body;
  if (subject) body = <Text c="dimmed">{t('events.form.notFound')}</Text>;
  else if (query.data === undefined && query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data === undefined) body = <CardsSkeleton rows={2} />;
  else if (!event) body = <Text c="dimmed">{t('events.form.notFound')}</Text>;
  else body = <ReminderForm key={event.id} event={event} />;
  return (
    <Stack gap="md">
      <BackLink to="/events" />
      <Title order={1} size="h3">
        {t('events.form.editTitle')}
      </Title>
      {body}
    </Stack>
  );
}

function ReminderForm({ event }: { event: TEventReminder | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const network = useNetwork();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ReminderValues>(() => reminderValuesOf(event));
  const [errors, setErrors] = useState<Partial<Record<ReminderField, string>>>({});
  const [removing, setRemoving] = useState(false);
  const set = <K extends ReminderField>(k: K, v: ReminderValues[K]) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors((e) => {
      const n = { ...e };
      delete n[k];
      return n;
    });
  };
  const msg = (m: ReminderMessage | undefined) => (m ? t(`events.form.${m.key}`, m.params) : undefined);

  const done = async (message: string) => {
    notifications.show({ color: 'teal', message, autoClose: 2500 });
    await queryClient.invalidateQueries({ queryKey: EVENT_KEYS.all });
    void navigate('/events');
  };
  const save = useMutation({
    mutationFn: (body: TEventReminderRequest) =>
      event ? myEventsApi.update(event.id, body) : myEventsApi.create(body),
    onSuccess: () => done(t(event ? 'events.form.saved' : 'events.form.added')),
    onError: (e) => {
      // The form's own validation messages by field; the §8 errors (max, duplicate time) once, above the button.
      if (!isApiError(e) || e.code !== 'VALIDATION_ERROR') return;
      const fields = serverFieldErrors(t, e);
      setErrors({
        ...(fields.arrivalTime ? { day: t('events.form.dateInvalid') } : {}),
        ...(fields.label ? { label: fields.label } : {}),
      });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => myEventsApi.remove(id),
    onSuccess: () => {
      setRemoving(false);
      return done(t('events.form.removed'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const checked = checkReminder(values);
    setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, m]) => [k, msg(m)])));
    if (checked.body) save.mutate(checked.body);
  };
  const serverError =
    save.isError &&
    !(isApiError(save.error) && save.error.code === 'VALIDATION_ERROR' && Object.keys(errors).length > 0);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <div role="group" aria-labelledby="event-arrival">
          <Text size="sm" fw={500} id="event-arrival" mb={4}>
            {t('events.form.arrival')}
          </Text>
          <Group grow align="flex-start" wrap="nowrap">
            <DayInput
              label={t('events.form.date')}
              required
              value={values.day}
              error={errors.day}
              onValue={(v) => set('day', v)}
            />
            <TextInput
              label={t('events.form.time')}
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              placeholder={t('events.form.timePlaceholder')}
              value={values.time}
              error={errors.time}
              onChange={(e) => set('time', maskReminderTime(e.currentTarget.value))}
            />
          </Group>
        </div>
        <TextInput
          label={t('events.form.label')}
          description={t('events.form.labelHint')}
          required
          value={values.label}
          error={errors.label}
          onChange={(e) => set('label', e.currentTarget.value)}
        />
        <div role="radiogroup" aria-labelledby="event-icon">
          <Text size="sm" fw={500} id="event-icon" mb={4}>
            {t('events.form.icon')}
          </Text>
          <Chip.Group
            multiple={false}
            value={values.icon}
            onChange={(v) => {
              if (isEventIcon(v)) set('icon', v);
            }}
          >
            <Group gap={6}>
              {ICONS.map((icon) => (
                <Chip key={icon} value={icon} size="md" variant="outline">
                  <span aria-hidden="true" style={{ marginRight: 4 }}>
                    {ICON_SYMBOLS[icon]}
                  </span>
                  {t(`events.icons.${icon}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        {!network.online && (
          <Alert color="yellow" role="status">
            {t('events.form.offline')}
          </Alert>
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {eventErrorText(t, save.error)}
          </Alert>
        )}
        <Group grow>
          <Button variant="default" size="md" onClick={() => void navigate('/events')}>
            {t('events.form.cancel')}
          </Button>
          <Button type="submit" size="md" loading={save.isPending}>
            {t('events.form.save')}
          </Button>
        </Group>
        {event && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => {
              remove.reset();
              setRemoving(true);
            }}
          >
            {t('events.form.remove')}
          </Button>
        )}
      </Stack>

      {event && (
        <Modal opened={removing} onClose={() => setRemoving(false)} title={t('events.form.removeTitle')} centered>
          <Stack>
            <Text size="sm">
              {t('events.form.removeText', { label: event.label, time: dateTimeText(event.arrivalTime) })}
            </Text>
            {remove.isError && (
              <Alert color="red" role="alert">
                {eventErrorText(t, remove.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(false)}>
                {t('events.form.keep')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(event.id)}>
                {t('events.form.remove')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </form>
  );
}
