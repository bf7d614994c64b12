import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { MAX_EVENT_REMINDERS, type TAppEvents } from '@carewatch/contracts/app-events';
import { dateTimeText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';
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
const notPatient = (e: unknown) => isApiError(e) && (e.code === 'NOT_A_PATIENT' || e.code === 'PATIENT_NOT_FOUND');

function EventsHome() {
  const { t } = useTranslation();
  const network = useNetwork();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'reminders';
  const { query, subject } = useEvents();
  const data = query.data;
  // Offline (or the server unreachable), the events this phone last loaded stay, marked with their age.
  const stale = data !== undefined && (!network.online || query.isError);

  let body: ReactNode;
  if (data === undefined && query.isError && notPatient(query.error) && !subject)
    body = <Text c="dimmed">{t('events.notPatient')}</Text>;
  else if (data === undefined && query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (data === undefined && query.fetchStatus === 'paused')
    body = <Text c="dimmed">{t('events.offlineNone')}</Text>;
  else if (data === undefined) body = <CardsSkeleton rows={3} />;
  else
    body = (
      <EventTabs
        data={data}
        tab={tab}
        own={!subject}
        onTab={(v) => setParams(v === 'reminders' ? {} : { tab: v }, { replace: true })}
      />
    );

  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('events.title')}
      </Title>
      {subject ? (
        <Alert color="grape" variant="light" role="status" p="xs">
          {t('events.readOnly', { name: subject.name })}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('events.intro')}
        </Text>
      )}
      {stale && (
        <Text role="status" size="sm" c="orange.9">
          {t('events.offline', { time: dateTimeText(new Date(query.dataUpdatedAt)) })}
        </Text>
      )}
      {body}
    </Stack>
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
          <Section
            id="events-reminders-upcoming"
            title={t('events.sections.upcoming')}
            empty={t('events.empty.remindersUpcoming')}
            n={data.reminders.upcoming.length}
          >
            {data.reminders.upcoming.map((e) => (
              <ReminderCard key={e.id} event={e} editable={own} />
            ))}
          </Section>
          <Section
            id="events-reminders-other"
            title={t('events.sections.other')}
            empty={t('events.empty.remindersOther')}
            n={data.reminders.other.length}
          >
            {data.reminders.other.map((e) => (
              <ReminderCard key={e.id} event={e} editable={own} />
            ))}
          </Section>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="medical" pt="sm">
        <Stack gap="md">
          <Section
            id="events-medical-upcoming"
            title={t('events.sections.upcoming')}
            empty={t('events.empty.medicalUpcoming')}
            n={data.appointments.upcoming.length}
          >
            {data.appointments.upcoming.map((a) => (
              <AppointmentCard key={a.id} appointment={a} />
            ))}
          </Section>
          <Section
            id="events-medical-history"
            title={t('events.sections.history')}
            empty={t('events.empty.medicalHistory')}
            n={data.appointments.history.length}
          >
            {data.appointments.history.map((a) => (
              <AppointmentCard key={a.id} appointment={a} />
            ))}
          </Section>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

function Section({
  id,
  title,
  empty,
  n,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  n: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {n === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children}
        </Stack>
      )}
    </section>
  );
}
