import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  ColorInput,
  Fieldset,
  FileButton,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DOSE_MAX,
  DOSE_MIN,
  DOSE_UNITS,
  MEDICINE_FORMS,
  MEDICINE_IMAGE_MAX_BYTES,
  MEDICINE_ROUTES,
  MEDICINE_WHEN,
  PRE_ALARM_MINUTES,
  REMINDER_RULE_KINDS,
  REMINDER_SOUNDS,
  SCHEDULE_TYPES,
  SNOOZE_MINUTES,
  TIMES_OF_DAY,
  type TReminderRuleKind,
} from '@carewatch/contracts/prescriptions';
import { DayInput } from '@carewatch/web/day-input';
import { errorText } from '@carewatch/web/errors';
import { MedicineSwatch, prescriptions } from './prescriptions-shared.tsx';
import type { MedicineForm, ReminderForm } from './rx-form-model.ts';

/** The tabs in the spec's order (daily, weekly, monthly, cycle), then the contract's extra rules. */
const RULE_TABS: readonly TReminderRuleKind[] = ['daily', 'weekly', 'monthly', 'cycle', 'once', 'hourly'];
const isRule = (v: string | null): v is TReminderRuleKind =>
  !!v && (REMINDER_RULE_KINDS as readonly string[]).includes(v);
const pick = <T extends string>(list: readonly T[], v: string): T | undefined => list.find((x) => x === v);

interface Props {
  index: number;
  value: MedicineForm;
  onChange: (m: MedicineForm) => void;
  onRemove?: () => void;
  /** Errors keyed by the full path ("medicines.0.reminder.times"). */
  errors: Record<string, string>;
}

/** One medicine of a prescription: every field of the spec, and its reminder unless taken on demand. */
export function MedicineFields({ index, value: m, onChange, onRemove, errors }: Props) {
  const { t } = useTranslation();
  const p = `medicines.${index}`;
  const err = (k: string) => errors[`${p}.${k}`];
  const set = <K extends keyof MedicineForm>(k: K, v: MedicineForm[K]) => onChange({ ...m, [k]: v });
  const setR = <K extends keyof ReminderForm>(k: K, v: ReminderForm[K]) =>
    onChange({ ...m, reminder: { ...m.reminder, [k]: v } });
  const r = m.reminder;
  const [fileError, setFileError] = useState('');
  const upload = useMutation({
    mutationFn: (f: File) => prescriptions.uploadMedicineImage(f, f.name),
    onSuccess: (img) => onChange({ ...m, imageId: img.id }),
    meta: { inlineError: true },
  });
  const choose = (f: File | null) => {
    setFileError('');
    if (!f) return;
    if (!/^image\/(png|jpeg)$/.test(f.type)) return setFileError(t('prescriptions.image.type'));
    if (f.size >= MEDICINE_IMAGE_MAX_BYTES) return setFileError(t('prescriptions.image.tooBig'));
    upload.mutate(f); // the server checks the content
  };
  const title = t('prescriptions.medicine.title', { n: index + 1 });
  const options = <T extends string>(list: readonly T[], ns: string) =>
    list.map((v) => ({ value: v, label: t(`prescriptions.${ns}.${v}`) }));
  const timesError =
    err('reminder.times') ??
    r.times.map((_, j) => err(`reminder.times.${j}.time`) ?? err(`reminder.times.${j}.label`)).find(Boolean);
  return (
    <Fieldset legend={title} aria-label={title}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput
            label={t('prescriptions.medicine.name')}
            required
            value={m.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={err('name')}
          />
          <Group grow align="flex-start" gap="xs">
            <NumberInput
              label={t('prescriptions.medicine.dose')}
              required
              value={m.dose}
              onChange={(v) => set('dose', v)}
              min={DOSE_MIN}
              max={DOSE_MAX}
              decimalScale={3}
              step={0.25}
              error={err('dose')}
              description={t('prescriptions.medicine.doseHint')}
              clampBehavior="none"
            />
            <NativeSelect
              label={t('prescriptions.medicine.doseUnit')}
              value={m.doseUnit}
              error={err('doseUnit')}
              onChange={(e) => {
                const v = pick(DOSE_UNITS, e.currentTarget.value);
                if (v) set('doseUnit', v);
              }}
              data={options(DOSE_UNITS, 'doseUnits')}
            />
          </Group>
          <TextInput
            label={t('prescriptions.medicine.strength')}
            value={m.strength}
            onChange={(e) => set('strength', e.currentTarget.value)}
            error={err('strength')}
          />
          <NativeSelect
            label={t('prescriptions.medicine.route')}
            value={m.route}
            error={err('route')}
            onChange={(e) => {
              const v = pick(MEDICINE_ROUTES, e.currentTarget.value);
              if (v) set('route', v);
            }}
            data={options(MEDICINE_ROUTES, 'routes')}
          />
          <NativeSelect
            label={t('prescriptions.medicine.form')}
            value={m.form}
            error={err('form')}
            onChange={(e) => {
              const v = pick(MEDICINE_FORMS, e.currentTarget.value);
              if (v) set('form', v);
            }}
            data={options(MEDICINE_FORMS, 'forms')}
          />
          <NumberInput
            label={t('prescriptions.medicine.quantity')}
            value={m.quantity}
            onChange={(v) => set('quantity', v)}
            min={0}
            allowDecimal={false}
            error={err('quantity')}
          />
          <NativeSelect
            label={t('prescriptions.medicine.when')}
            value={m.when}
            error={err('when')}
            onChange={(e) => {
              const v = pick(MEDICINE_WHEN, e.currentTarget.value);
              if (v) set('when', v);
            }}
            data={options(MEDICINE_WHEN, 'meal')}
          />
          <TextInput
            label={t('prescriptions.medicine.frequency')}
            value={m.frequency}
            onChange={(e) => set('frequency', e.currentTarget.value)}
            error={err('frequency')}
          />
          <NumberInput
            label={t('prescriptions.medicine.totalDays')}
            value={m.totalDays}
            onChange={(v) => set('totalDays', v)}
            min={1}
            allowDecimal={false}
            error={err('totalDays')}
          />
          <NumberInput
            label={t('prescriptions.medicine.refills')}
            value={m.refills}
            onChange={(v) => set('refills', v)}
            min={0}
            max={100}
            allowDecimal={false}
            error={err('refills')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('prescriptions.medicine.timeOfDay')}
          value={m.timeOfDay}
          error={err('timeOfDay')}
          onChange={(v) =>
            set(
              'timeOfDay',
              TIMES_OF_DAY.filter((x) => v.includes(x)),
            )
          }
        >
          <Group mt={4}>
            {TIMES_OF_DAY.map((x) => (
              <Checkbox key={x} value={x} label={t(`prescriptions.timesOfDay.${x}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea
            label={t('prescriptions.medicine.instruction')}
            value={m.instruction}
            onChange={(e) => set('instruction', e.currentTarget.value)}
            autosize
            minRows={1}
            error={err('instruction')}
          />
          <Textarea
            label={t('prescriptions.medicine.sideEffect')}
            value={m.sideEffect}
            onChange={(e) => set('sideEffect', e.currentTarget.value)}
            autosize
            minRows={1}
            error={err('sideEffect')}
          />
          <Textarea
            label={t('prescriptions.medicine.note')}
            value={m.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            autosize
            minRows={1}
            error={err('note')}
          />
          <Group align="flex-end" gap="sm">
            <ColorInput
              label={t('prescriptions.medicine.color')}
              value={m.color}
              onChange={(v) => set('color', v)}
              format="hex"
              error={err('color')}
              w={180}
            />
            <Text size="sm" c="dimmed" pb={8}>
              {t('prescriptions.image.or')}
            </Text>
            {m.imageId ? (
              <Group gap="xs">
                <MedicineSwatch m={m} alt={t('prescriptions.image.alt', { name: m.name })} size={36} />
                <Button size="xs" variant="subtle" color="red" onClick={() => set('imageId', null)}>
                  {t('prescriptions.image.remove')}
                </Button>
              </Group>
            ) : (
              <FileButton onChange={choose} accept="image/png,image/jpeg">
                {(props) => (
                  <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                    {t('prescriptions.image.upload')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        </SimpleGrid>
        {(fileError || upload.error || err('imageId')) && (
          <Text size="sm" c="red" role="alert">
            {fileError || err('imageId') || errorText(t, upload.error)}
          </Text>
        )}
        <NativeSelect
          label={t('prescriptions.medicine.scheduleType')}
          value={m.scheduleType}
          error={err('scheduleType')}
          w={240}
          onChange={(e) => {
            const v = pick(SCHEDULE_TYPES, e.currentTarget.value);
            if (v) set('scheduleType', v);
          }}
          data={options(SCHEDULE_TYPES, 'scheduleTypes')}
        />
        {err('reminder') && (
          <Text size="sm" c="red" role="alert">
            {err('reminder')}
          </Text>
        )}
        {m.scheduleType === 'ON_DEMAND' ? (
          <Text size="sm" c="dimmed">
            {t('prescriptions.onDemandHint')}
          </Text>
        ) : (
          <Fieldset legend={t('prescriptions.reminder.title')} variant="filled">
            <Stack gap="sm">
              <TextInput
                label={t('prescriptions.reminder.name')}
                value={r.name}
                placeholder={m.name}
                onChange={(e) => setR('name', e.currentTarget.value)}
                error={err('reminder.name')}
                w={320}
              />
              <Tabs
                value={r.kind}
                onChange={(v) => {
                  if (isRule(v)) setR('kind', v);
                }}
              >
                <Tabs.List aria-label={t('prescriptions.reminder.rule')}>
                  {RULE_TABS.map((k) => (
                    <Tabs.Tab key={k} value={k}>
                      {t(`prescriptions.reminder.${k}`)}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </Tabs>
              {r.kind === 'weekly' && (
                <Checkbox.Group
                  label={t('prescriptions.reminder.daysOfWeek')}
                  required
                  value={r.daysOfWeek.map(String)}
                  error={err('reminder.rule.daysOfWeek') ?? err('reminder.rule')}
                  onChange={(v) => setR('daysOfWeek', v.map(Number))}
                >
                  <Group mt={4}>
                    {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                      <Checkbox key={d} value={String(d)} label={t(`prescriptions.weekdays.${d}`)} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
              {r.kind === 'monthly' && (
                <Checkbox.Group
                  label={t('prescriptions.reminder.daysOfMonth')}
                  required
                  value={r.daysOfMonth.map(String)}
                  description={t('prescriptions.reminder.monthEndHint')}
                  error={err('reminder.rule.daysOfMonth') ?? err('reminder.rule')}
                  onChange={(v) => setR('daysOfMonth', v.map(Number))}
                >
                  <SimpleGrid cols={7} mt={4} spacing={4} w={420}>
                    {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                      <Checkbox key={d} size="xs" value={String(d)} label={String(d)} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              )}
              {r.kind === 'cycle' && (
                <Stack gap={4}>
                  <Group align="flex-start">
                    <NumberInput
                      label={t('prescriptions.reminder.onDays')}
                      required
                      value={r.onDays}
                      onChange={(v) => setR('onDays', v)}
                      min={1}
                      max={365}
                      allowDecimal={false}
                      w={160}
                      error={err('reminder.rule.onDays')}
                    />
                    <NumberInput
                      label={t('prescriptions.reminder.offDays')}
                      required
                      value={r.offDays}
                      onChange={(v) => setR('offDays', v)}
                      min={1}
                      max={365}
                      allowDecimal={false}
                      w={160}
                      error={err('reminder.rule.offDays')}
                    />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('prescriptions.reminder.cycleHint', { on: r.onDays, off: r.offDays })}
                  </Text>
                </Stack>
              )}
              {r.kind === 'once' && (
                <DayInput
                  label={t('prescriptions.reminder.date')}
                  required
                  value={r.date}
                  onValue={(v) => setR('date', v)}
                  error={err('reminder.rule.date')}
                  w={200}
                />
              )}
              {r.kind === 'hourly' && (
                <Group align="flex-start">
                  <NumberInput
                    label={t('prescriptions.reminder.everyHours')}
                    required
                    value={r.everyHours}
                    onChange={(v) => setR('everyHours', v)}
                    min={1}
                    max={23}
                    allowDecimal={false}
                    w={140}
                    error={err('reminder.rule.everyHours')}
                  />
                  <TextInput
                    type="time"
                    label={t('prescriptions.reminder.from')}
                    required
                    value={r.from}
                    onChange={(e) => setR('from', e.currentTarget.value)}
                    error={err('reminder.rule.from')}
                    w={140}
                  />
                  <TextInput
                    type="time"
                    label={t('prescriptions.reminder.until')}
                    value={r.until}
                    onChange={(e) => setR('until', e.currentTarget.value)}
                    error={err('reminder.rule.until')}
                    w={140}
                  />
                </Group>
              )}
              {r.kind !== 'hourly' && (
                <div role="group" aria-label={t('prescriptions.reminder.times')}>
                  <Text size="sm" fw={500}>
                    {t('prescriptions.reminder.times')}{' '}
                    <Text span c="red">
                      *
                    </Text>
                  </Text>
                  <Stack gap={6} mt={4}>
                    {r.times.map((row, j) => (
                      <Group
                        key={j}
                        gap="xs"
                        align="flex-start"
                        role="group"
                        aria-label={t('prescriptions.reminder.timeRow', { n: j + 1 })}
                      >
                        <TextInput
                          type="time"
                          aria-label={t('prescriptions.reminder.time')}
                          value={row.time}
                          w={140}
                          error={err(`reminder.times.${j}.time`) ? ' ' : undefined}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setR(
                              'times',
                              r.times.map((x, k) => (k === j ? { ...x, time: v } : x)),
                            );
                          }}
                        />
                        <TextInput
                          aria-label={t('prescriptions.reminder.label')}
                          placeholder={t('prescriptions.reminder.label')}
                          value={row.label}
                          w={200}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setR(
                              'times',
                              r.times.map((x, k) => (k === j ? { ...x, label: v } : x)),
                            );
                          }}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('prescriptions.reminder.removeTime', { n: j + 1 })}
                          onClick={() =>
                            setR(
                              'times',
                              r.times.filter((_, k) => k !== j),
                            )
                          }
                        >
                          ✕
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                  {timesError && (
                    <Text size="sm" c="red" role="alert" mt={4}>
                      {timesError}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    mt="xs"
                    onClick={() => setR('times', [...r.times, { time: '', label: '' }])}
                  >
                    {t('prescriptions.reminder.addTime')}
                  </Button>
                </div>
              )}
              <Group align="flex-start">
                <DayInput
                  label={t('prescriptions.reminder.startDate')}
                  value={r.startDate}
                  onValue={(v) => setR('startDate', v)}
                  error={err('reminder.startDate')}
                  w={180}
                />
                <DayInput
                  label={t('prescriptions.reminder.endDate')}
                  value={r.endDate}
                  onValue={(v) => setR('endDate', v)}
                  error={err('reminder.endDate')}
                  w={180}
                  placeholder={t('prescriptions.reminder.forever')}
                />
                <NativeSelect
                  label={t('prescriptions.reminder.preAlarm')}
                  value={String(r.preAlarmMinutes)}
                  w={140}
                  onChange={(e) => setR('preAlarmMinutes', Number(e.currentTarget.value))}
                  data={PRE_ALARM_MINUTES.map((n) => ({
                    value: String(n),
                    label:
                      n === 0 ? t('prescriptions.reminder.noPreAlarm') : t('prescriptions.reminder.minutes', { n }),
                  }))}
                />
                <NativeSelect
                  label={t('prescriptions.reminder.snooze')}
                  value={String(r.snoozeMinutes)}
                  w={140}
                  onChange={(e) => setR('snoozeMinutes', Number(e.currentTarget.value))}
                  data={SNOOZE_MINUTES.map((n) => ({
                    value: String(n),
                    label: t('prescriptions.reminder.minutes', { n }),
                  }))}
                />
                <NativeSelect
                  label={t('prescriptions.reminder.sound')}
                  value={r.sound}
                  w={160}
                  onChange={(e) => {
                    const v = pick(REMINDER_SOUNDS, e.currentTarget.value);
                    if (v) setR('sound', v);
                  }}
                  data={options(REMINDER_SOUNDS, 'sounds')}
                />
              </Group>
            </Stack>
          </Fieldset>
        )}
        {onRemove && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
              {t('prescriptions.medicine.remove', { n: index + 1 })}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
