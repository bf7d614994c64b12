import { Button, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { MAX_EVENT_REMINDERS, type TAppEvents } from '@carewatch/contracts/app-events';
import { ListSection, SubjectScreen } from '../../app/screen-parts.tsx';
import { AppointmentPage } from './appointment-page.tsx';
import { AppointmentCard, ReminderCard } from './event-cards.tsx';
import { useEvents } from './events-api.ts';
import { AddReminderPage, EditReminderPage } from './reminder-form.tsx';

/** My Events: event reminders and appointments (upcoming and other), event details. */
export function EventsPage() {
  return (
    <Routes>
      <Route index element={<EventsHome />} />
      <Route path="new" element={<AddReminderPage />} />
      <Route path="reminders/:id" element={<EditReminderPage />} />
      <Route path="appointments/:id" element={<AppointmentPage />} />
      <Route path="*" element={<Navigate to="/events" replace />} />
    </Routes>
  );
}

const TABS = ['reminders', 'medical'] as const;
type Tab = (typeof TABS)[number];

function EventsHome() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'reminders';
  const { query, subject } = useEvents();
  return (
    <SubjectScreen query={query} subject={subject} i18nPrefix="events">
      {(data) => (
        <EventTabs
          data={data}
          tab={tab}
          own={!subject}
          onTab={(v) => setParams(v === 'reminders' ? {} : { tab: v }, { replace: true })}
        />
      )}
    </SubjectScreen>
  );
}

function EventTabs({ data, tab, own, onTab }: { data: TAppEvents; tab: Tab; own: boolean; onTab: (v: Tab) => void }) {
  const { t } = useTranslation();
  const count = data.reminders.upcoming.length + data.reminders.other.length;
  return (
    <Tabs value={tab} onChange={(v) => onTab(v === 'medical' ? 'medical' : 'reminders')} keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="reminders">{t('events.tabs.reminders')}</Tabs.Tab>
        <Tabs.Tab value="medical">{t('events.tabs.medical')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="reminders" pt="sm">
        <Stack gap="md">
          {own && (
            <Stack gap={4}>
              <Button component={Link} to="/events/new" size="md">
                {t('events.add')}
              </Button>
              {count >= MAX_EVENT_REMINDERS ? (
                <Text size="sm" c="orange.9" ta="center">
                  {t('events.errors.MAX_EVENTS')}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" ta="center">
                  {t('events.count', { count, max: MAX_EVENT_REMINDERS })}
                </Text>
              )}
            </Stack>
          )}
          <ListSection
            id="events-reminders-upcoming"
            title={t('events.sections.upcoming')}
            empty={t('events.empty.remindersUpcoming')}
            n={data.reminders.upcoming.length}
          >
            {data.reminders.upcoming.map((e) => (
              <ReminderCard key={e.id} event={e} editable={own} />
            ))}
          </ListSection>
          <ListSection
            id="events-reminders-other"
            title={t('events.sections.other')}
            empty={t('events.empty.remindersOther')}
            n={data.reminders.other.length}
          >
            {data.reminders.other.map((e) => (
              <ReminderCard key={e.id} event={e} editable={own} />
            ))}
          </ListSection>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="medical" pt="sm">
        <Stack gap="md">
          <ListSection
            id="events-medical-upcoming"
            title={t('events.sections.upcoming')}
            empty={t('events.empty.medicalUpcoming')}
            n={data.appointments.upcoming.length}
          >
            {data.appointments.upcoming.map((a) => (
              <AppointmentCard key={a.id} appointment={a} />
            ))}
          </ListSection>
          <ListSection
            id="events-medical-history"
            title={t('events.sections.history')}
            empty={t('events.empty.medicalHistory')}
            n={data.appointments.history.length}
          >
            {data.appointments.history.map((a) => (
              <AppointmentCard key={a.id} appointment={a} />
            ))}
          </ListSection>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
