import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { ZCreateStaffRequest, ZUpdateStaffRequest, type TStaffDetail } from '@carewatch/contracts/staff';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import {
  DoctorProfileFields,
  LevelsEditor,
  emptyLevel,
  emptyProfile,
  levelRequest,
  levelValue,
  profileRequest,
  type LevelValue,
  type ProfileValues,
} from './staff-fields.tsx';
import { fullName, serverPathErrors, staff, staffKeys, useDoctorChoices, zodPathErrors } from './staff-shared.tsx';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  levels: LevelValue[];
  doctorIds: string[];
};

/** Create (no `existing`) or edit the account part of a staff member: names, contact, roles and assignments. */
export function StaffAccountForm({ existing, initialRole = '' }: { existing?: TStaffDetail; initialRole?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() =>
    existing
      ? {
          firstName: existing.firstName,
          lastName: existing.lastName,
          email: existing.email ?? '',
          phone: existing.phone ?? '',
          levels: existing.levels.map(levelValue),
          doctorIds: [],
        }
      : { firstName: '', lastName: '', email: '', phone: '', levels: [emptyLevel(initialRole)], doctorIds: [] },
  );
  const [profile, setProfile] = useState<ProfileValues>(emptyProfile);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== k && !f.startsWith(`${String(k)}.`))));
  };
  const isDoctor = values.levels.some((l) => l.roleCode === 'doctor');
  const isAssistant = values.levels.some((l) => l.roleCode === 'doctor_assistant');
  const needsDoctors = isAssistant && (!existing || existing.doctors.length === 0);
  const doctors = useDoctorChoices(needsDoctors);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body = { ...v, levels: v.levels.map(levelRequest), doctorIds: needsDoctors ? v.doctorIds : [] };
      if (existing) {
        const parsed = ZUpdateStaffRequest.safeParse(body);
        if (!parsed.success) throw parsed.error;
        return staff.update(existing.id, parsed.data);
      }
      const parsed = ZCreateStaffRequest.safeParse({
        ...body,
        ...(isDoctor ? { doctorProfile: profileRequest(profile) } : {}),
      });
      if (!parsed.success) throw parsed.error;
      return staff.create(parsed.data);
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      if (existing) {
        queryClient.setQueryData(staffKeys.detail(saved.id), saved);
        notifySuccess(t('staff.form.saved'));
      } else {
        notifySuccess(t('staff.form.created'));
        navigate(`/staff/${saved.id}`);
      }
    },
    onError: (e) => {
      if (e && typeof e === 'object' && 'issues' in e) setErrors(zodPathErrors(t, e as { issues: [] }));
      else setErrors(serverPathErrors(t, e));
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };
  const serverError =
    save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0
      ? errorText(t, save.error)
      : null;
  const fieldText = (k: 'firstName' | 'lastName' | 'email' | 'phone') => ({
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(k, e.currentTarget.value),
    error: errors[k],
  });
  const profileErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('doctorProfile.'))
      .map(([k, v]) => [k.slice('doctorProfile.'.length), v]),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={960}>
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput label={t('staff.form.firstName')} required {...fieldText('firstName')} />
          <TextInput label={t('staff.form.lastName')} required {...fieldText('lastName')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label={t('staff.form.email')} type="email" required {...fieldText('email')} />
          <TextInput label={t('staff.form.phone')} type="tel" {...fieldText('phone')} />
        </Group>
        <LevelsEditor
          levels={values.levels}
          onChange={(l) => set('levels', l)}
          errors={errors}
          extraRoles={existing?.levels.map((l) => l.roleCode)}
        />
        {needsDoctors && (
          <MultiSelect
            label={t('staff.form.doctorsToFollow')}
            description={t('staff.form.doctorsHint')}
            searchable
            data={(doctors.data?.items ?? []).map((d) => ({
              value: d.id,
              label: `${fullName(d)}${d.email ? ` (${d.email})` : ''}`,
            }))}
            value={values.doctorIds}
            onChange={(v) => set('doctorIds', v)}
            error={errors.doctorIds ?? errors['doctorIds.0']}
            nothingFoundMessage={t('common.empty')}
          />
        )}
        {!existing && isDoctor && <DoctorProfileFields values={profile} onChange={setProfile} errors={profileErrors} />}
        {!existing && (
          <Text size="sm" c="dimmed">
            {t('staff.form.passwordHint')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {existing ? t('staff.form.save') : t('staff.form.create')}
          </Button>
          {!existing && (
            <Button variant="default" onClick={() => navigate(-1)}>
              {t('staff.form.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
