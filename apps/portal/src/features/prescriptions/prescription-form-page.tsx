import i18n from 'i18next';
import { useMemo, useState } from 'react';
import { personName } from '@carewatch/contracts/names';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  ZPrescriptionRequest,
  type TPrescription,
  type TPrescriptionRequest,
} from '@carewatch/contracts/prescriptions';
import type { TPatient } from '@carewatch/contracts/patients';
import { DayInput } from '@carewatch/web/day-input';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { ErrorState } from '@carewatch/web/states';
import { useProfile } from '../../app/queries.ts';
import { patientKeys, patients } from '../patients/patients-shared.tsx';
import { MedicineFields } from './medicine-fields.tsx';
import { prescriptions, rxKeys, rxServerErrors, rxZodErrors } from './prescriptions-shared.tsx';
import {
  addDays,
  daysBetween,
  emptyMedicine,
  emptyRx,
  fromPrescription,
  toRequest,
  todayIn,
  type RxForm,
} from './rx-form-model.ts';

type Mode = { kind: 'new' } | { kind: 'reuse'; from: TPrescription } | { kind: 'edit'; from: TPrescription };

/** The prescription form: header fields and the medicines (at least one), each with its reminder. */
function RxFormView({ patient, mode }: { patient: TPatient; mode: Mode }) {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = todayIn(profile?.timezone);
  const selfDoctor = profile?.role === 'doctor' ? profile.id : null;
  const initial = useMemo<RxForm>(() => {
    if (mode.kind === 'edit') return fromPrescription(mode.from);
    if (mode.kind === 'reuse') {
      // Same length as the old one, from today.
      const p = mode.from;
      const end = p.endDate ? addDays(today, daysBetween(p.startDate, p.endDate)) : '';
      return fromPrescription(p, { startDate: today, endDate: end });
    }
    return emptyRx(selfDoctor ?? patient.doctors[0]?.id ?? '', today);
  }, [mode, today, selfDoctor, patient.doctors]);
  const [f, setF] = useState<RxForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof RxForm>(k: K, v: RxForm[K]) => {
    setF((cur) => ({ ...cur, [k]: v }));
    setErrors((e) => {
      const n = { ...e };
      delete n[k];
      return n;
    });
  };
  // A reuse left as it was (only new dates) goes through the reuse route, which links the new prescription to the old one.
  const sameAsSource = (body: TPrescriptionRequest) => {
    const strip = (b: TPrescriptionRequest) => JSON.stringify({ ...b, startDate: '', endDate: '' });
    return strip(body) === strip(toRequest(initial));
  };
  const save = useMutation({
    mutationFn: (body: TPrescriptionRequest) => {
      if (mode.kind === 'edit') return prescriptions.update(mode.from.id, body);
      if (mode.kind === 'reuse' && sameAsSource(body))
        return prescriptions.reuse(mode.from.id, { startDate: body.startDate, endDate: body.endDate ?? null });
      return prescriptions.create(patient.id, body);
    },
    onSuccess: async (saved) => {
      notifySuccess(t(mode.kind === 'edit' ? 'prescriptions.form.replaced' : 'prescriptions.form.created'));
      await queryClient.invalidateQueries({ queryKey: rxKeys.all });
      void navigate(`/prescriptions/${saved.id}`);
    },
    onError: (e) => setErrors(rxServerErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = () => {
    const body = toRequest(f);
    const parsed = ZPrescriptionRequest.safeParse(body);
    if (!parsed.success) return setErrors(rxZodErrors(t, parsed.error));
    setErrors({});
    save.mutate(body);
  };
  const doctors = [...patient.doctors];
  if (selfDoctor && !doctors.some((d) => d.id === selfDoctor))
    doctors.unshift({ id: selfDoctor, name: profile ? personName(profile, i18n.language) : '' });
  if (mode.kind !== 'new' && !doctors.some((d) => d.id === mode.from.doctorId))
    doctors.push({ id: mode.from.doctorId, name: mode.from.doctorName });
  const title =
    mode.kind === 'edit'
      ? t('prescriptions.form.editTitle', { name: mode.from.name })
      : mode.kind === 'reuse'
        ? t('prescriptions.form.reuseTitle', { name: mode.from.name })
        : t('prescriptions.form.newTitle', { name: patient.fullName });
  const back = mode.kind === 'new' ? `/patients/${patient.id}` : `/prescriptions/${mode.from.id}`;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Stack>
      <Anchor component={Link} to={back} size="sm">
        {t('prescriptions.detail.back')}
      </Anchor>
      <Title order={1}>{title}</Title>
      {mode.kind === 'edit' && (
        <Alert color="orange" role="note">
          {t('prescriptions.form.editWarning')}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('prescriptions.fields.name')}
            required
            value={f.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('prescriptions.fields.rxNumber')}
            required
            value={f.rxNumber}
            onChange={(e) => set('rxNumber', e.currentTarget.value)}
            error={errors.rxNumber}
          />
          <Textarea
            label={t('prescriptions.fields.diagnosis')}
            value={f.diagnosis}
            onChange={(e) => set('diagnosis', e.currentTarget.value)}
            error={errors.diagnosis}
            autosize
            minRows={2}
          />
          <Textarea
            label={t('prescriptions.fields.noteForPatient')}
            value={f.noteForPatient}
            onChange={(e) => set('noteForPatient', e.currentTarget.value)}
            error={errors.noteForPatient}
            autosize
            minRows={2}
          />
          <NativeSelect
            label={t('prescriptions.fields.doctor')}
            value={f.doctorId}
            onChange={(e) => set('doctorId', e.currentTarget.value)}
            error={errors.doctorId}
            data={[
              ...(f.doctorId ? [] : [{ value: '', label: t('prescriptions.medicine.chooseOne') }]),
              ...doctors.map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
          <Group grow align="flex-start">
            <DayInput
              label={t('prescriptions.fields.startDate')}
              required
              value={f.startDate}
              onValue={(v) => set('startDate', v)}
              error={errors.startDate}
            />
            <DayInput
              label={t('prescriptions.fields.endDate')}
              value={f.endDate}
              onValue={(v) => set('endDate', v)}
              error={errors.endDate}
            />
          </Group>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h3">
        {t('prescriptions.fields.medicines')}
      </Title>
      {errors.medicines && (
        <Text c="red" size="sm" role="alert">
          {errors.medicines}
        </Text>
      )}
      {f.medicines.map((m, i) => (
        <MedicineFields
          key={m.key}
          index={i}
          value={m}
          errors={errors}
          onChange={(next) => {
            setF((cur) => ({ ...cur, medicines: cur.medicines.map((x, k) => (k === i ? next : x)) }));
            // A changed medicine clears its own messages.
            setErrors((e) =>
              Object.fromEntries(
                Object.entries(e).filter(([k]) => !k.startsWith(`medicines.${i}.`) && k !== 'medicines'),
              ),
            );
          }}
          onRemove={
            f.medicines.length > 1
              ? () => {
                  setF((cur) => ({ ...cur, medicines: cur.medicines.filter((_, k) => k !== i) }));
                  setErrors({});
                }
              : undefined
          }
        />
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() => setF((cur) => ({ ...cur, medicines: [...cur.medicines, emptyMedicine()] }))}
        >
          {t('prescriptions.medicine.add')}
        </Button>
      </Group>
      {hasErrors && (
        <Alert color="red" role="alert">
          {t('prescriptions.form.fixErrors')}
        </Alert>
      )}
      {save.error && !hasErrors && (
        <Alert color="red" role="alert">
          {errorText(t, save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={back}>
          {t('prescriptions.form.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('prescriptions.form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

const Loading = () => (
  <Stack>
    <Skeleton height={40} w={320} />
    <Skeleton height={320} />
  </Stack>
);

/** /patients/:id/prescriptions/new (?from=<id>: reuse a prescription, prefilled with fresh dates). */
export function PrescriptionNewPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const from = params.get('from');
  const patient = useQuery({
    queryKey: patientKeys.detail(id),
    queryFn: () => patients.get(id),
    meta: { inlineError: true },
  });
  const source = useQuery({
    queryKey: rxKeys.detail(from ?? ''),
    queryFn: () => prescriptions.get(from!),
    enabled: !!from,
    meta: { inlineError: true },
  });
  const mode = useMemo<Mode | null>(
    () => (from ? (source.data ? { kind: 'reuse', from: source.data } : null) : { kind: 'new' }),
    [from, source.data],
  );
  if (patient.isError) return <ErrorState error={patient.error} onRetry={() => void patient.refetch()} />;
  if (source.isError) return <ErrorState error={source.error} onRetry={() => void source.refetch()} />;
  if (!patient.data || !mode) return <Loading />;
  return (
    <RxFormView
      key={`${patient.data.id}:${mode.kind === 'new' ? '' : mode.from.id}`}
      patient={patient.data}
      mode={mode}
    />
  );
}

/** /prescriptions/:id/edit: saving deactivates this one and creates a new, linked one. */
export function PrescriptionEditPage() {
  const { id = '' } = useParams();
  const rx = useQuery({
    queryKey: rxKeys.detail(id),
    queryFn: () => prescriptions.get(id),
    meta: { inlineError: true },
  });
  const patientId = rx.data?.patientId ?? '';
  const patient = useQuery({
    queryKey: patientKeys.detail(patientId),
    queryFn: () => patients.get(patientId),
    enabled: !!patientId,
    meta: { inlineError: true },
  });
  const mode = useMemo<Mode | null>(() => (rx.data ? { kind: 'edit', from: rx.data } : null), [rx.data]);
  if (rx.isError) return <ErrorState error={rx.error} onRetry={() => void rx.refetch()} />;
  if (patient.isError) return <ErrorState error={patient.error} onRetry={() => void patient.refetch()} />;
  if (!patient.data || !mode) return <Loading />;
  return (
    <RxFormView
      key={`${patient.data.id}:${mode.kind === 'new' ? '' : mode.from.id}`}
      patient={patient.data}
      mode={mode}
    />
  );
}
