import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type {
  DateSelectArg,
  DateSpanApi,
  DatesSetArg,
  DayHeaderContentArg,
  EventClickArg,
  EventContentArg,
  EventInput,
  SlotLabelContentArg,
} from '@fullcalendar/core';
import { Permission } from '@carewatch/contracts/permissions';
import { SCHEDULE_STATUSES, type TDoctorSchedule, type TScheduleStatus } from '@carewatch/contracts/schedules';
import { addToDay, formatCalendarDay, formatTime, zonedDay, zonedMidnight } from '@carewatch/i18n/datetime';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { useHasPermission, usePermissions, useProfile } from '../../app/queries.ts';
import { STATUS_COLOR, calendarZone, scheduleKeys, schedules, toWall } from './schedules-shared.tsx';
import { CreateScheduleModal, ScheduleDetailModal, type Prefill } from './schedule-modals.tsx';
import {
  actingDoctor as actingDoctorOf,
  calendarQuery,
  centersOf,
  isDay,
  newRequestDay,
  selectionPrefill,
  specialtiesOf,
  visibleHours,
} from './schedules-rules.ts';

type View = 'timeGridWeek' | 'dayGridMonth';
const isStatus = (v: string): v is TScheduleStatus => (SCHEDULE_STATUSES as readonly string[]).includes(v);
const hhmm = (d: Date) => d.toISOString().slice(11, 16);
const PLUGINS = [timeGridPlugin, dayGridPlugin, interactionPlugin];

function ScheduleCalendar({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  useProfile(); // re-rendered when the profile (and so its time zone) changes
  const tz = calendarZone();
  const perms = usePermissions();
  const has = useHasPermission();
  const isDoctor = perms?.level.roleCode === 'doctor';
  const canRequest = mine && has(Permission.AppointmentScheduleRequest);
  const calendar = useRef<FullCalendar>(null);
  // The shown day and view live in the address: a reload (or a remount) keeps the calendar where it was.
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => ({
    date: isDay(params.get('date')) ? params.get('date')! : undefined,
    view: params.get('view') === 'month' ? ('dayGridMonth' as const) : ('timeGridWeek' as const),
  }));
  const [view, setView] = useState<View>(initial.view);
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  }, [setParams]);
  const [range, setRange] = useState<{ from: string; to: string; firstDay: string; lastDay: string } | null>(null);
  const [doctorId, setDoctorId] = useState('');
  const [centerId, setCenterId] = useState('');
  const [specialty, setSpecialty] = useState('');
  const [status, setStatus] = useState<TScheduleStatus | ''>('');
  const [goTo, setGoTo] = useState('');
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const doctors = useQuery({
    queryKey: scheduleKeys.doctors,
    queryFn: () => schedules.doctors(),
    enabled: !(mine && isDoctor),
    meta: { inlineError: true },
  });
  // On "my calendar" an assistant works for a doctor they follow: the first one until they pick another.
  const actingDoctor = actingDoctorOf(mine, isDoctor, doctorId, doctors.data?.items);
  const query = calendarQuery({ range, mine, isDoctor, actingDoctor, centerId, specialty, status });
  const list = useQuery({
    queryKey: scheduleKeys.list(query ?? {}),
    queryFn: () => schedules.list({ from: query!.from!, to: query!.to!, ...query }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });

  const centers = useMemo(() => centersOf(doctors.data?.items ?? []), [doctors.data]);
  const specialties = useMemo(() => specialtiesOf(doctors.data?.items ?? []), [doctors.data]);

  const items = list.data?.items;
  const events = useMemo<EventInput[]>(
    () =>
      (items ?? []).map((s) => {
        // The theme's filled shade of the status colour: white text reads on it (WCAG AA).
        const colour = `var(--mantine-color-${STATUS_COLOR[s.status]}-filled)`;
        return {
          id: s.id,
          start: toWall(s.start, tz),
          end: toWall(s.end, tz),
          backgroundColor: colour,
          borderColor: colour,
          textColor: '#fff',
          title: `${mine ? '' : `${s.doctorName} · `}${t('schedules.calendar.eventSlots', { booked: s.bookedCount, slots: s.slotCount })}`,
          extendedProps: { schedule: s },
          classNames: [`cw-schedule-${s.status}`],
        };
      }),
    [items, tz, mine, t],
  );
  const hours = useMemo(() => visibleHours(events), [events]);

  // FullCalendar resets on new option identities (a drag in progress would be dropped): stable callbacks only.
  const options = useMemo(() => {
    const nowWall = () => toWall(new Date(), tz);
    return {
      now: nowWall,
      selectAllow: (s: DateSpanApi) =>
        s.start.getTime() >= Date.parse(`${nowWall()}Z`) && s.end.getTime() - s.start.getTime() <= 16 * 3600_000,
      datesSet: (arg: DatesSetArg) => {
        const firstDay = arg.start.toISOString().slice(0, 10);
        const endDay = arg.end.toISOString().slice(0, 10);
        const from = zonedMidnight(firstDay, tz).toISOString();
        const to = zonedMidnight(endDay, tz).toISOString();
        setRange((r) =>
          r && r.from === from && r.to === to ? r : { from, to, firstDay, lastDay: addToDay(endDay, { days: -1 }) },
        );
        const date = arg.view.calendar.getDate().toISOString().slice(0, 10);
        const v = arg.view.type === 'dayGridMonth' ? 'month' : 'week';
        const cur = new URLSearchParams(window.location.search);
        if (cur.get('date') === date && cur.get('view') === v) return;
        setParamsRef.current(
          (p) => {
            const next = new URLSearchParams(p);
            next.set('date', date);
            next.set('view', v);
            return next;
          },
          { replace: true },
        );
      },
      select: (arg: DateSelectArg) => {
        arg.view.calendar.unselect();
        if (!canRequest || arg.allDay) return;
        setPrefill(selectionPrefill(arg.start, arg.end));
      },
      eventClick: (arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        setOpenId(arg.event.id);
      },
      eventContent: (arg: EventContentArg) => {
        const sch = arg.event.extendedProps.schedule as TDoctorSchedule | undefined;
        // The selection's mirror (a range being dragged) is not a schedule: its wall-clock times as they are.
        if (!sch)
          return (
            <Box px={2} style={{ fontSize: 12 }}>
              <b>{`${hhmm(arg.event.start ?? new Date(0))}–${hhmm(arg.event.end ?? new Date(0))}`}</b>
            </Box>
          );
        return (
          <Box px={2} style={{ overflow: 'hidden', fontSize: 12, lineHeight: 1.3 }} data-schedule-id={sch.id}>
            <b>{`${formatTime(sch.start, tz, { seconds: false })}–${formatTime(sch.end, tz, { seconds: false })}`}</b>{' '}
            <span>{arg.event.title}</span>
          </Box>
        );
      },
      slotLabelContent: (a: SlotLabelContentArg) => hhmm(a.date),
      dayHeaderContent: (a: DayHeaderContentArg) => {
        const wd = t(`schedules.calendar.weekday.${a.date.getUTCDay()}`);
        return a.view.type === 'dayGridMonth'
          ? wd
          : `${wd} ${formatCalendarDay(a.date.toISOString().slice(0, 10)).slice(0, 5)}`;
      },
    };
  }, [tz, canRequest, t]);
  const api = () => calendar.current?.getApi();
  const opened = items?.find((s) => s.id === openId) ?? null;
  const todayYmd = zonedDay(new Date(), tz);

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        {mine && !isDoctor && (
          <NativeSelect
            label={t('schedules.calendar.forDoctor')}
            value={actingDoctor}
            onChange={(e) => setDoctorId(e.currentTarget.value)}
            data={(doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.fullName }))}
          />
        )}
        {!mine && (
          <>
            <NativeSelect
              label={t('schedules.fields.doctor')}
              value={doctorId}
              onChange={(e) => setDoctorId(e.currentTarget.value)}
              data={[
                { value: '', label: t('schedules.fields.all') },
                ...(doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.fullName })),
              ]}
            />
            <NativeSelect
              label={t('schedules.fields.center')}
              value={centerId}
              onChange={(e) => setCenterId(e.currentTarget.value)}
              data={[{ value: '', label: t('schedules.fields.all') }, ...centers]}
            />
            <TextInput
              label={t('schedules.fields.specialty')}
              value={specialty}
              onChange={(e) => setSpecialty(e.currentTarget.value)}
              list="cw-specialties"
            />
            <datalist id="cw-specialties">
              {specialties.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </>
        )}
        <NativeSelect
          label={t('schedules.fields.status')}
          value={status}
          onChange={(e) => setStatus(isStatus(e.currentTarget.value) ? e.currentTarget.value : '')}
          data={[
            { value: '', label: t('schedules.fields.all') },
            ...SCHEDULE_STATUSES.map((v) => ({ value: v, label: t(`schedules.status.${v}`) })),
          ]}
        />
        <DayInput
          label={t('schedules.calendar.goTo')}
          value={goTo}
          w={150}
          onValue={(v) => {
            setGoTo(v);
            if (isDay(v)) api()?.gotoDate(v);
          }}
        />
        {canRequest && (
          <Button
            ml="auto"
            onClick={() => setPrefill({ day: newRequestDay(goTo, todayYmd), start: '08:00', end: '12:00' })}
          >
            {t('schedules.calendar.newRequest')}
          </Button>
        )}
      </Group>
      {mine && !isDoctor && doctors.data && doctors.data.items.length === 0 && (
        <Alert color="yellow">{t('schedules.calendar.noDoctors')}</Alert>
      )}
      <Group justify="space-between" role="toolbar" aria-label={t('schedules.calendar.toolbar')}>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => api()?.prev()}>
            {t('schedules.calendar.previous')}
          </Button>
          <Button variant="default" size="xs" onClick={() => api()?.gotoDate(todayYmd)}>
            {t('schedules.calendar.today')}
          </Button>
          <Button variant="default" size="xs" onClick={() => api()?.next()}>
            {t('schedules.calendar.next')}
          </Button>
          {range && (
            <Text fw={600} data-testid="calendar-range">
              {t('schedules.calendar.range', {
                from: formatCalendarDay(range.firstDay),
                to: formatCalendarDay(range.lastDay),
              })}
            </Text>
          )}
          {list.data && (
            <Text size="sm" c="dimmed" role="status">
              {t('schedules.calendar.count', { count: list.data.items.length })}
            </Text>
          )}
        </Group>
        <SegmentedControl
          aria-label={t('schedules.calendar.view')}
          value={view}
          onChange={(v) => {
            const next: View = v === 'dayGridMonth' ? 'dayGridMonth' : 'timeGridWeek';
            setView(next);
            api()?.changeView(next);
          }}
          data={[
            { value: 'timeGridWeek', label: t('schedules.calendar.week') },
            { value: 'dayGridMonth', label: t('schedules.calendar.month') },
          ]}
        />
      </Group>
      <Group gap="xs" aria-label={t('schedules.calendar.legend')} role="group">
        {SCHEDULE_STATUSES.map((s) => (
          <Badge key={s} color={STATUS_COLOR[s]} variant="filled" tt="none" size="sm">
            {t(`schedules.status.${s}`)}
          </Badge>
        ))}
      </Group>
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      <Box
        aria-label={t('schedules.calendar.calendarLabel')}
        role="region"
        aria-busy={list.isFetching}
        data-view={view}
      >
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          initialView={initial.view}
          initialDate={initial.date}
          timeZone="UTC"
          now={options.now}
          headerToolbar={false}
          firstDay={1}
          height="auto"
          slotMinTime={hours.min}
          slotMaxTime={hours.max}
          allDaySlot={false}
          scrollTime="07:00:00"
          nowIndicator
          selectable={canRequest && view === 'timeGridWeek'}
          selectMirror
          selectAllow={options.selectAllow}
          select={options.select}
          eventClick={options.eventClick}
          events={events}
          eventContent={options.eventContent}
          eventDisplay="block"
          datesSet={options.datesSet}
          slotLabelContent={options.slotLabelContent}
          dayHeaderContent={options.dayHeaderContent}
        />
      </Box>
      {prefill && (
        <CreateScheduleModal
          prefill={prefill}
          tz={tz}
          onClose={() => setPrefill(null)}
          doctors={isDoctor ? null : (doctors.data?.items ?? [])}
          defaultDoctor={actingDoctor}
        />
      )}
      {opened && <ScheduleDetailModal schedule={opened} tz={tz} canAct={canRequest} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/** My calendar: a doctor's own schedules (or, for an assistant, a followed doctor's); drag a range to request one. */
export function MyCalendarPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <div>
        <Title order={1}>{t('schedules.calendar.mineTitle')}</Title>
        <Text c="dimmed">{t('schedules.calendar.mineSubtitle')}</Text>
      </div>
      <ScheduleCalendar mine />
    </Stack>
  );
}

/** The work calendar: every doctor of the level, filtered by doctor, center, specialty and status. */
export function WorkCalendarPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <div>
        <Title order={1}>{t('schedules.calendar.workTitle')}</Title>
        <Text c="dimmed">{t('schedules.calendar.workSubtitle')}</Text>
      </div>
      <ScheduleCalendar key="work" mine={false} />
    </Stack>
  );
}
