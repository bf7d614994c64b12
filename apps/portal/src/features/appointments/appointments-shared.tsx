import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { appointmentsApi } from '@carewatch/api-client/appointments';
import { schedulesApi } from '@carewatch/api-client/schedules';
import type { TAppointmentStatus } from '@carewatch/contracts/appointments';
import { api } from '../../app/api.ts';

export const appointments = appointmentsApi(api.request);
export const schedules = schedulesApi(api.request);

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (q: object) => ['appointments', 'list', q] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  slots: (doctorId: string, day: string) => ['appointments', 'slots', doctorId, day] as const,
  doctors: ['appointments', 'doctors'] as const,
};

const COLOR: Record<TAppointmentStatus, string> = {
  UPCOMING: 'blue', WAITING_FOR_DOCTOR: 'orange', PROCESSING: 'grape', PENDING: 'yellow', COMPLETED: 'green', CANCELED: 'gray',
};
export function AppointmentStatusBadge({ t, status }: { t: TFunction; status: TAppointmentStatus }) {
  return <Badge color={COLOR[status]} variant="light" tt="none">{t(`appointments.status.${status}`)}</Badge>;
}
export function OverdueBadge({ t }: { t: TFunction }) {
  return <Badge color="red" variant="outline" tt="none">{t('appointments.overdue')}</Badge>;
}
