import { Badge, Button, SimpleGrid } from '@mantine/core';
import type { TFunction } from 'i18next';
import { appointmentsApi } from '@carewatch/api-client/appointments';
import { schedulesApi } from '@carewatch/api-client/schedules';
import type { TAppointmentStatus } from '@carewatch/contracts/appointments';
import type { TSlot } from '@carewatch/contracts/schedules';
import { formatTime } from '@carewatch/i18n/datetime';
import { api } from '../../app/api.ts';
import { APPOINTMENT_STATUS_COLOR } from './appointments-rules.ts';

export const appointments = appointmentsApi(api.request);
export const schedules = schedulesApi(api.request);

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (q: object) => ['appointments', 'list', q] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  slots: (doctorId: string, day: string) => ['appointments', 'slots', doctorId, day] as const,
  doctors: ['appointments', 'doctors'] as const,
};

export function AppointmentStatusBadge({ t, status }: { t: TFunction; status: TAppointmentStatus }) {
  return (
    <Badge color={APPOINTMENT_STATUS_COLOR[status]} variant="light" tt="none">
      {t(`appointments.status.${status}`)}
    </Badge>
  );
}
export function OverdueBadge({ t }: { t: TFunction }) {
  return (
    <Badge color="red" variant="outline" tt="none">
      {t('appointments.overdue')}
    </Badge>
  );
}

/** A doctor's slots of one day as radio buttons (booked ones disabled), for booking and for moving an appointment. */
export function SlotPicker({
  t,
  slots,
  value,
  onChange,
  tz,
}: {
  t: TFunction;
  slots: TSlot[];
  value: string | null;
  onChange: (id: string) => void;
  tz: string | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} role="radiogroup" aria-label={t('appointments.create.slots')}>
      {slots.map((s) => (
        <Button
          key={s.id}
          size="xs"
          role="radio"
          aria-checked={value === s.id}
          disabled={s.booked}
          variant={value === s.id ? 'filled' : 'default'}
          onClick={() => onChange(s.id)}
          title={s.booked ? t('appointments.create.booked') : undefined}
        >
          {formatTime(s.start, tz, { seconds: false })}
        </Button>
      ))}
    </SimpleGrid>
  );
}
