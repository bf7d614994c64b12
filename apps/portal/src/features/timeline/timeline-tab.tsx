import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { timelineApi } from '@carewatch/api-client/timeline';
import type { TPatient } from '@carewatch/contracts/patients';
import { Permission } from '@carewatch/contracts/permissions';
import { TIMELINE_EVENT_TYPES, type TTimelineEvent, type TTimelineEventType } from '@carewatch/contracts/timeline';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { ErrorState } from '@carewatch/web/states';
import { AlertTrail } from '../alerts/alert-trail.tsx';
import { LevelBadge } from '../alerts/alerts-shared.tsx';
import { PatientStatusBadge } from '../patients/patients-shared.tsx';
import {
  DEFAULT_PERIOD,
  TIMELINE_PERIODS,
  noteProblem,
  periodOf,
  periodRange,
  typesParam,
  type TimelinePeriod,
} from './timeline-rules.ts';

export const timeline = timelineApi(api.request);
export const timelineKeys = {
  all: (patientId: string) => ['timeline', patientId] as const,
  list: (patientId: string, q: { from: string; to: string; types: string | undefined }) =>
    ['timeline', patientId, 'list', q] as const,
};
const PAGE = 100;

const num = (v: number | null) => (v === null ? '—' : String(Math.round(v * 100) / 100));

function EventBody({ e, t, tz }: { e: TTimelineEvent; t: TFunction; tz: string | undefined }) {
  const [trail, setTrail] = useState(false);
  switch (e.type) {
    case 'reading':
      return (
        <Group gap="xs">
          <Text fw={600}>{t('patientTimeline.readingTitle')}</Text>
          <LevelBadge t={t} level={e.level} />
          <Text size="sm">
            {t('patientTimeline.reading', {
              metric: t(`vitals.metrics.${e.metric}`),
              value: e.value2 === null ? num(e.value) : `${num(e.value)}/${num(e.value2)}`,
              unit: e.unit,
            })}
          </Text>
        </Group>
      );
    case 'alert': {
      const a = e.alert;
      return (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>
              {a.index
                ? t('patientTimeline.alertTitle', { index: t(`alerts.index.${a.index}`) })
                : a.metric
                  ? t('patientTimeline.alertTitle', { index: t(`vitals.metrics.${a.metric}`) })
                  : t('patientTimeline.alertSos')}
            </Text>
            <LevelBadge t={t} level={a.level} />
            <Badge variant="light" color="gray" tt="none">
              {t(`alerts.status.${a.status}`)}
            </Badge>
            {a.value !== null && <Text size="sm">{t('patientTimeline.alertValue', { value: num(a.value) })}</Text>}
          </Group>
          {a.acknowledgedAt && (
            <Text size="sm" c="dimmed">
              {t('patientTimeline.acknowledged', { when: formatDateTime(a.acknowledgedAt, tz) })}
            </Text>
          )}
          <Group>
            <Button size="compact-xs" variant="subtle" aria-expanded={trail} onClick={() => setTrail((v) => !v)}>
              {t(trail ? 'patientTimeline.hideTrail' : 'patientTimeline.showTrail')}
            </Button>
          </Group>
          <Collapse in={trail}>{trail && <AlertTrail trail={a.trail} />}</Collapse>
        </Stack>
      );
    }
    case 'sos': {
      const c = e.sosCase;
      const closed = c.closedAt
        ? c.closedBy
          ? t('patientTimeline.sosClosedBy', { when: formatDateTime(c.closedAt, tz), name: c.closedBy })
          : t('patientTimeline.sosClosed', { when: formatDateTime(c.closedAt, tz) })
        : t('patientTimeline.sosOpen');
      return (
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{t('patientTimeline.sosTitle')}</Text>
            <Text size="sm">{t(`patientTimeline.sosReason.${c.reason}`)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {closed}
            {c.closeNote ? ` — ${c.closeNote}` : ''}
          </Text>
        </Stack>
      );
    }
    case 'status':
      return (
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{t('patientTimeline.statusTitle')}</Text>
            <PatientStatusBadge t={t} status={e.fromStatus} />
            <Text size="sm" aria-hidden>
              →
            </Text>
            <PatientStatusBadge t={t} status={e.toStatus} />
          </Group>
          <Text size="sm" c="dimmed">
            {e.changedBy ? t('patientTimeline.changedBy', { name: e.changedBy }) : t('patientTimeline.system')}
            {e.reason ? ` — ${e.reason}` : ''}
          </Text>
        </Stack>
      );
    case 'note':
      return (
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{t('patientTimeline.noteTitle')}</Text>
            <Text size="sm" c="dimmed">
              {e.note.authorName
                ? t('patientTimeline.noteBy', { name: e.note.authorName })
                : t('patientTimeline.unknownAuthor')}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {e.note.text}
          </Text>
        </Stack>
      );
    case 'device':
      return (
        <Stack gap={2}>
          <Text fw={600}>{t(`patientTimeline.deviceTitle.${e.action}`)}</Text>
          <Text size="sm">{[e.model, e.name, e.serial].filter(Boolean).join(' · ')}</Text>
          {e.by && (
            <Text size="sm" c="dimmed">
              {t('patientTimeline.deviceBy', { name: e.by })}
            </Text>
          )}
        </Stack>
      );
  }
}

function NoteComposer({ patient, onSaved }: { patient: TPatient; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<'required' | 'tooLong' | null>(null);
  const save = useMutation({
    mutationFn: (body: { text: string }) => timeline.createNote(patient.id, body),
    onSuccess: async () => {
      setText('');
      onSaved();
      await queryClient.invalidateQueries({ queryKey: timelineKeys.all(patient.id) });
      notifySuccess(t('patientTimeline.composer.saved'));
    },
    meta: { inlineError: true },
  });
  const submit = () => {
    const p = noteProblem(text);
    setProblem(p);
    if (!p) save.mutate({ text: text.trim() });
  };
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('patientTimeline.composer.label')}>
      <Stack gap="xs">
        <Textarea
          label={t('patientTimeline.composer.label')}
          placeholder={t('patientTimeline.composer.placeholder')}
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem ? t(`patientTimeline.composer.${problem}`) : undefined}
          description={t('patientTimeline.composer.count', { n: text.trim().length })}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t('patientTimeline.composer.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The patient's timeline: type filters, a period, the note composer, the events newest first (issue 20). */
export function PatientTimelineTab({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const [types, setTypes] = useState<string[]>([...TIMELINE_EVENT_TYPES]);
  // The period's instants are fixed when it is chosen (and after a note is added, so the note is in it).
  const [current, setCurrent] = useState(() => ({
    period: DEFAULT_PERIOD as TimelinePeriod,
    ...periodRange(DEFAULT_PERIOD, new Date()),
  }));
  const choose = (period: TimelinePeriod) => setCurrent({ period, ...periodRange(period, new Date()) });
  const typesQ = typesParam(types);
  const q = useInfiniteQuery({
    queryKey: timelineKeys.list(patient.id, { from: current.from, to: current.to, types: typesQ }),
    queryFn: ({ pageParam }) =>
      timeline.timeline(patient.id, {
        from: current.from,
        to: current.to,
        ...(typesQ !== undefined ? { types: typesQ } : {}),
        limit: PAGE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: types.length > 0,
    meta: { inlineError: true },
  });
  const events = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      {has(Permission.HealthRecordManage) && <NoteComposer patient={patient} onSaved={() => choose(current.period)} />}
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Box role="group" aria-label={t('patientTimeline.filters')}>
          <Text size="sm" fw={500} mb={4} aria-hidden>
            {t('patientTimeline.filters')}
          </Text>
          <Chip.Group multiple value={types} onChange={setTypes}>
            <Group gap="xs">
              {TIMELINE_EVENT_TYPES.map((type: TTimelineEventType) => (
                <Chip key={type} value={type} size="sm">
                  {t(`patientTimeline.types.${type}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Box>
        <NativeSelect
          label={t('patientTimeline.period')}
          value={String(current.period)}
          w={200}
          onChange={(e) => choose(periodOf(e.currentTarget.value))}
          data={TIMELINE_PERIODS.map((d) => ({ value: String(d), label: t(`patientTimeline.periods.d${d}`) }))}
        />
      </Group>
      {types.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('patientTimeline.noTypes')}
        </Text>
      ) : q.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Stack>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : events.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('patientTimeline.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack
            component="ol"
            gap="xs"
            aria-label={t('patientTimeline.list')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {events.map((e) => (
              <Paper component="li" key={`${e.type}:${e.id}`} withBorder p="sm" data-type={e.type}>
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <Stack gap={2} miw={150}>
                    <Text size="xs" c="dimmed">
                      {t(`patientTimeline.types.${e.type}`)}
                    </Text>
                    <Text size="sm" component="time" dateTime={e.at}>
                      {formatDateTime(e.at, tz)}
                    </Text>
                  </Stack>
                  <Box style={{ flex: 1, minWidth: 0 }}>
                    <EventBody e={e} t={t} tz={tz} />
                  </Box>
                </Group>
              </Paper>
            ))}
          </Stack>
          {q.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                {t('patientTimeline.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
