import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '@carewatch/web/errors';
import { useProfile } from '../../app/queries.ts';
import { sportQueue } from './sport-api.ts';
import { setActiveRecorder, type SportRecorder } from './sport-recorder.ts';
import {
  clockText,
  countText,
  distanceMeasure,
  elevationMeasure,
  measureText,
  paceMeasure,
  sessionInput,
  speedMeasure,
  strideMeasure,
  tooShort,
  type UnitSystem,
} from './sport-rules.ts';

/** The values of §3 a live session and a stored one both have. */
export type SessionValues = Record<
  'steps' | 'distanceM' | 'strideCm' | 'calories' | 'paceSecPerKm' | 'avgSpeedKmh' | 'elevationGainM',
  number | null
>;

type Dialog = { kind: 'short'; reason: 'time' | 'distance' } | { kind: 'finish' } | null;

/** The values of a session as label → text, in the user's units ("—" when the source does not measure it). */
export function metricRows(
  t: (k: string, o?: Record<string, unknown>) => string,
  s: SessionValues,
  units: UnitSystem,
  lang: string,
): Array<[string, string]> {
  const dash = '—';
  return [
    ['steps', s.steps === null ? dash : `${countText(s.steps, lang)} ${t('sport.units.steps')}`],
    ['distance', s.distanceM === null ? dash : measureText(distanceMeasure(s.distanceM, units, lang))],
    ['stride', s.strideCm === null ? dash : measureText(strideMeasure(s.strideCm, units, lang))],
    ['calories', s.calories === null ? dash : `${countText(s.calories, lang)} ${t('sport.units.kcal')}`],
    ['tempo', s.paceSecPerKm === null ? dash : measureText(paceMeasure(s.paceSecPerKm, units))],
    ['speed', s.avgSpeedKmh === null ? dash : measureText(speedMeasure(s.avgSpeedKmh, units, lang))],
    ['elevation', s.elevationGainM === null ? dash : measureText(elevationMeasure(s.elevationGainM, units, lang))],
  ];
}

/** The running session: live practice time and values, Stop → too short (continue?) or save. */
export function LiveSession({ recorder }: { recorder: SportRecorder }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const units: UnitSystem = profile.data?.unitSystem === 'imperial' ? 'imperial' : 'metric';
  const s = useSyncExternalStore(
    (l) => recorder.subscribe(l),
    () => recorder.snapshot,
    () => recorder.snapshot,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function stop() {
    const rec = recorder.stop();
    const reason = tooShort(rec.mode, rec.durationSec, rec.distanceM);
    setError(null);
    setDialog(reason ? { kind: 'short', reason } : { kind: 'finish' });
  }
  function resume() {
    setDialog(null);
    recorder.resume();
  }
  function discard() {
    setDialog(null);
    setActiveRecorder(null);
  }
  async function save() {
    setSaving(true);
    setError(null);
    try {
      const r = await sportQueue.save(recorder.owner, sessionInput(recorder.recorded()));
      if (r.status === 'refused') {
        setError(errorText(t, r.error));
        return;
      }
      setDialog(null);
      setActiveRecorder(null);
      notifications.show({
        color: r.status === 'saved' ? 'teal' : 'blue',
        message: t(r.status === 'saved' ? 'sport.finish.saved' : 'sport.finish.queued'),
        autoClose: r.status === 'saved' ? 3000 : 8000,
      });
      if (r.status === 'saved') void navigate('/sport/history');
    } finally {
      setSaving(false);
    }
  }

  const rows = metricRows(t, s, units, i18n.language);
  const speedNow = s.speedKmh === null ? '—' : measureText(speedMeasure(s.speedKmh, units, i18n.language));
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="sport-live">
        <Stack gap="xs" align="center">
          <Title order={2} size="h4" id="sport-live">
            {t('sport.session.title', { mode: t(`sport.modes.${s.mode}`) })}
          </Title>
          <Text size="sm" c="dimmed">
            {s.source === 'watch' ? t('sport.session.fromWatch') : t('sport.session.fromPhone')}
          </Text>
          <Text size="sm" c="dimmed" id="sport-time-label">
            {t('sport.session.practiceTime')}
          </Text>
          <Text role="timer" aria-labelledby="sport-time-label" fw={700} fz={44} ff="monospace" lh={1.1}>
            {clockText(s.elapsedSec)}
          </Text>
          {s.heartRate !== null && <Text size="sm">{t('sport.session.heartRate', { bpm: s.heartRate })}</Text>}
        </Stack>
      </Card>
      {s.source === 'phone' && s.location !== 'ok' && (
        <Alert color={s.location === 'denied' ? 'orange' : 'gray'} variant="light" role="status">
          {t(`sport.location.${s.location === 'off' ? 'waiting' : s.location}`)}
        </Alert>
      )}
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('sport.session.values')}
      >
        {rows.map(([key, value]) => (
          <Card key={key} component="li" withBorder padding="xs" aria-label={t(`sport.fields.${key}`)}>
            <Text size="xs" c="dimmed">
              {t(`sport.fields.${key}`)}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Card>
        ))}
        <Card component="li" withBorder padding="xs" aria-label={t('sport.fields.speedNow')}>
          <Text size="xs" c="dimmed">
            {t('sport.fields.speedNow')}
          </Text>
          <Text fw={700} size="lg">
            {speedNow}
          </Text>
        </Card>
      </SimpleGrid>
      <Button color="red" size="lg" onClick={stop} disabled={s.stopped}>
        {t('sport.session.stop')}
      </Button>

      <Modal
        opened={dialog?.kind === 'short'}
        onClose={resume}
        closeOnClickOutside={false}
        title={t('sport.tooShort.title')}
        centered
      >
        <Stack gap="sm">
          <Text>{t('errors.SPORT_SESSION_TOO_SHORT')}</Text>
          {dialog?.kind === 'short' && <Text size="sm">{t(`sport.tooShort.${dialog.reason}`)}</Text>}
          <Text fw={600}>{t('sport.tooShort.question')}</Text>
          <Group grow>
            <Button variant="default" size="md" onClick={discard}>
              {t('sport.discard')}
            </Button>
            <Button size="md" onClick={resume} data-autofocus>
              {t('sport.continue')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={dialog?.kind === 'finish'}
        onClose={resume}
        closeOnClickOutside={false}
        title={t('sport.finish.title')}
        centered
      >
        <Stack gap="sm">
          <Text>
            {t(`sport.modes.${s.mode}`)} · {clockText(s.elapsedSec)}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button size="md" onClick={() => void save()} loading={saving} data-autofocus>
            {t('sport.finish.save')}
          </Button>
          <Group grow>
            <Button variant="default" size="md" onClick={discard} disabled={saving}>
              {t('sport.discard')}
            </Button>
            <Button variant="light" size="md" onClick={resume} disabled={saving}>
              {t('sport.continue')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
