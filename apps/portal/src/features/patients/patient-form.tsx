import i18n from 'i18next';
import { personName } from '@carewatch/contracts/names';
import { DayInput } from '@carewatch/web/day-input';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import {
  BLOOD_TYPES,
  GENDERS,
  RELATIONSHIPS,
  ZCreatePatientRequest,
  ZUpdatePatientRequest,
  checkPatientIdentifiers,
  type TPatient,
} from '@carewatch/contracts/patients';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { usePermissions } from '../../app/queries.ts';
import {
  patientKeys,
  patients,
  serverPatientErrors,
  useCenterChoices,
  useDoctorChoices,
  zodPatientErrors,
} from './patients-shared.tsx';

type Relative = { name: string; phone: string; relationship: string };
type TextKey =
  | 'patientCode'
  | 'firstName'
  | 'lastName'
  | 'birthday'
  | 'heightCm'
  | 'weightKg'
  | 'phone'
  | 'email'
  | 'address'
  | 'packageExpiry'
  | 'contractId';
type Values = Record<TextKey, string> & {
  gender: string;
  bloodType: string;
  centerId: string;
  relatives: Relative[];
  doctorIds: string[];
  createAccount: boolean;
};

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
function initialValues(p?: TPatient): Values {
  return {
    patientCode: str(p?.patientCode),
    firstName: str(p?.firstName),
    lastName: str(p?.lastName),
    birthday: str(p?.birthday),
    heightCm: str(p?.heightCm),
    weightKg: str(p?.weightKg),
    phone: str(p?.phone),
    email: str(p?.email),
    address: str(p?.address),
    packageExpiry: str(p?.packageExpiry),
    contractId: str(p?.contractId),
    gender: str(p?.gender),
    bloodType: str(p?.bloodType),
    centerId: str(p?.centerId),
    relatives: (p?.relatives ?? []).map((r) => ({ name: r.name, phone: r.phone ?? '', relationship: r.relationship })),
    doctorIds: [],
    createAccount: false,
  };
}

/** Create (no `existing`) or edit a patient: all fields of spec §3, relatives, center; doctors and app account on create. */
export function PatientForm({ existing, onDone }: { existing?: TPatient; onDone?: (saved: TPatient) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const centers = useCenterChoices();
  const doctors = useDoctorChoices(!existing);
  const level = usePermissions()?.level;
  // A new patient starts at the caller's own health center when they work at one.
  const [values, setValues] = useState<Values>(() => ({
    ...initialValues(existing),
    ...(!existing && level?.centerId ? { centerId: level.centerId } : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== k && !f.startsWith(`${String(k)}.`))));
  };
  const contractLocked = Boolean(existing?.contractId);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const fields = {
        ...v,
        gender: v.gender || undefined,
        relatives: v.relatives.map((r) => ({ ...r, relationship: r.relationship || undefined })),
        contractId: contractLocked ? (existing?.contractId ?? null) : v.contractId,
      };
      const parsed = existing ? ZUpdatePatientRequest.safeParse(fields) : ZCreatePatientRequest.safeParse(fields);
      const idError = checkPatientIdentifiers({
        patientCode: v.patientCode.trim() || null,
        phone: v.phone.trim() || null,
        email: v.email.trim() || null,
      });
      if (!parsed.success || idError) {
        const issues = [...(parsed.success ? [] : parsed.error.issues)];
        if (idError)
          for (const f of ['patientCode', 'phone', 'email'])
            issues.push({ path: [f], message: idError } as (typeof issues)[number]);
        throw { issues };
      }
      if (existing) return patients.update(existing.id, ZUpdatePatientRequest.parse(fields));
      return patients.create(ZCreatePatientRequest.parse(fields));
    },
    onSuccess: async (saved) => {
      setErrors({});
      queryClient.setQueryData(patientKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['patients', 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['patients', 'counts'] });
      notifySuccess(existing ? t('patients.form.saved') : t('patients.form.created'));
      if (onDone) onDone(saved);
      else navigate(`/patients/${saved.id}`);
    },
    onError: (e) => {
      if (e && typeof e === 'object' && 'issues' in e) setErrors(zodPatientErrors(t, e as { issues: [] }));
      else setErrors(serverPatientErrors(t, e));
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };
  const serverError =
    save.isError &&
    isApiError(save.error) &&
    Object.keys(save.error.fieldErrors()).length === 0 &&
    save.error.code !== 'PATIENT_IDENTIFIER_REQUIRED'
      ? errorText(t, save.error)
      : null;
  const text = (k: TextKey) => ({
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(k, e.currentTarget.value),
    error: errors[k],
  });
  const setRelative = (i: number, patch: Partial<Relative>) => {
    set(
      'relatives',
      values.relatives.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    );
  };
  const centerData = [
    { value: '', label: t('patients.form.noCenter') },
    ...centers.centers.map((c) => ({ value: c.id, label: c.name })),
  ];
  if (existing?.centerId && !centerData.some((c) => c.value === existing.centerId))
    centerData.push({ value: existing.centerId, label: existing.centerName ?? existing.centerId });
  if (!existing && level?.centerId && !centerData.some((c) => c.value === level.centerId))
    centerData.push({ value: level.centerId, label: level.centerName ?? level.centerId });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={existing ? t('patients.form.editTitle') : t('patients.form.createTitle')}
    >
      <Stack gap="md" maw={960}>
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Fieldset legend={t('patients.form.identity')}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label={t('patients.form.firstName')} required {...text('firstName')} />
              <TextInput label={t('patients.form.lastName')} required {...text('lastName')} />
            </Group>
            <Group grow align="flex-start">
              <TextInput label={t('patients.form.patientCode')} {...text('patientCode')} />
              <DayInput
                label={t('patients.form.birthday')}
                required
                value={values.birthday}
                error={errors.birthday}
                onValue={(v) => set('birthday', v)}
              />
              <NativeSelect
                label={t('patients.form.gender')}
                required
                value={values.gender}
                error={errors.gender}
                onChange={(e) => set('gender', e.currentTarget.value)}
                data={[
                  { value: '', label: t('patients.form.chooseGender') },
                  ...GENDERS.map((g) => ({ value: g, label: t(`patients.genders.${g}`) })),
                ]}
              />
            </Group>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('patients.form.contact')}>
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t('patients.form.identifiersHint')}
            </Text>
            <Group grow align="flex-start">
              <TextInput label={t('patients.form.phone')} type="tel" {...text('phone')} />
              <TextInput label={t('patients.form.email')} type="email" {...text('email')} />
            </Group>
            <TextInput label={t('patients.form.address')} required {...text('address')} />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('patients.form.health')}>
          <Group grow align="flex-start">
            <TextInput label={t('patients.form.heightCm')} inputMode="decimal" {...text('heightCm')} />
            <TextInput label={t('patients.form.weightKg')} inputMode="decimal" {...text('weightKg')} />
            <NativeSelect
              label={t('patients.form.bloodType')}
              value={values.bloodType}
              error={errors.bloodType}
              onChange={(e) => set('bloodType', e.currentTarget.value)}
              data={[
                { value: '', label: t('patients.form.noBloodType') },
                ...BLOOD_TYPES.map((b) => ({ value: b, label: b })),
              ]}
            />
          </Group>
        </Fieldset>
        <Fieldset legend={t('patients.form.administration')}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <NativeSelect
                label={t('patients.form.center')}
                value={values.centerId}
                error={errors.centerId}
                disabled={!centers.enabled && !existing && !level?.centerId}
                onChange={(e) => set('centerId', e.currentTarget.value)}
                data={centerData}
              />
              <DayInput
                label={t('patients.form.packageExpiry')}
                value={values.packageExpiry}
                error={errors.packageExpiry}
                onValue={(v) => set('packageExpiry', v)}
              />
              <TextInput
                label={t('patients.form.contractId')}
                disabled={contractLocked}
                description={contractLocked ? t('patients.form.contractLocked') : undefined}
                {...text('contractId')}
              />
            </Group>
            {!existing && doctors.isSuccess && (
              <MultiSelect
                label={t('patients.form.doctors')}
                description={t('patients.form.doctorsHint')}
                searchable
                data={doctors.data.items.map((d) => ({
                  value: d.id,
                  label: personName(d, i18n.language) + (d.email ? ` (${d.email})` : ''),
                }))}
                value={values.doctorIds}
                onChange={(v) => set('doctorIds', v)}
                error={errors.doctorIds ?? errors['doctorIds.0']}
                nothingFoundMessage={t('common.empty')}
              />
            )}
            {!existing && (
              <Checkbox
                label={t('patients.form.createAccount')}
                description={t('patients.form.createAccountHint')}
                checked={values.createAccount}
                onChange={(e) => set('createAccount', e.currentTarget.checked)}
                error={errors.createAccount}
              />
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('patients.form.relatives')}>
          <Stack gap="sm">
            {values.relatives.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('patients.form.noRelatives')}
              </Text>
            )}
            {values.relatives.map((r, i) => {
              const n = i + 1;
              return (
                <Group key={i} align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 2 }}
                    label={t('patients.form.relativeName', { n })}
                    required
                    value={r.name}
                    onChange={(e) => setRelative(i, { name: e.currentTarget.value })}
                    error={errors[`relatives.${i}.name`]}
                  />
                  <TextInput
                    style={{ flex: 2 }}
                    label={t('patients.form.relativePhone', { n })}
                    type="tel"
                    value={r.phone}
                    onChange={(e) => setRelative(i, { phone: e.currentTarget.value })}
                    error={errors[`relatives.${i}.phone`]}
                  />
                  <NativeSelect
                    style={{ flex: 2 }}
                    label={t('patients.form.relationship', { n })}
                    required
                    value={r.relationship}
                    onChange={(e) => setRelative(i, { relationship: e.currentTarget.value })}
                    error={errors[`relatives.${i}.relationship`]}
                    data={[
                      { value: '', label: t('patients.form.chooseRelationship') },
                      ...RELATIONSHIPS.map((rel) => ({ value: rel, label: t(`patients.relationships.${rel}`) })),
                    ]}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('patients.form.removeRelative', { n })}
                    onClick={() =>
                      set(
                        'relatives',
                        values.relatives.filter((_, j) => j !== i),
                      )
                    }
                  >
                    ✕
                  </ActionIcon>
                </Group>
              );
            })}
            {errors.relatives && (
              <Text size="sm" c="red">
                {errors.relatives}
              </Text>
            )}
            {values.relatives.length < 10 && (
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => set('relatives', [...values.relatives, { name: '', phone: '', relationship: '' }])}
                >
                  {t('patients.form.addRelative')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {existing ? t('patients.form.save') : t('patients.form.create')}
          </Button>
          <Button variant="default" onClick={() => (existing && onDone ? onDone(existing) : navigate(-1))}>
            {t('patients.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
