import { Alert, Badge, Button, Card, ColorSwatch, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TAppMedication,
  TIntake,
  TIntakeConfirmRequest,
  TMedicine,
  TPrescription,
  TReminderItem,
} from '@carewatch/contracts/prescriptions';
import { errorText } from '@carewatch/web/errors';
import { dateTimeText, dayText, timeText } from '../../app/format.ts';
import { ListSection, SubjectScreen } from '../../app/screen-parts.tsx';
import { useNow } from '../contacts/use-now.ts';
import { useMedication } from './medication-api.ts';
import { useAnswerDose, useDoseText } from './medication-hooks.ts';
import { answerableFrom, answerState, ruleMessage, sortDoses, STATE_COLORS } from './medication-rules.ts';

/**
 * Medication (patient-app §2): today's doses with one-tap Taken / Skip, the week's adherence, the prescriptions in use
 * and their medicines, and the reminders — mine, or read only for a followed patient. Offline, the last answer loaded
 * stays on screen with its age; answering a dose needs the connection (the server dates the answer, which decides
 * taken / taken early / taken late), so the buttons say so instead of queueing.
 */
export function MedicationPage() {
  const { query, subject } = useMedication();
  return (
    <SubjectScreen query={query} subject={subject} i18nPrefix="medication">
      {(data, online) => <MedicationBody data={data} subjectId={subject?.patientId ?? null} online={online} />}
    </SubjectScreen>
  );
}

function MedicationBody({
  data,
  subjectId,
  online,
}: {
  data: TAppMedication;
  subjectId: string | null;
  online: boolean;
}) {
  const { t } = useTranslation();
  const medicines = new Map(data.prescriptions.flatMap((p) => p.medicines.map((m) => [m.id, m] as const)));
  const answer = useAnswerDose(subjectId);
  // Doses become answerable (due − 120 min) while the page is open.
  const now = new Date(useNow(30_000));
  return (
    <Stack gap="lg">
      <ListSection
        id="medication-today"
        title={t('medication.sections.today')}
        empty={t('medication.empty.today')}
        n={data.today.length}
      >
        {sortDoses(data.today).map((d) => (
          <DoseCard
            key={d.id}
            intake={d}
            medicine={medicines.get(d.medicineId)}
            state={answerState(d, data.canConfirm, now)}
            online={online}
            pending={answer.isPending && answer.variables.intake.id === d.id ? answer.variables.body.action : null}
            onAnswer={(action) => answer.mutate({ intake: d, body: { action } })}
          />
        ))}
      </ListSection>
      {data.canConfirm && !online && (
        <Alert color="yellow" role="status" p="xs">
          {t('medication.offlineAnswer')}
        </Alert>
      )}
      {answer.isError && (
        <Alert color="red" role="alert">
          {errorText(t, answer.error)}
        </Alert>
      )}
      <AdherenceSection data={data} />
      <ListSection
        id="medication-prescriptions"
        title={t('medication.sections.prescriptions')}
        empty={t('medication.empty.prescriptions')}
        n={data.prescriptions.length}
      >
        {data.prescriptions.map((p) => (
          <PrescriptionCard key={p.id} prescription={p} />
        ))}
      </ListSection>
      <ListSection
        id="medication-reminders"
        title={t('medication.sections.reminders')}
        empty={t('medication.empty.reminders')}
        n={data.reminders.length}
      >
        {data.reminders.map((r) => (
          <ReminderCard
            key={r.medicineId}
            item={r}
            prescription={data.prescriptions.find((p) => p.id === r.prescriptionId)}
          />
        ))}
      </ListSection>
    </Stack>
  );
}

function DoseCard({
  intake: d,
  medicine,
  state,
  online,
  pending,
  onAnswer,
}: {
  intake: TIntake;
  medicine: TMedicine | undefined;
  state: ReturnType<typeof answerState>;
  online: boolean;
  pending: TIntakeConfirmRequest['action'] | null;
  onAnswer: (action: TIntakeConfirmRequest['action']) => void;
}) {
  const { t } = useTranslation();
  const doseText = useDoseText();
  const time = timeText(d.dueAt);
  const note =
    d.answeredAt && state !== 'open'
      ? t('medication.dose.answered', { time: timeText(d.answeredAt) })
      : state === 'not_yet'
        ? t('medication.dose.notYet', { time: timeText(answerableFrom(d.dueAt)) })
        : d.snoozedUntil && d.state === 'to_take'
          ? t('medication.dose.snoozed', { time: timeText(d.snoozedUntil) })
          : null;
  const disabled = state !== 'open' || !online || pending !== null;
  return (
    <li aria-label={`${time} ${d.medicineName}`}>
      <Card withBorder padding="sm">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <Text fw={700} size="lg">
                {time}
              </Text>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  {medicine?.color && <ColorSwatch color={medicine.color} size={14} aria-hidden="true" />}
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {d.medicineName}
                  </Text>
                </Group>
                <Text size="sm">
                  {[doseText(d), t(`medication.when.${d.when}`), d.timeLabel].filter(Boolean).join(' · ')}
                </Text>
                {medicine?.instruction && (
                  <Text size="sm" c="dimmed">
                    {medicine.instruction}
                  </Text>
                )}
              </Stack>
            </Group>
            <Badge color={STATE_COLORS[d.state]} variant="light" style={{ flexShrink: 0 }}>
              {t(`medication.states.${d.state}`)}
            </Badge>
          </Group>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
          {state !== 'answered' && (
            <Group grow gap="xs">
              <Button
                size="md"
                color="teal"
                disabled={disabled && pending !== 'taken'}
                loading={pending === 'taken'}
                aria-label={t('medication.dose.takenLabel', { name: d.medicineName, time })}
                onClick={() => onAnswer('taken')}
              >
                {t('medication.dose.taken')}
              </Button>
              <Button
                size="md"
                variant="default"
                disabled={disabled && pending !== 'skipped'}
                loading={pending === 'skipped'}
                aria-label={t('medication.dose.skipLabel', { name: d.medicineName, time })}
                onClick={() => onAnswer('skipped')}
              >
                {t('medication.dose.skip')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </li>
  );
}

function AdherenceSection({ data }: { data: TAppMedication }) {
  const { t } = useTranslation();
  const percent = data.adherence.overall.percent;
  return (
    <section aria-labelledby="medication-adherence">
      <Title order={2} size="h5" id="medication-adherence" mb="xs">
        {t('medication.sections.adherence')}
      </Title>
      <Card withBorder padding="sm">
        {percent === null ? (
          <Text size="sm" c="dimmed">
            {t('medication.adherence.none')}
          </Text>
        ) : (
          <Stack gap={6}>
            <Group justify="space-between" align="baseline">
              <Text size="sm">{t('medication.adherence.label')}</Text>
              <Text fw={700} size="xl">
                {t('medication.adherence.percent', { percent })}
              </Text>
            </Group>
            <Progress
              value={percent}
              color={percent >= 80 ? 'teal' : percent >= 50 ? 'yellow' : 'red'}
              aria-hidden="true"
            />
            <Stack component="ul" gap={2} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.adherence.medicines.map((m) => (
                <Text component="li" key={m.medicineId} size="sm" c="dimmed">
                  {m.percent === null
                    ? t('medication.adherence.medicineNone', { name: m.name })
                    : t('medication.adherence.medicine', { name: m.name, percent: m.percent })}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
      </Card>
    </section>
  );
}

function PrescriptionCard({ prescription: p }: { prescription: TPrescription }) {
  const { t } = useTranslation();
  return (
    <li aria-label={p.name}>
      <Card withBorder padding="sm">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Text>
              <Text size="sm" c="dimmed">
                {t('medication.prescription.rx', { number: p.rxNumber })}
              </Text>
            </Stack>
            <Badge variant="light" color={p.displayState === 'IN_USE' ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
              {t(`medication.prescription.states.${p.displayState}`)}
            </Badge>
          </Group>
          <Text size="sm">{t('medication.prescription.doctor', { name: p.doctorName })}</Text>
          <Text size="sm">
            {p.endDate
              ? t('medication.prescription.period', { start: dayText(p.startDate), end: dayText(p.endDate) })
              : t('medication.prescription.since', { start: dayText(p.startDate) })}
          </Text>
          {p.noteForPatient && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('medication.prescription.note', { note: p.noteForPatient })}
            </Text>
          )}
          <Title order={3} size="h6" mt={4}>
            {t('medication.prescription.medicines')}
          </Title>
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {p.medicines.map((m) => (
              <MedicineItem key={m.id} medicine={m} />
            ))}
          </Stack>
        </Stack>
      </Card>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {term}:
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function MedicineItem({ medicine: m }: { medicine: TMedicine }) {
  const { t } = useTranslation();
  const doseText = useDoseText();
  return (
    <li aria-label={m.name}>
      <Card bg="gray.0" padding="xs">
        <Group gap={6} wrap="nowrap" mb={4}>
          {m.color && <ColorSwatch color={m.color} size={14} aria-hidden="true" />}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {m.name}
            {m.strength ? ` ${m.strength}` : ''}
          </Text>
        </Group>
        <Stack component="dl" gap={2} m={0}>
          <Fact term={t('medication.medicine.dose')}>{doseText(m)}</Fact>
          <Fact term={t('medication.medicine.form')}>{t(`medication.forms.${m.form}`)}</Fact>
          <Fact term={t('medication.medicine.route')}>{t(`medication.routes.${m.route}`)}</Fact>
          <Fact term={t('medication.medicine.when')}>{t(`medication.when.${m.when}`)}</Fact>
          {m.instruction && <Fact term={t('medication.medicine.instruction')}>{m.instruction}</Fact>}
          {m.sideEffect && <Fact term={t('medication.medicine.sideEffect')}>{m.sideEffect}</Fact>}
          <Fact term={t('medication.medicine.color')}>
            {m.color ? (
              <Group component="span" gap={4} wrap="nowrap">
                <ColorSwatch component="span" color={m.color} size={12} aria-hidden="true" />
                {m.color}
              </Group>
            ) : (
              t('medication.medicine.noColor')
            )}
          </Fact>
        </Stack>
        {m.scheduleType === 'ON_DEMAND' && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('medication.medicine.onDemand')}
          </Text>
        )}
      </Card>
    </li>
  );
}

function ReminderCard({ item: r, prescription }: { item: TReminderItem; prescription: TPrescription | undefined }) {
  const { t } = useTranslation();
  // A reminder without its own dates runs over its prescription's.
  const start = r.reminder.startDate ?? prescription?.startDate ?? null;
  const end = r.reminder.endDate ?? prescription?.endDate ?? null;
  const rule = ruleMessage(r.reminder.rule, (d) => t(`medication.weekdays.${d}`), dayText);
  const times = r.reminder.times.map((x) => (x.label ? `${x.time} (${x.label})` : x.time)).join(', ');
  return (
    <li aria-label={r.reminder.name}>
      <Card withBorder padding="sm">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {r.reminder.name}
        </Text>
        <Text size="sm" c="dimmed" mb={4}>
          {r.medicineName} · {r.prescriptionName}
        </Text>
        <Stack component="dl" gap={2} m={0}>
          {times && <Fact term={t('medication.reminder.times')}>{times}</Fact>}
          <Fact term={t('medication.reminder.repeat')}>{t(`medication.rules.${rule.key}`, rule.params)}</Fact>
          <Fact term={t('medication.reminder.start')}>{start ? dayText(start) : t('medication.reminder.none')}</Fact>
          <Fact term={t('medication.reminder.end')}>{end ? dayText(end) : t('medication.reminder.noEnd')}</Fact>
          <Fact term={t('medication.reminder.preAlarm')}>
            {r.reminder.preAlarmMinutes > 0
              ? t('medication.reminder.preAlarmMinutes', { n: r.reminder.preAlarmMinutes })
              : t('medication.reminder.preAlarmNone')}
          </Fact>
          <Fact term={t('medication.reminder.snooze')}>
            {t('medication.reminder.snoozeMinutes', { n: r.reminder.snoozeMinutes })}
          </Fact>
          <Fact term={t('medication.reminder.sound')}>{t(`medication.sounds.${r.reminder.sound}`)}</Fact>
          {r.nextDoseAt && <Fact term={t('medication.reminder.next')}>{dateTimeText(r.nextDoseAt)}</Fact>}
        </Stack>
      </Card>
    </li>
  );
}
