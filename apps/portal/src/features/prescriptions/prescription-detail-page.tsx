import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { Permission } from '@carewatch/contracts/permissions';
import { INTAKE_STATES, type TMedicine, type TPrescriptionDetail } from '@carewatch/contracts/prescriptions';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import {
  IntakeBadge,
  IntakeLegend,
  MedicineSwatch,
  Percent,
  RxStateBadge,
  day,
  doseText,
  prescriptions,
  ruleText,
  rxKeys,
} from './prescriptions-shared.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

function MedicineCard({ m }: { m: TMedicine }) {
  const { t } = useTranslation();
  const none = t('common.none');
  return (
    <Card withBorder component="section" aria-label={m.name}>
      <Stack gap="xs">
        <Group gap="xs">
          <MedicineSwatch m={m} alt={t('prescriptions.image.alt', { name: m.name })} />
          <Title order={3} size="h4">
            {m.name}
          </Title>
          <Text size="sm">
            {doseText(t, m)}
            {m.strength ? ` · ${m.strength}` : ''}
          </Text>
          <Badge variant="light" tt="none" color={m.scheduleType === 'ON_DEMAND' ? 'gray' : 'blue'}>
            {t(`prescriptions.scheduleTypes.${m.scheduleType}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Field label={t('prescriptions.medicine.route')}>{t(`prescriptions.routes.${m.route}`)}</Field>
          <Field label={t('prescriptions.medicine.form')}>{t(`prescriptions.forms.${m.form}`)}</Field>
          <Field label={t('prescriptions.medicine.quantity')}>{m.quantity ?? none}</Field>
          <Field label={t('prescriptions.medicine.when')}>{t(`prescriptions.meal.${m.when}`)}</Field>
          <Field label={t('prescriptions.medicine.timeOfDay')}>
            {m.timeOfDay.map((x) => t(`prescriptions.timesOfDay.${x}`)).join(', ') || none}
          </Field>
          <Field label={t('prescriptions.medicine.frequency')}>{m.frequency ?? none}</Field>
          <Field label={t('prescriptions.medicine.totalDays')}>{m.totalDays ?? none}</Field>
          <Field label={t('prescriptions.medicine.refills')}>{m.refills}</Field>
          <Field label={t('prescriptions.medicine.instruction')}>{m.instruction ?? none}</Field>
          <Field label={t('prescriptions.medicine.sideEffect')}>{m.sideEffect ?? none}</Field>
          <Field label={t('prescriptions.medicine.note')}>{m.note ?? none}</Field>
        </SimpleGrid>
        <Field label={t('prescriptions.detail.schedule')}>
          {m.reminder
            ? `${m.reminder.name}: ${ruleText(t, m.reminder.rule, m.reminder.times)}`
            : t('prescriptions.detail.onDemand')}
          {m.reminder && (m.reminder.startDate || m.reminder.endDate)
            ? ` (${day(m.reminder.startDate)} – ${m.reminder.endDate ? day(m.reminder.endDate) : t('prescriptions.list.noEnd')})`
            : ''}
        </Field>
      </Stack>
    </Card>
  );
}

function UsageHistory({ p }: { p: TPrescriptionDetail }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const c = p.intakes.counts;
  return (
    <Card withBorder component="section" aria-label={t('prescriptions.detail.history')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('prescriptions.detail.history')}
        </Title>
        <Table withTableBorder aria-label={t('prescriptions.detail.historyTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('prescriptions.detail.version')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.rxNumber')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.startDate')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.createdBy')}</Table.Th>
              <Table.Th>{t('prescriptions.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.history.map((v, i) => (
              <Table.Tr key={v.id} aria-current={v.id === p.id ? 'true' : undefined}>
                <Table.Td>
                  {v.id === p.id ? (
                    <Text size="sm" fw={700}>
                      {i + 1}. {v.name} ({t('prescriptions.detail.current')})
                    </Text>
                  ) : (
                    <Anchor
                      component={Link}
                      to={`/prescriptions/${v.id}`}
                      size="sm"
                      aria-label={t('prescriptions.detail.openVersion', { rx: v.rxNumber })}
                    >
                      {i + 1}. {v.name}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{v.rxNumber}</Table.Td>
                <Table.Td>
                  {t('prescriptions.list.period', {
                    from: day(v.startDate),
                    to: v.endDate ? day(v.endDate) : t('prescriptions.list.noEnd'),
                  })}
                </Table.Td>
                <Table.Td>
                  {v.createdByName ?? '—'} · {formatDateTime(v.createdAt, tz)}
                </Table.Td>
                <Table.Td>
                  <RxStateBadge t={t} state={v.displayState} />
                  {v.deactivatedAt ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {formatDateTime(v.deactivatedAt, tz)}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Title order={3} size="h5">
          {t('prescriptions.detail.intakes')}
        </Title>
        <Group gap="sm">
          <Text size="sm">
            {t('prescriptions.adherence.overall')}: <Percent t={t} value={p.intakes.percent} />
          </Text>
          {INTAKE_STATES.map((s) => (
            <Group key={s} gap={4}>
              <IntakeBadge t={t} state={s} />
              <Text size="sm" fw={600}>
                {c[s]}
              </Text>
            </Group>
          ))}
        </Group>
        <IntakeLegend t={t} />
      </Stack>
    </Card>
  );
}

/** A prescription: medicines with their schedules, status, usage history; edit (new version), reuse, deactivate, print. */
export function PrescriptionDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'edit' | 'deactivate' | null>(null);
  const q = useQuery({
    queryKey: rxKeys.detail(id),
    queryFn: () => prescriptions.get(id),
    retry: false,
    meta: { inlineError: true },
  });
  const deactivate = useMutation({
    mutationFn: () => prescriptions.deactivate(id),
    onSuccess: async (d) => {
      queryClient.setQueryData(rxKeys.detail(id), d);
      await queryClient.invalidateQueries({ queryKey: rxKeys.all });
      setDialog(null);
      notifySuccess(t('prescriptions.detail.deactivated'));
    },
    meta: { inlineError: true },
  });
  if (q.isPending)
    return (
      <Stack role="status" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton height={40} w={320} />
        <Skeleton height={240} />
      </Stack>
    );
  if (q.isError) {
    return isApiError(q.error) && q.error.status === 404 ? (
      <Alert color="gray" role="alert">
        {t('prescriptions.detail.notFound')}
      </Alert>
    ) : (
      <ErrorState error={q.error} onRetry={() => void q.refetch()} />
    );
  }
  const p = q.data;
  const canManage = has(Permission.HealthPrescriptionManage);
  const active = p.status === 'ACTIVE';
  const none = t('common.none');
  return (
    <Stack>
      <Anchor component={Link} to={`/patients/${p.patientId}`} size="sm">
        {t('prescriptions.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group>
          <Title order={1}>{t('prescriptions.detail.title', { name: p.name })}</Title>
          <RxStateBadge t={t} state={p.displayState} />
        </Group>
        <Group>
          {canManage && active && (
            <Button variant="light" onClick={() => setDialog('edit')}>
              {t('prescriptions.detail.edit')}
            </Button>
          )}
          {canManage && (
            <Button variant="light" component={Link} to={`/patients/${p.patientId}/prescriptions/new?from=${p.id}`}>
              {t('prescriptions.detail.reuse')}
            </Button>
          )}
          {canManage && active && (
            <Button
              variant="light"
              color="red"
              onClick={() => {
                deactivate.reset();
                setDialog('deactivate');
              }}
            >
              {t('prescriptions.detail.deactivate')}
            </Button>
          )}
          <Button variant="default" component="a" href={`/prescriptions/${p.id}/print`} target="_blank" rel="noopener">
            {t('prescriptions.detail.print')}
          </Button>
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={t('prescriptions.fields.rxNumber')}>{p.rxNumber}</Field>
          <Field label={t('prescriptions.fields.patient')}>
            <Anchor component={Link} to={`/patients/${p.patientId}`}>
              {p.patientName}
            </Anchor>
          </Field>
          <Field label={t('prescriptions.fields.doctor')}>{p.doctorName}</Field>
          <Field label={t('prescriptions.fields.startDate')}>{day(p.startDate)}</Field>
          <Field label={t('prescriptions.fields.endDate')}>
            {p.endDate ? day(p.endDate) : t('prescriptions.list.noEnd')}
          </Field>
          <Field label={t('prescriptions.fields.createdBy')}>
            {p.createdByName ?? none} · {formatDateTime(p.createdAt, tz)}
          </Field>
          <Field label={t('prescriptions.fields.diagnosis')}>{p.diagnosis ?? none}</Field>
          <Field label={t('prescriptions.fields.noteForPatient')}>{p.noteForPatient ?? none}</Field>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h3">
        {t('prescriptions.detail.medicines')}
      </Title>
      {p.medicines.length === 0 ? (
        <Text c="dimmed">{t('prescriptions.detail.noMedicines')}</Text>
      ) : (
        p.medicines.map((m) => <MedicineCard key={m.id} m={m} />)
      )}
      <UsageHistory p={p} />
      <Modal opened={dialog === 'edit'} onClose={() => setDialog(null)} title={t('prescriptions.detail.editTitle')}>
        <Stack>
          <Alert color="orange">{t('prescriptions.detail.editText')}</Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="orange" onClick={() => void navigate(`/prescriptions/${p.id}/edit`)}>
              {t('prescriptions.detail.editContinue')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={dialog === 'deactivate'}
        onClose={() => setDialog(null)}
        title={t('prescriptions.detail.deactivateTitle')}
      >
        <Stack>
          <Text>{t('prescriptions.detail.deactivateText')}</Text>
          {deactivate.error && (
            <Alert color="red" role="alert">
              {errorText(t, deactivate.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={deactivate.isPending} onClick={() => deactivate.mutate()}>
              {t('prescriptions.detail.deactivate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
