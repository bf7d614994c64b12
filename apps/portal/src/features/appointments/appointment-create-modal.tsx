import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  APPOINTMENT_LOCATIONS,
  ZAppointmentCreateRequest,
  type TAppointmentLocation,
} from '@carewatch/contracts/appointments';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useProfile } from '../../app/queries.ts';
import { patients } from '../patients/patients-shared.tsx';
import { SlotPicker, appointmentKeys, appointments, schedules } from './appointments-shared.tsx';
import {
  addressField,
  bookingBody,
  doctorOptionLabel,
  hasFreeSlot,
  isDay,
  patientOptionLabel,
} from './appointments-rules.ts';

const isLocation = (v: string): v is TAppointmentLocation => (APPOINTMENT_LOCATIONS as readonly string[]).includes(v);

/**
 * Books an appointment (spec §2, §5): the customer (patient), the doctor, a day and then one of the doctor's free
 * slots; location, reason, note, paid or free.
 */
export function CreateAppointmentModal({
  onClose,
  patientId: fixedPatient,
}: {
  onClose: () => void;
  patientId?: string;
}) {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const tz = profile?.timezone;
  // A doctor books in their own slots (spec §2: "the doctor picks date then slot").
  const selfDoctor = profile?.role === 'doctor' ? profile.id : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [patientId, setPatientId] = useState<string | null>(fixedPatient ?? null);
  const [picked, setDoctorId] = useState<string | null>(null);
  const doctorId = selfDoctor ?? picked;
  const [day, setDay] = useState('');
  const [slotId, setSlotId] = useState<string | null>(null);
  const [location, setLocation] = useState<TAppointmentLocation>('AT_THE_CLINIC');
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [paid, setPaid] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useQuery({
    queryKey: ['appointments', 'patientSearch', debounced],
    queryFn: () => patients.list({ search: debounced, size: 20, page: 0 }),
    enabled: debounced.length > 0,
    meta: { inlineError: true },
  });
  const doctors = useQuery({
    queryKey: appointmentKeys.doctors,
    queryFn: () => schedules.doctors(),
    meta: { inlineError: true },
  });
  const validDay = isDay(day);
  const slots = useQuery({
    queryKey: appointmentKeys.slots(doctorId ?? '', day),
    queryFn: () => schedules.slots(doctorId!, day),
    enabled: !!doctorId && validDay,
    meta: { inlineError: true },
  });
  const create = useMutation({
    mutationFn: (body: Parameters<typeof appointments.create>[0]) => appointments.create(body),
    onSuccess: async (a) => {
      notifySuccess(t('appointments.create.created', { code: a.code }));
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      onClose();
      void navigate(`/appointments/${a.id}`);
    },
    onError: async (e) => {
      setErrors(serverFieldErrors(t, e));
      // A slot taken meanwhile: show the day again as it is now.
      await queryClient.invalidateQueries({ queryKey: ['appointments', 'slots'] });
    },
    meta: { inlineError: true },
  });
  const submit = () => {
    const parsed = ZAppointmentCreateRequest.safeParse(
      bookingBody({ patientId, doctorId, slotId, location, address, reason, note, paid }),
    );
    if (!parsed.success) {
      const e = zodFieldErrors(t, parsed.error);
      if (!slotId) e.slotId = t('appointments.create.slotRequired');
      return setErrors(e);
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const patientOptions = (found.data?.items ?? []).map((p) => ({ value: p.id, label: patientOptionLabel(p) }));
  const addressUi = addressField(location);
  return (
    <Modal opened onClose={onClose} title={t('appointments.create.title')} size="lg">
      <Stack>
        {!fixedPatient && (
          <Select
            label={t('appointments.fields.patient')}
            placeholder={t('appointments.create.patientSearch')}
            searchable
            clearable
            required
            searchValue={search}
            onSearchChange={setSearch}
            value={patientId}
            onChange={setPatientId}
            data={patientOptions}
            error={errors.patientId}
          />
        )}
        {!selfDoctor && (
          <Select
            label={t('appointments.fields.doctor')}
            required
            searchable
            value={doctorId}
            onChange={(v) => {
              setDoctorId(v);
              setSlotId(null);
            }}
            error={errors.doctorId}
            data={(doctors.data?.items ?? []).map((d) => ({ value: d.id, label: doctorOptionLabel(d) }))}
          />
        )}
        <DayInput
          label={t('appointments.create.day')}
          value={day}
          onValue={(v) => {
            setDay(v);
            setSlotId(null);
          }}
          required
        />
        <div>
          <Text size="sm" fw={500}>
            {t('appointments.create.slots')}
          </Text>
          {!doctorId || !validDay ? (
            <Text size="sm" c="dimmed">
              {t('appointments.create.pickDay')}
            </Text>
          ) : slots.isPending ? (
            <Text size="sm" c="dimmed">
              …
            </Text>
          ) : slots.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, slots.error)}
            </Alert>
          ) : !hasFreeSlot(slots.data.items) ? (
            <Text size="sm" c="dimmed" role="status">
              {t('appointments.create.noSlots')}
            </Text>
          ) : (
            <SlotPicker t={t} slots={slots.data.items} value={slotId} onChange={setSlotId} tz={tz} />
          )}
          {errors.slotId && (
            <Text size="sm" c="red" role="alert">
              {errors.slotId}
            </Text>
          )}
        </div>
        <NativeSelect
          label={t('appointments.fields.location')}
          value={location}
          onChange={(e) => isLocation(e.currentTarget.value) && setLocation(e.currentTarget.value)}
          data={APPOINTMENT_LOCATIONS.map((l) => ({ value: l, label: t(`appointments.location.${l}`) }))}
        />
        {addressUi.shown && (
          <TextInput
            label={t('appointments.fields.address')}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
            error={errors.address}
            required={addressUi.required}
          />
        )}
        <Textarea
          label={t('appointments.fields.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          required
          autosize
          minRows={2}
        />
        <Textarea
          label={t('appointments.fields.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Checkbox
          label={t('appointments.create.paid')}
          checked={paid}
          onChange={(e) => setPaid(e.currentTarget.checked)}
        />
        {create.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, create.error)}
          </Alert>
        )}
        {create.error && errors.slotId && (
          <Alert color="red" role="alert">
            {errorText(t, create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('appointments.create.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('appointments.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
