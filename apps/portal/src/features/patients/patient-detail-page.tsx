import i18n from 'i18next';
import { personName } from '@carewatch/contracts/names';
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ATTACHMENT_MAX_BYTES,
  PATIENT_STATUSES,
  type TAttachment,
  type TPatient,
  type TPatientStatus,
} from '@carewatch/contracts/patients';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PlainTabs, type PlainTab } from '../../app/plain-tabs.tsx';
import { useUrlParam } from '../../app/use-list-state.ts';
import { PatientHealthProfile } from '../vitals/health-profile.tsx';
import { PatientThresholdsTab } from '../alerts/thresholds-tab.tsx';
import { PatientFollowersTab } from './patient-followers-tab.tsx';
import { PatientPrescriptionsTab } from '../prescriptions/prescriptions-tab.tsx';
import { PatientRecordsTab } from '../records/records-tab.tsx';
import { PatientTimelineTab } from '../timeline/timeline-tab.tsx';
import { PatientReportButton } from '../timeline/report-button.tsx';
import { MedicalProfileCard } from './medical-profile-card.tsx';
import { PatientForm } from './patient-form.tsx';
import {
  PatientStatusBadge,
  downloadFile,
  formatDay,
  formatInstantDay,
  patientKeys,
  patients,
  useDoctorChoices,
} from './patients-shared.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function AttachmentsCard({ patient, canEdit }: { patient: TPatient; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tz = useProfile().data?.timezone;
  const [fileError, setFileError] = useState('');
  const [confirm, setConfirm] = useState<TAttachment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: patientKeys.detail(patient.id) });
  const upload = useMutation({
    mutationFn: (f: File) => patients.uploadAttachment(patient.id, f, f.name),
    onSuccess: async () => {
      await refresh();
      notifySuccess(t('patients.detail.uploaded'));
    },
    meta: { inlineError: true },
  });
  const remove = useMutation({
    mutationFn: (a: TAttachment) => patients.deleteAttachment(patient.id, a.id),
    onSuccess: async () => {
      setConfirm(null);
      await refresh();
      notifySuccess(t('patients.detail.removed'));
    },
    onError: () => setConfirm(null),
    meta: { inlineError: true },
  });
  const download = useMutation({
    mutationFn: (a: TAttachment) => downloadFile(patients.attachmentUrl(patient.id, a.id), a.fileName),
    meta: { inlineError: true },
  });
  const choose = (f: File | null) => {
    setFileError('');
    if (!f) return;
    if (!/\.(pdf|jpe?g|png)$/i.test(f.name)) return setFileError(t('patients.detail.fileType'));
    if (f.size > ATTACHMENT_MAX_BYTES) return setFileError(t('patients.detail.fileSize'));
    upload.mutate(f);
  };
  const error = upload.error ?? remove.error ?? download.error;
  return (
    <Card withBorder component="section" aria-label={t('patients.detail.attachments')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('patients.detail.attachments')}</Title>
          {canEdit && (
            <FileButton onChange={choose} accept="application/pdf,image/jpeg,image/png">
              {(props) => (
                <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                  {t('patients.detail.upload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {canEdit && (
          <Text size="xs" c="dimmed">
            {t('patients.detail.uploadHint')}
          </Text>
        )}
        {fileError && (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {errorText(t, error)}
          </Alert>
        )}
        {patient.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('patients.detail.noAttachments')}
          </Text>
        ) : (
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('patients.detail.fileNameCol')}</Table.Th>
                <Table.Th>{t('patients.detail.sizeCol')}</Table.Th>
                <Table.Th>{t('patients.detail.dateCol')}</Table.Th>
                <Table.Th>{t('patients.detail.actionsCol')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {patient.attachments.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{a.fileName}</Table.Td>
                  <Table.Td>{t('patients.detail.kb', { n: Math.max(1, Math.round(a.sizeBytes / 1024)) })}</Table.Td>
                  <Table.Td>{formatInstantDay(a.createdAt, tz)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={t('patients.detail.download', { name: a.fileName })}
                        onClick={() => download.mutate(a)}
                      >
                        ↓
                      </Button>
                      {canEdit && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('patients.detail.remove', { name: a.fileName })}
                          onClick={() => setConfirm(a)}
                        >
                          ✕
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title={t('patients.detail.removeTitle')}>
        <Stack>
          <Text>{confirm ? t('patients.detail.removeConfirm', { name: confirm.fileName }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => confirm && remove.mutate(confirm)}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function ProfileTab({ patient, canEdit }: { patient: TPatient; canEdit: boolean }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const [editing, setEditing] = useState(false);
  const none = t('common.none');
  if (editing) return <PatientForm existing={patient} onDone={() => setEditing(false)} />;
  return (
    <Stack>
      {canEdit && (
        <Group>
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('patients.detail.edit')}
          </Button>
        </Group>
      )}
      <Card withBorder component="section" aria-label={t('patients.detail.tabProfile')}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label={t('patients.form.patientCode')}>{patient.patientCode ?? none}</Field>
          <Field label={t('patients.form.birthday')}>{formatDay(patient.birthday) ?? none}</Field>
          <Field label={t('patients.form.gender')}>
            {patient.gender ? t(`patients.genders.${patient.gender}`) : none}
          </Field>
          <Field label={t('patients.form.bloodType')}>{patient.bloodType ?? none}</Field>
          <Field label={t('patients.form.heightCm')}>{patient.heightCm ?? none}</Field>
          <Field label={t('patients.form.weightKg')}>{patient.weightKg ?? none}</Field>
          <Field label={t('patients.form.phone')}>{patient.phone ?? none}</Field>
          <Field label={t('patients.form.email')}>{patient.email ?? none}</Field>
          <Field label={t('patients.form.address')}>{patient.address ?? none}</Field>
          <Field label={t('patients.form.center')}>{patient.centerName ?? t('patients.detail.noCenter')}</Field>
          <Field label={t('patients.form.packageExpiry')}>{formatDay(patient.packageExpiry) ?? none}</Field>
          <Field label={t('patients.form.contractId')}>{patient.contractId ?? none}</Field>
          <Field label={t('patients.detail.account')}>
            {patient.accountCreatedAt
              ? t('patients.detail.accountCreated', { date: formatInstantDay(patient.accountCreatedAt, tz) })
              : t('patients.detail.noAccount')}
          </Field>
          <Field label={t('patients.detail.doctors')}>
            {patient.doctors.map((d) => d.name).join(', ') || t('patients.detail.noDoctors')}
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder component="section" aria-label={t('patients.detail.relatives')}>
        <Stack gap="sm">
          <Title order={3}>{t('patients.detail.relatives')}</Title>
          {patient.relatives.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('patients.form.noRelatives')}
            </Text>
          ) : (
            <Table withTableBorder>
              <Table.Tbody>
                {patient.relatives.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{t(`patients.relationships.${r.relationship}`)}</Table.Td>
                    <Table.Td>{r.phone ?? none}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      <MedicalProfileCard patient={patient} canEdit={canEdit} />
      <AttachmentsCard patient={patient} canEdit={canEdit} />
    </Stack>
  );
}

function HistoryTab({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const q = useQuery({
    queryKey: patientKeys.history(patient.id),
    queryFn: () => patients.statusHistory(patient.id),
    meta: { inlineError: true },
  });
  if (q.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    );
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.items.length === 0)
    return (
      <Text c="dimmed" role="status">
        {t('patients.history.empty')}
      </Text>
    );
  return (
    <Table withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('patients.history.from')}</Table.Th>
          <Table.Th>{t('patients.history.to')}</Table.Th>
          <Table.Th>{t('patients.history.by')}</Table.Th>
          <Table.Th>{t('patients.history.when')}</Table.Th>
          <Table.Th>{t('patients.history.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {q.data.items.map((h) => (
          <Table.Tr
            key={h.id}
            aria-label={t('patients.history.change', {
              from: t(`patients.status.${h.fromStatus}`),
              to: t(`patients.status.${h.toStatus}`),
            })}
          >
            <Table.Td>
              <PatientStatusBadge t={t} status={h.fromStatus} />
            </Table.Td>
            <Table.Td>
              <PatientStatusBadge t={t} status={h.toStatus} />
            </Table.Td>
            <Table.Td>{h.changedBy ?? t('patients.history.system')}</Table.Td>
            <Table.Td>{formatDateTime(h.changedAt, tz)}</Table.Td>
            <Table.Td>{h.reason ?? t('common.none')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ChangeStatus({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'closed' | 'pick' | 'confirm'>('closed');
  const [status, setStatus] = useState<TPatientStatus | ''>('');
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: () =>
      patients.changeStatus(patient.id, {
        status: status as TPatientStatus,
        confirm: true,
        reason: reason.trim() || null,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(patientKeys.detail(patient.id), saved);
      await queryClient.invalidateQueries({ queryKey: patientKeys.history(patient.id) });
      await queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['patients', 'counts'] });
      setStep('closed');
      notifySuccess(t('patients.status_change.changed'));
    },
    meta: { inlineError: true },
  });
  const open = () => {
    setStatus('');
    setReason('');
    change.reset();
    setStep('pick');
  };
  const from = t(`patients.status.${patient.status}`);
  return (
    <>
      <Button variant="light" color="orange" onClick={open}>
        {t('patients.status_change.open')}
      </Button>
      <Modal opened={step === 'pick'} onClose={() => setStep('closed')} title={t('patients.status_change.title')}>
        <Stack>
          <Text size="sm">{t('patients.status_change.current', { status: from })}</Text>
          <NativeSelect
            label={t('patients.status_change.newStatus')}
            value={status}
            onChange={(e) => setStatus(PATIENT_STATUSES.find((s) => s === e.currentTarget.value) ?? '')}
            data={[
              { value: '', label: t('patients.form.chooseGender') },
              ...PATIENT_STATUSES.filter((s) => s !== patient.status).map((s) => ({
                value: s,
                label: t(`patients.status.${s}`),
              })),
            ]}
          />
          <Textarea
            label={t('patients.status_change.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={255}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('closed')}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!status} onClick={() => setStep('confirm')}>
              {t('patients.status_change.next')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={step === 'confirm'}
        onClose={() => setStep('closed')}
        title={t('patients.status_change.confirmTitle')}
      >
        <Stack>
          {change.isError && (
            <Alert color="red" role="alert">
              {errorText(t, change.error)}
            </Alert>
          )}
          <Text>
            {status
              ? t('patients.status_change.confirmText', {
                  name: patient.fullName,
                  from,
                  to: t(`patients.status.${status}`),
                })
              : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('pick')}>
              {t('common.back')}
            </Button>
            <Button color="orange" loading={change.isPending} onClick={() => change.mutate()}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function AssignDoctors({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [ids, setIds] = useState<string[]>([]);
  const choices = useDoctorChoices(open);
  const save = useMutation({
    mutationFn: () => patients.assignDoctors(patient.id, { doctorIds: ids }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(patientKeys.detail(patient.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      await queryClient.invalidateQueries({ queryKey: patientKeys.history(patient.id) });
      setOpen(false);
      notifySuccess(t('patients.assign.saved'));
    },
    meta: { inlineError: true },
  });
  const data = (choices.data?.items ?? []).map((d) => ({
    value: d.id,
    label: personName(d, i18n.language) + (d.email ? ` (${d.email})` : ''),
  }));
  for (const d of patient.doctors) if (!data.some((c) => c.value === d.id)) data.push({ value: d.id, label: d.name });
  return (
    <>
      <Button
        variant="light"
        onClick={() => {
          setIds(patient.doctors.map((d) => d.id));
          save.reset();
          setOpen(true);
        }}
      >
        {t('patients.assign.open')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('patients.assign.title', { name: patient.fullName })}
      >
        <Stack>
          {save.isError && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          <MultiSelect
            label={t('patients.assign.doctors')}
            searchable
            data={data}
            value={ids}
            onChange={setIds}
            maxValues={10}
            nothingFoundMessage={t('common.empty')}
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** One patient: header (name, code, status, center, actions) and tabs profile, health, status history. */
export function PatientDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const has = useHasPermission();
  const [tab, setTab] = useUrlParam('tab'); // the open tab is kept in the URL (reload, Back)
  const tz = useProfile().data?.timezone;
  const q = useQuery({
    queryKey: patientKeys.detail(id),
    queryFn: () => patients.get(id),
    retry: false,
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
    return (
      <Stack>
        <Anchor component={Link} to="/patients">
          {t('patients.detail.back')}
        </Anchor>
        {isApiError(q.error) && (q.error.status === 404 || q.error.status === 400) ? (
          <Alert color="gray" role="alert">
            {t('patients.detail.notFound')}
          </Alert>
        ) : (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        )}
      </Stack>
    );
  }
  const patient = q.data;
  const tabs: PlainTab[] = [
    {
      value: 'profile',
      label: t('patients.detail.tabProfile'),
      content: () => <ProfileTab key={patient.id} patient={patient} canEdit={has(Permission.PatientUpdate)} />,
    },
  ];
  if (has(Permission.HealthView))
    tabs.push({
      value: 'timeline',
      label: t('patientTimeline.tab'),
      content: () => <PatientTimelineTab key={patient.id} patient={patient} />,
    });
  if (has(Permission.HealthView))
    tabs.push({
      value: 'health',
      label: t('patients.detail.tabHealth'),
      content: () => <PatientHealthProfile patient={patient} />,
    });
  if (has(Permission.HealthView))
    tabs.push({
      value: 'prescriptions',
      label: t('prescriptions.tab'),
      content: () => <PatientPrescriptionsTab patient={patient} />,
    });
  if (has(Permission.HealthView))
    tabs.push({
      value: 'thresholds',
      label: t('patients.detail.tabThresholds'),
      content: () => <PatientThresholdsTab patient={patient} />,
    });
  if (has(Permission.HealthView))
    tabs.push({ value: 'records', label: t('records.tab'), content: () => <PatientRecordsTab patient={patient} /> });
  tabs.push({
    value: 'followers',
    label: t('followers.tab'),
    content: () => <PatientFollowersTab patient={patient} />,
  });
  tabs.push({
    value: 'history',
    label: t('patients.detail.tabHistory'),
    content: () => <HistoryTab patient={patient} />,
  });
  return (
    <Stack>
      <Anchor component={Link} to="/patients" size="sm">
        {t('patients.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{patient.fullName}</Title>
          <Group gap="xs">
            <PatientStatusBadge t={t} status={patient.status} />
            <Text size="sm">
              {patient.patientCode
                ? t('patients.detail.code', { code: patient.patientCode })
                : t('patients.detail.noCode')}
            </Text>
            <Text size="sm" c="dimmed">
              ·
            </Text>
            <Text size="sm">{patient.centerName ?? t('patients.detail.noCenter')}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('patients.detail.created', { date: formatDateTime(patient.createdAt, tz) })}
          </Text>
        </Stack>
        <Group>
          {has(Permission.HealthView) && <PatientReportButton patient={patient} />}
          {has(Permission.PatientUpdate) && has(Permission.StaffView) && <AssignDoctors patient={patient} />}
          {has(Permission.PatientStatusChange) && <ChangeStatus patient={patient} />}
        </Group>
      </Group>
      <PlainTabs
        id="patient-detail"
        label={t('patients.detail.tabs')}
        tabs={tabs}
        value={tab || 'profile'}
        onChange={(v) => setTab(v === 'profile' ? '' : v)}
      />
    </Stack>
  );
}
