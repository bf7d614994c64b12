import { maskTimeInput } from '@carewatch/i18n/datetime';
import { DayInput } from '@carewatch/web/day-input';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appVitalsApi } from '@carewatch/api-client/app-vitals';
import { displayUnit, type UnitPrefs } from '@carewatch/clinical/units';
import type { TReading } from '@carewatch/contracts/vitals';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { useProfile } from '../../app/queries.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { saveReadings } from '../sync/sync.ts';
import {
  buildEntry,
  emptyValues,
  ENTRY_METRICS,
  parseVisible,
  rejectionToField,
  thresholdWarnings,
  VISIBLE_KEY,
  type EntryErrors,
  type EntryField,
  type EntryMessage,
  type EntryMetric,
  type EntryValues,
  type ThresholdWarning,
} from './entry-rules.ts';

const entryApi = appVitalsApi(api.request);
// The photo reader (and its OCR code) loads only when the patient opens it.
const OcrSheet = lazy(async () => ({ default: (await import('./ocr-sheet.tsx')).OcrSheet }));
const UNIT_SYMBOLS: Record<string, string> = { C: '°C', F: '°F', bpm: 'BPM' };

const msg = (t: TFunction, m: EntryMessage | undefined) => (m ? t(`entry.${m.key}`, m.params ?? {}) : undefined);

function loadVisible(): EntryMetric[] {
  try {
    return parseVisible(localStorage.getItem(VISIBLE_KEY));
  } catch {
    return [...ENTRY_METRICS];
  }
}

/**
 * Manual entry: the patient types readings; checked with the server's rules, warned over a threshold, then queued in
 * the offline outbox and sent to ingest (offline they wait on the phone and go when the connection returns).
 */
export function EntryPage() {
  const profile = useProfile();
  const { t } = useTranslation();
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <CardsSkeleton rows={3} />;
  return <EntryForm owner={profile.data.id} prefs={profile.data} t={t} />;
}

function EntryForm({ owner, prefs, t }: { owner: string; prefs: UnitPrefs; t: TFunction }) {
  const navigate = useNavigate();
  const [savedOffline, setSavedOffline] = useState(false);
  const [visible, setVisible] = useState<EntryMetric[]>(loadVisible);
  const [values, setValues] = useState<EntryValues>(() => emptyValues(new Date()));
  // The time the form showed: left unchanged, the reading takes the moment it is saved (entry-rules.ts).
  const [shownTime, setShownTime] = useState(() => values.measuredAt);
  const [ocrOpen, setOcrOpen] = useState(false);
  // Which reader filled the form (seven-segment or text recognition): shown on the notice as a data attribute only.
  const [ocrFilled, setOcrFilled] = useState<'segments' | 'text' | null>(null);
  const resetForm = () => {
    const v = emptyValues(new Date());
    setValues(v);
    setShownTime(v.measuredAt);
    setOcrFilled(null);
  };
  const [errors, setErrors] = useState<EntryErrors>({});
  const [pending, setPending] = useState<{
    readings: TReading[];
    metrics: EntryMetric[];
    warnings: ThresholdWarning[];
  } | null>(null);
  const thresholds = useQuery({
    queryKey: ['me', 'thresholds'],
    queryFn: () => entryApi.myThresholds(),
    staleTime: 5 * 60_000,
  });

  const save = useMutation({
    mutationFn: (p: { readings: TReading[]; metrics: EntryMetric[] }) => saveReadings(owner, p.readings),
    // Offline is handled by the outbox (the readings are kept on the phone): the mutation must not pause until online.
    networkMode: 'always',
    onMutate: () => setSavedOffline(false),
    onSuccess: (outcome, p) => {
      if (!outcome.sent) {
        // Safe in the outbox: not an error. The form is cleared for the next reading.
        setSavedOffline(true);
        resetForm();
        return;
      }
      const next: EntryErrors = {};
      outcome.ids.forEach((id, index) => {
        const r = outcome.result.results.get(id);
        const metric = p.metrics[index];
        if (r?.status !== 'rejected' || !metric) return;
        const [field, m] = rejectionToField(metric, r, prefs);
        next[field] ??= m;
      });
      // Home is refreshed by the outbox once readings were stored, even when some were refused.
      if (Object.keys(next).length > 0) setErrors(next);
      else void navigate('/');
    },
  });

  const setField = (field: EntryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!(field in e) && !('_' in e)) return e;
      const next = { ...e };
      delete next[field];
      delete next._;
      return next;
    });
  };

  const choose = (list: string[]) => {
    const next = ENTRY_METRICS.filter((m) => list.includes(m));
    setVisible(next);
    try {
      localStorage.setItem(VISIBLE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or full storage: the choice then lasts for this visit only.
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const built = buildEntry(values, visible, prefs, new Date(), { shownTime });
    setErrors(built.errors);
    if (Object.keys(built.errors).length > 0) return;
    const warnings = thresholds.data ? thresholdWarnings(built.readings, thresholds.data.items, prefs) : [];
    if (warnings.length > 0) setPending({ readings: built.readings, metrics: built.metrics, warnings });
    else save.mutate(built);
  };

  const unitOf = (metric: EntryMetric) => {
    const u = displayUnit(metric, prefs);
    return UNIT_SYMBOLS[u] ?? u;
  };
  const field = (f: EntryField) => ({
    value: values[f],
    onChange: (ev: ChangeEvent<HTMLInputElement>) => setField(f, ev.currentTarget.value),
    error: msg(t, errors[f]),
  });
  const numeric = (metric: EntryMetric, f: EntryField) => (
    <TextInput
      key={f}
      label={t('entry.unitLabel', { name: t(`metrics.${metric}`), unit: unitOf(metric) })}
      inputMode={f === 'heart_rate' || f === 'spo2' ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...field(f)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('entry.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('entry.intro')}
        </Text>
        <Button variant="light" size="md" onClick={() => setOcrOpen(true)}>
          {t('ocr.open')}
        </Button>
        {ocrOpen && (
          <Suspense fallback={null}>
            <OcrSheet
              opened
              prefs={prefs}
              onClose={() => setOcrOpen(false)}
              onFill={(fill) => {
                // Shown in the form, not saved: the patient checks the values and presses Save.
                setValues((v) => ({ ...v, ...fill.values }));
                setVisible((v) => ENTRY_METRICS.filter((m) => v.includes(m) || fill.metrics.includes(m)));
                setErrors({});
                setOcrOpen(false);
                setOcrFilled(fill.source);
              }}
            />
          </Suspense>
        )}
        {ocrFilled && (
          <Alert color="blue" role="status" data-ocr-source={ocrFilled}>
            {t('ocr.filled')}
          </Alert>
        )}
        <Checkbox.Group label={t('entry.show')} description={t('entry.showHint')} value={visible} onChange={choose}>
          <Group gap="sm" mt="xs">
            {ENTRY_METRICS.map((m) => (
              <Checkbox key={m} value={m} label={t(`metrics.${m}`)} />
            ))}
          </Group>
        </Checkbox.Group>

        {ENTRY_METRICS.filter((m) => visible.includes(m)).map((m) =>
          m === 'blood_pressure' ? (
            <Group key={m} grow align="flex-start" role="group" aria-label={t('metrics.blood_pressure')}>
              <TextInput label={t('entry.systolic')} inputMode="numeric" autoComplete="off" {...field('systolic')} />
              <TextInput label={t('entry.diastolic')} inputMode="numeric" autoComplete="off" {...field('diastolic')} />
            </Group>
          ) : (
            numeric(m, m)
          ),
        )}

        <Group grow align="flex-start" role="group" aria-label={t('entry.measuredAt')}>
          <DayInput
            label={t('entry.date')}
            value={values.measuredAt.split('T')[0] ?? ''}
            error={msg(t, errors.measuredAt)}
            onValue={(v) => setField('measuredAt', `${v}T${values.measuredAt.split('T')[1] ?? ''}`)}
          />
          <TextInput
            label={t('entry.time')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            placeholder="HH:mm:ss"
            value={values.measuredAt.split('T')[1] ?? ''}
            onChange={(e) =>
              setField('measuredAt', `${values.measuredAt.split('T')[0] ?? ''}T${maskTimeInput(e.currentTarget.value)}`)
            }
          />
        </Group>

        {errors._ && (
          <Alert color="red" role="alert">
            {msg(t, errors._)}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        {savedOffline && (
          <Alert color="blue" role="status">
            {t('devices.sync.savedOffline')}
          </Alert>
        )}

        <Group grow>
          <Button variant="default" onClick={() => void navigate('/')}>
            {t('entry.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('entry.save')}
          </Button>
        </Group>

        <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('entry.warning.title')} centered>
          <Stack gap="sm">
            <Text size="sm">{t('entry.warning.intro')}</Text>
            <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
              {pending?.warnings.map((w) => (
                <Text component="li" key={w.metric} size="sm" fw={600}>
                  {t('entry.warning.item', {
                    metric: t(`metrics.${w.metric}`),
                    value: `${w.text} ${UNIT_SYMBOLS[w.unit] ?? w.unit}`,
                    level: t(`levels.${w.level}`),
                  })}
                </Text>
              ))}
            </Stack>
            <Group grow>
              <Button variant="default" onClick={() => setPending(null)}>
                {t('entry.warning.edit')}
              </Button>
              <Button
                color="orange"
                onClick={() => {
                  if (pending) save.mutate(pending);
                  setPending(null);
                }}
              >
                {t('entry.warning.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    </form>
  );
}
