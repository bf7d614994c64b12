import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NativeSelect, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CONTACT_STATUSES } from '@carewatch/contracts/contacts';
import { SPECIALTY_CODES } from '@carewatch/contracts/specialties';
import {
  REQUEST_KINDS,
  ZCreateDoctorRequest,
  ZCreatePatientRequest,
  type TCareRequest,
} from '@carewatch/contracts/doctors';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { specialtyLabel } from '../staff/staff-shared.tsx';
import { doctorKeys, doctors, patients } from './doctors-shared.ts';
import { requestStatusColor, requestsPath } from './doctors-rules.ts';

type Which = 'doctor' | 'patient';
const path = requestsPath;

function kindText(t: TFunction, r: Pick<TCareRequest, 'kind' | 'specialty'>) {
  const kind = t(`doctors.requests.kinds.${r.kind}`);
  return r.specialty ? `${kind} · ${specialtyLabel(t, r.specialty)}` : kind;
}

/** Accepting warns first: a family-doctor request unassigns the patient's current doctor(s). */
function AcceptModal({ which, request, onClose }: { which: Which; request: TCareRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => doctors.answer(path(which), request.id, 'accept'),
    onSuccess: async () => {
      notifySuccess(t('doctors.requests.accepted'));
      await queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      onClose();
    },
    meta: { inlineError: true },
  });
  const names = request.replaces.map((d) => d.name).join(', ');
  return (
    <Modal opened onClose={onClose} title={t('doctors.requests.confirmTitle')}>
      <Stack>
        {request.replaces.length > 0 ? (
          <Alert color="orange" role="alert">
            {t('doctors.requests.confirmReplace', { patient: request.patient.name, doctors: names })}
          </Alert>
        ) : (
          <Text>
            {t('doctors.requests.confirmPlain', { patient: request.patient.name, kind: kindText(t, request) })}
          </Text>
        )}
        {accept.isError && (
          <Alert color="red" role="alert">
            {errorText(t, accept.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('doctors.requests.back')}
          </Button>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {t('doctors.requests.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A new request: a doctor request names a patient and a doctor; a patient request (doctors) names a patient. */
function NewRequestModal({ which, onClose }: { which: Which; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [kind, setKind] = useState<(typeof REQUEST_KINDS)[number]>('family_doctor');
  const [specialty, setSpecialty] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useQuery({
    queryKey: ['doctors', 'patientSearch', debounced],
    queryFn: () => patients.list({ search: debounced, size: 20, page: 0 }),
    enabled: debounced.length > 0,
    meta: { inlineError: true },
  });
  const list = useQuery({
    queryKey: doctorKeys.list({}),
    queryFn: () => doctors.list({}),
    enabled: which === 'doctor',
    meta: { inlineError: true },
  });
  const me = useProfile().data;
  const chosen = which === 'doctor' ? list.data?.items.find((d) => d.id === doctorId) : undefined;
  const specialtiesOffered: readonly string[] = chosen?.specialties ?? [];
  const send = useMutation({
    mutationFn: async () => {
      const base = { patientId, kind, ...(kind === 'specialist' && specialty ? { specialty } : {}) };
      if (which === 'doctor') {
        const parsed = ZCreateDoctorRequest.safeParse({ ...base, doctorId });
        if (!parsed.success) throw parsed.error;
        return doctors.createDoctorRequest(parsed.data);
      }
      const parsed = ZCreatePatientRequest.safeParse(base);
      if (!parsed.success) throw parsed.error;
      return doctors.createPatientRequest(parsed.data);
    },
    onSuccess: async () => {
      notifySuccess(t('doctors.requests.sentOk'));
      await queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      onClose();
    },
    onError: (e) =>
      setErrors(
        e && typeof e === 'object' && 'issues' in e ? zodFieldErrors(t, e as { issues: [] }) : serverFieldErrors(t, e),
      ),
    meta: { inlineError: true },
  });
  const other = send.isError && Object.keys(errors).length === 0;
  const doctorOptions = (list.data?.items ?? [])
    .filter((d) => d.id !== me?.id)
    .map((d) => ({
      value: d.id,
      label: d.specialty ? `${d.fullName} — ${specialtyLabel(t, d.specialty)}` : d.fullName,
    }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={which === 'doctor' ? t('doctors.requests.newDoctorTitle') : t('doctors.requests.newPatientTitle')}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          send.mutate();
        }}
        noValidate
      >
        <Stack>
          <Select
            label={t('doctors.requests.patientSearch')}
            placeholder={t('doctors.requests.patientPlaceholder')}
            searchable
            clearable
            required
            searchValue={search}
            onSearchChange={setSearch}
            value={patientId}
            onChange={setPatientId}
            error={errors.patientId}
            data={(found.data?.items ?? []).map((p) => ({
              value: p.id,
              label: p.patientCode ? `${p.fullName} (${p.patientCode})` : p.fullName,
            }))}
          />
          {which === 'doctor' && (
            <Select
              label={t('doctors.requests.doctorPick')}
              searchable
              required
              value={doctorId}
              onChange={(v) => {
                setDoctorId(v);
                setSpecialty(null);
              }}
              data={doctorOptions}
              error={errors.doctorId}
            />
          )}
          <NativeSelect
            label={t('doctors.requests.kind')}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value === 'specialist' ? 'specialist' : 'family_doctor')}
            data={REQUEST_KINDS.map((k) => ({ value: k, label: t(`doctors.requests.kinds.${k}`) }))}
          />
          {kind === 'specialist' && (
            <Select
              label={t('doctors.requests.specialty')}
              required
              value={specialty}
              onChange={setSpecialty}
              error={errors.specialty}
              data={(which === 'doctor' ? specialtiesOffered : SPECIALTY_CODES).map((s) => ({
                value: s,
                label: specialtyLabel(t, s),
              }))}
            />
          )}
          {other && (
            <Alert color="red" role="alert">
              {errorText(t, send.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('doctors.requests.back')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('doctors.requests.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RequestTable({
  which,
  items,
  direction,
}: {
  which: Which;
  items: TCareRequest[];
  direction: 'sent' | 'received';
}) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const [accepting, setAccepting] = useState<TCareRequest | null>(null);
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'reject' | 'cancel' }) =>
      doctors.answer(path(which), id, action),
    onSuccess: async (r) => {
      notifySuccess(t(r.status === 'rejected' ? 'doctors.requests.rejected' : 'doctors.requests.cancelled'));
      await queryClient.invalidateQueries({ queryKey: doctorKeys.all });
    },
  });
  if (items.length === 0)
    return (
      <Text c="dimmed" role="status">
        {t('doctors.requests.empty')}
      </Text>
    );
  return (
    <>
      <Table striped aria-label={t(direction === 'sent' ? 'doctors.requests.sent' : 'doctors.requests.received')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('doctors.requests.patient')}</Table.Th>
            <Table.Th>{t('doctors.requests.doctor')}</Table.Th>
            <Table.Th>{t('doctors.requests.kind')}</Table.Th>
            <Table.Th>{t('doctors.requests.status')}</Table.Th>
            <Table.Th>{t('doctors.requests.requestedBy')}</Table.Th>
            <Table.Th>{t('doctors.requests.createdAt')}</Table.Th>
            <Table.Th>{t('doctors.requests.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.patient.code ? `${r.patient.name} (${r.patient.code})` : r.patient.name}</Table.Td>
              <Table.Td>{r.doctor.name}</Table.Td>
              <Table.Td>{kindText(t, r)}</Table.Td>
              <Table.Td>
                <Badge color={requestStatusColor(r.status)} variant="light">
                  {t(`doctors.requests.statuses.${r.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{r.requestedBy.name}</Table.Td>
              <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
              <Table.Td>
                {r.status === 'pending' && direction === 'received' && (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      onClick={() => setAccepting(r)}
                      aria-label={t('doctors.requests.acceptLabel', { patient: r.patient.name })}
                    >
                      {t('doctors.requests.accept')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={act.isPending && act.variables.id === r.id}
                      onClick={() => act.mutate({ id: r.id, action: 'reject' })}
                      aria-label={t('doctors.requests.rejectLabel', { patient: r.patient.name })}
                    >
                      {t('doctors.requests.reject')}
                    </Button>
                  </Group>
                )}
                {r.status === 'pending' && direction === 'sent' && (
                  <Button
                    size="xs"
                    variant="light"
                    color="gray"
                    loading={act.isPending && act.variables.id === r.id}
                    onClick={() => act.mutate({ id: r.id, action: 'cancel' })}
                    aria-label={t('doctors.requests.cancelLabel', { patient: r.patient.name })}
                  >
                    {t('doctors.requests.cancel')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {accepting && <AcceptModal which={which} request={accepting} onClose={() => setAccepting(null)} />}
    </>
  );
}

/** "Doctor requests" or "Patient requests": Sent and Received tabs, a status filter, accept (with warning), reject, cancel, new. */
export function RequestsPage({ which }: { which: Which }) {
  const { t } = useTranslation();
  const me = useProfile().data;
  const [status, setStatus] = useState('');
  const [creating, setCreating] = useState(false);
  const q = useQuery({
    queryKey: doctorKeys.requests(which, status),
    queryFn: () => doctors.requests(path(which), (status || undefined) as TCareRequest['status'] | undefined),
    meta: { inlineError: true },
  });
  const canCreate = which === 'doctor' || me?.role === 'doctor';
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>
            {t(which === 'doctor' ? 'doctors.requests.doctorTitle' : 'doctors.requests.patientTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t(which === 'doctor' ? 'doctors.requests.doctorSubtitle' : 'doctors.requests.patientSubtitle')}
          </Text>
        </Stack>
        {canCreate && (
          <Button onClick={() => setCreating(true)}>
            {t(which === 'doctor' ? 'doctors.requests.newDoctor' : 'doctors.requests.newPatient')}
          </Button>
        )}
      </Group>
      <NativeSelect
        label={t('doctors.requests.statusFilter')}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value)}
        w={220}
        data={[
          { value: '', label: t('doctors.requests.all') },
          ...CONTACT_STATUSES.map((s) => ({ value: s, label: t(`doctors.requests.statuses.${s}`) })),
        ]}
      />
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <PlainTabs
          id={`${which}-requests`}
          label={t('doctors.requests.tabs')}
          tabs={[
            {
              value: 'received',
              label: `${t('doctors.requests.received')} (${q.data.received.length})`,
              content: () => <RequestTable which={which} items={q.data.received} direction="received" />,
            },
            {
              value: 'sent',
              label: `${t('doctors.requests.sent')} (${q.data.sent.length})`,
              content: () => <RequestTable which={which} items={q.data.sent} direction="sent" />,
            },
          ]}
        />
      )}
      {creating && <NewRequestModal which={which} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
