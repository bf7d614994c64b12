import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TEventReminder } from '@carewatch/contracts/app-events';
import type { TAppointment } from '@carewatch/contracts/appointments';
import { dateTimeText } from '../../app/format.ts';
import { ICON_SYMBOLS, STATUS_COLORS } from './event-rules.ts';

/** The icon's symbol with its translated name as the accessible name. */
export function EventIcon({ icon, size = 26 }: { icon: TEventReminder['icon']; size?: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t(`events.icons.${icon}`)} style={{ fontSize: size, lineHeight: 1 }}>
      {ICON_SYMBOLS[icon]}
    </span>
  );
}

/** One event reminder: icon, label, arrival time; opens its edit screen (when mine). */
export function ReminderCard({ event, editable }: { event: TEventReminder; editable: boolean }) {
  const { t } = useTranslation();
  const body = (
    <Group wrap="nowrap" gap="sm" align="center">
      <EventIcon icon={event.icon} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {event.label}
        </Text>
        <Text size="sm" c="dimmed">
          {t('events.reminder.arrival', { time: dateTimeText(event.arrivalTime) })}
        </Text>
      </Stack>
    </Group>
  );
  return (
    <li aria-label={event.label}>
      {editable ? (
        <Card component={Link} to={`/events/reminders/${event.id}`} withBorder padding="sm">
          {body}
        </Card>
      ) : (
        <Card withBorder padding="sm">
          {body}
        </Card>
      )}
    </li>
  );
}

/** One appointment: date and time, doctor, location, status; opens Event details. */
export function AppointmentCard({ appointment: a }: { appointment: TAppointment }) {
  const { t } = useTranslation();
  return (
    <li aria-label={`${dateTimeText(a.start)} ${a.doctorName}`}>
      <Card component={Link} to={`/events/appointments/${a.id}`} withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{dateTimeText(a.start)}</Text>
            <Text size="sm">{a.doctorName}</Text>
            <Text size="sm" c="dimmed">
              {t(`events.locations.${a.location}`)}
            </Text>
          </Stack>
          <Badge color={STATUS_COLORS[a.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`events.statuses.${a.status}`)}
          </Badge>
        </Group>
      </Card>
    </li>
  );
}
