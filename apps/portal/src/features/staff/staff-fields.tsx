import type { ChangeEvent } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCTOR_DEGREE_CODES, DOCTOR_TYPES, type TDoctorProfile, type TStaffLevel } from '@carewatch/contracts/staff';
import { MAX_SPECIALTIES, SPECIALTIES } from '@carewatch/contracts/specialties';
import { roleLabel, specialtyLabel, useStaffOptions } from './staff-shared.tsx';

export type LevelValue = { roleCode: string; centerId: string; scopeId: string; isMain: boolean };
export const emptyLevel = (roleCode = ''): LevelValue => ({ roleCode, centerId: '', scopeId: '', isMain: false });
export const levelValue = (l: TStaffLevel): LevelValue => ({
  roleCode: l.roleCode,
  centerId: l.centerId ?? '',
  scopeId: l.centerId ? '' : (l.scopeId ?? ''),
  isMain: l.isMain,
});
export const levelRequest = (l: LevelValue) => ({
  roleCode: l.roleCode,
  centerId: l.centerId || null,
  scopeId: l.centerId ? null : l.scopeId || null,
  isMain: l.isMain,
});

type Errors = Record<string, string>;

/** Role + health center / scope + main/support rows; at least one. */
export function LevelsEditor({
  levels,
  onChange,
  errors,
  extraRoles = [],
}: {
  levels: LevelValue[];
  onChange: (l: LevelValue[]) => void;
  errors: Errors;
  extraRoles?: string[];
}) {
  const { t } = useTranslation();
  const options = useStaffOptions();
  const roles = options.data?.roles ?? [];
  const roleData = [
    { value: '', label: t('staff.form.none') },
    ...roles.map((r) => ({ value: r.code, label: roleLabel(t, r.code, r.name) })),
  ];
  for (const code of extraRoles)
    if (!roleData.some((r) => r.value === code)) roleData.push({ value: code, label: roleLabel(t, code) });
  const set = (i: number, patch: Partial<LevelValue>) =>
    onChange(levels.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Fieldset legend={t('staff.form.levels')}>
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('staff.form.levelsHint')}
        </Text>
        {errors.levels && (
          <Text size="sm" c="red" role="alert">
            {errors.levels}
          </Text>
        )}
        {levels.map((l, i) => (
          <Fieldset key={i} legend={t('staff.form.level', { n: i + 1 })} variant="unstyled">
            <Group align="flex-start" wrap="wrap">
              <NativeSelect
                label={t('staff.form.role')}
                value={l.roleCode}
                data={roleData}
                w={220}
                onChange={(e) => set(i, { roleCode: e.currentTarget.value })}
                error={errors[`levels.${i}.roleCode`] ?? errors[`levels.${i}`]}
              />
              <NativeSelect
                label={t('staff.form.center')}
                value={l.centerId}
                w={240}
                data={[
                  { value: '', label: t('staff.form.none') },
                  ...(options.data?.centers ?? []).map((c) => ({ value: c.id, label: c.name })),
                ]}
                onChange={(e) => set(i, { centerId: e.currentTarget.value, scopeId: '' })}
                error={errors[`levels.${i}.centerId`]}
              />
              <NativeSelect
                label={t('staff.form.scope')}
                value={l.scopeId}
                w={200}
                disabled={!!l.centerId}
                data={[
                  { value: '', label: t('staff.form.none') },
                  ...(options.data?.scopes ?? []).map((s) => ({ value: s.id, label: s.name })),
                ]}
                onChange={(e) => set(i, { scopeId: e.currentTarget.value })}
                error={errors[`levels.${i}.scopeId`]}
              />
              <Checkbox
                mt={30}
                label={t('staff.form.isMain')}
                checked={l.isMain}
                onChange={(e) => set(i, { isMain: e.currentTarget.checked })}
                error={errors[`levels.${i}.isMain`]}
              />
              {levels.length > 1 && (
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={t('staff.form.removeLevel', { n: i + 1 })}
                  onClick={() => onChange(levels.filter((_, j) => j !== i))}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          </Fieldset>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...levels, emptyLevel()])}>
            {t('staff.form.addLevel')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export type ProfileValues = {
  specialties: string[];
  degree: string;
  examinationCost: string;
  officeAddress: string;
  officeEmail: string;
  officePhone: string;
  introduction: string;
  placeOfEducation: string;
  yearsOfExperience: string;
  doctorType: (typeof DOCTOR_TYPES)[number];
};
export const emptyProfile = (): ProfileValues => ({
  specialties: [],
  degree: '',
  examinationCost: '',
  officeAddress: '',
  officeEmail: '',
  officePhone: '',
  introduction: '',
  placeOfEducation: '',
  yearsOfExperience: '',
  doctorType: 'family',
});
export const profileValues = (p: TDoctorProfile | null): ProfileValues =>
  p
    ? {
        specialties: p.specialties,
        degree: p.degree ? String(p.degree) : '',
        examinationCost: p.examinationCost == null ? '' : String(p.examinationCost),
        officeAddress: p.officeAddress ?? '',
        officeEmail: p.officeEmail ?? '',
        officePhone: p.officePhone ?? '',
        introduction: p.introduction ?? '',
        placeOfEducation: p.placeOfEducation ?? '',
        yearsOfExperience: p.yearsOfExperience == null ? '' : String(p.yearsOfExperience),
        doctorType: p.doctorType,
      }
    : emptyProfile();
const num = (s: string) => (s.trim() === '' ? null : Number(s));
export const profileRequest = (v: ProfileValues) => ({
  ...v,
  degree: num(v.degree),
  examinationCost: num(v.examinationCost),
  yearsOfExperience: num(v.yearsOfExperience),
});

/** The doctor profile of spec §3. */
export function DoctorProfileFields({
  values,
  onChange,
  errors,
}: {
  values: ProfileValues;
  onChange: (v: ProfileValues) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof ProfileValues>(k: K, v: ProfileValues[K]) => onChange({ ...values, [k]: v });
  const text = (
    k: 'officeAddress' | 'officeEmail' | 'officePhone' | 'placeOfEducation' | 'examinationCost' | 'yearsOfExperience',
  ) => ({
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(k, e.currentTarget.value),
    error: errors[k],
  });
  return (
    <Fieldset legend={t('staff.detail.tabProfile')}>
      <Stack gap="sm">
        <MultiSelect
          label={t('staff.profile.specialties')}
          description={t('staff.profile.specialtiesHint')}
          searchable
          maxValues={MAX_SPECIALTIES}
          data={SPECIALTIES.map((s) => ({ value: s.code, label: specialtyLabel(t, s.code) }))}
          value={values.specialties}
          onChange={(v) => set('specialties', v)}
          error={errors.specialties ?? errors['specialties.0']}
          nothingFoundMessage={t('common.empty')}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('staff.profile.degree')}
            value={values.degree}
            onChange={(e) => set('degree', e.currentTarget.value)}
            error={errors.degree}
            data={[
              { value: '', label: t('staff.profile.noDegree') },
              ...DOCTOR_DEGREE_CODES.map((d) => ({ value: String(d), label: `${d} · ${t(`staff.degrees.d${d}`)}` })),
            ]}
          />
          <NativeSelect
            label={t('staff.profile.doctorType')}
            value={values.doctorType}
            onChange={(e) => set('doctorType', e.currentTarget.value === 'specialist' ? 'specialist' : 'family')}
            data={DOCTOR_TYPES.map((d) => ({ value: d, label: t(`staff.doctorTypes.${d}`) }))}
            error={errors.doctorType}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput label={t('staff.profile.examinationCost')} inputMode="decimal" {...text('examinationCost')} />
          <TextInput label={t('staff.profile.yearsOfExperience')} inputMode="numeric" {...text('yearsOfExperience')} />
        </Group>
        <TextInput label={t('staff.profile.officeAddress')} {...text('officeAddress')} />
        <Group grow align="flex-start">
          <TextInput label={t('staff.profile.officeEmail')} type="email" {...text('officeEmail')} />
          <TextInput label={t('staff.profile.officePhone')} type="tel" {...text('officePhone')} />
        </Group>
        <TextInput label={t('staff.profile.placeOfEducation')} {...text('placeOfEducation')} />
        <Textarea
          label={t('staff.profile.introduction')}
          autosize
          minRows={2}
          value={values.introduction}
          onChange={(e) => set('introduction', e.currentTarget.value)}
          error={errors.introduction}
        />
      </Stack>
    </Fieldset>
  );
}
