import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SCHEDULE_SERIES_MAX_DAYS,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  ZScheduleCreateRequest,
  type TDoctorSchedule,
  type TDoctorSummary,
  type TScheduleCreateRequest,
} from '@carewatch/contracts/schedules';
import { zonedInstant } from '@carewatch/i18n/datetime';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { ScheduleStatusBadge, formatWhen, formatWindow, scheduleKeys, schedules } from './schedules-shared.tsx';
import { actionColor, checkScheduleRequest, maskHhmm, removedToastKey, scheduleAction } from './schedules-rules.ts';

/** What a dragged range (or the "new request" button) fills in: a day and HH:mm times of the calendar's zone. */
export interface Prefill {
  day: string;
  start: string;
  end: string;
}

/** The schedule request form: one window, on one day or a series of consecutive days. */
export function CreateScheduleModal({
  prefill,
  tz,
  onClose,
  doctors,
  defaultDoctor,
}: {
  prefill: Prefill;
  tz: string;
  onClose: () => void;
  doctors: TDoctorSummary[] | null;
  defaultDoctor: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(prefill.day);
  const [start, setStart] = useState(prefill.start);
  const [end, setEnd] = useState(prefill.end);
  const [slotMinutes, setSlotMinutes] = useState<number | string>(30);
  const [days, setDays] = useState<number | string>(1);
  const [doctorId, setDoctorId] = useState(defaultDoctor);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: TScheduleCreateRequest) => schedules.create(body),
    onSuccess: async (d) => {
      notifySuccess(t('schedules.create.created', { count: d.items.length }));
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const check = checkScheduleRequest({ day, start, end, doctorId, asksDoctor: doctors !== null });
    if (!check.ok) return setErrors(Object.fromEntries(Object.entries(check.problems).map(([k, key]) => [k, t(key)])));
    const parsed = ZScheduleCreateRequest.safeParse({
      start: zonedInstant(day, check.startSeconds, tz).toISOString(),
      end: zonedInstant(day, check.endSeconds, tz).toISOString(),
      slotMinutes: typeof slotMinutes === 'number' ? slotMinutes : undefined,
      days: typeof days === 'number' ? days : undefined,
      ...(doctors ? { doctorId } : {}),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <Modal opened onClose={onClose} title={t('schedules.create.title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('schedules.create.hint')}
        </Text>
        {doctors && (
          <NativeSelect
            label={t('schedules.fields.doctor')}
            value={doctorId}
            onChange={(ev) => setDoctorId(ev.currentTarget.value)}
            error={errors.doctorId}
            data={[{ value: '', label: '' }, ...doctors.map((d) => ({ value: d.id, label: d.fullName }))]}
            required
          />
        )}
        <DayInput label={t('schedules.fields.day')} value={day} onValue={setDay} error={errors.day} required />
        <Group grow>
          <TextInput
            label={t('schedules.fields.start')}
            value={start}
            onChange={(ev) => setStart(maskHhmm(ev.currentTarget.value))}
            placeholder="HH:mm"
            inputMode="numeric"
            maxLength={5}
            error={errors.start}
            required
          />
          <TextInput
            label={t('schedules.fields.end')}
            value={end}
            onChange={(ev) => setEnd(maskHhmm(ev.currentTarget.value))}
            placeholder="HH:mm"
            inputMode="numeric"
            maxLength={5}
            error={errors.end}
            required
          />
        </Group>
        <Group grow>
          <NumberInput
            label={t('schedules.fields.slotMinutes')}
            value={slotMinutes}
            onChange={setSlotMinutes}
            min={SLOT_MINUTES_MIN}
            max={SLOT_MINUTES_MAX}
            step={5}
            allowDecimal={false}
            error={errors.slotMinutes}
            required
          />
          <NumberInput
            label={t('schedules.fields.days')}
            value={days}
            onChange={setDays}
            min={1}
            max={SCHEDULE_SERIES_MAX_DAYS}
            allowDecimal={false}
            error={errors.days}
            required
          />
        </Group>
        {create.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('schedules.create.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('schedules.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One schedule's detail, with the doctor's action on it: withdraw a new request, ask for leave, clear a refused one. */
export function ScheduleDetailModal({
  schedule: s,
  tz,
  canAct,
  onClose,
}: {
  schedule: TDoctorSchedule;
  tz: string;
  canAct: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => schedules.remove(s.id),
    onSuccess: async (d) => {
      notifySuccess(t(removedToastKey(s.status, d.status)));
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    },
    meta: { inlineError: true },
  });
  const action = scheduleAction(s.status);
  const none = t('schedules.fields.none');
  const rows: Array<[string, ReactNode]> = [
    [t('schedules.fields.status'), <ScheduleStatusBadge t={t} status={s.status} />],
    [t('schedules.fields.doctor'), s.doctorName],
    [t('schedules.fields.center'), s.centerName ?? none],
    [t('schedules.fields.time'), formatWindow(s, tz)],
    [t('schedules.fields.slotMinutes'), s.slotMinutes],
    [t('schedules.fields.slots'), s.slotCount],
    [t('schedules.fields.booked'), s.bookedCount],
    [t('schedules.fields.submittedAt'), formatWhen(t, s.submittedAt, tz)],
    [t('schedules.fields.approver'), s.approverName ?? none],
    [t('schedules.fields.actionAt'), formatWhen(t, s.actionAt, tz)],
    [t('schedules.fields.rejectReason'), s.rejectReason ?? none],
  ];
  return (
    <Modal opened onClose={onClose} title={t('schedules.detail.title')}>
      <Stack>
        <Table withTableBorder aria-label={t('schedules.detail.title')}>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="45%">{k}</Table.Th>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {remove.error && (
          <Alert color="red" role="alert">
            {errorText(t, remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('schedules.detail.close')}
          </Button>
          {canAct && action && (
            <Button color={actionColor(action)} loading={remove.isPending} onClick={() => remove.mutate()}>
              {t(`schedules.detail.${action}`)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
