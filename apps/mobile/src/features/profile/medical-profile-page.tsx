import { Alert, Button, Card, Checkbox, Group, NativeSelect } from '@mantine/core';
import { Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SKIN_COLOURS } from '@carewatch/contracts/app-auth';
import {
  BACKGROUND_DISEASES,
  ZUpdateMedicalProfileRequest,
  type TMedicalProfile,
  type TUpdateMedicalProfileRequest,
} from '@carewatch/contracts/app-profile';
import { BLOOD_TYPES } from '@carewatch/contracts/patients';
import { serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { useProfile } from '../../app/queries.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { myProfileApi, PROFILE_KEYS, profileErrorText } from './profile-api.ts';
import { displayHeight, displayWeight, parseMeasure, type UnitSystem } from './profile-rules.ts';
import { BackLink } from './back-link.tsx';

/**
 * `/profile/medical`: blood type, skin colour, background diseases, history, height and weight. Read-only for a patient
 * unless their doctor allowed editing (§6 "A patient cannot update their own medical profile").
 */
export function MedicalProfilePage() {
  const { t } = useTranslation();
  const medical = useQuery({ queryKey: PROFILE_KEYS.medical, queryFn: () => myProfileApi.medical() });
  const me = useProfile();
  if (medical.isPending || me.isPending) return <CardsSkeleton rows={3} />;
  if (medical.isError) return <ErrorState error={medical.error} onRetry={() => void medical.refetch()} />;
  const units: UnitSystem = me.data?.unitSystem === 'imperial' ? 'imperial' : 'metric';
  return (
    <Stack gap="md">
      <BackLink to="/profile" />
      <Title order={1} size="h3">
        {t('profile.medical.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('profile.medical.intro')}
      </Text>
      {medical.data.editable ? (
        <MedicalForm medical={medical.data} units={units} />
      ) : (
        <MedicalView medical={medical.data} units={units} />
      )}
    </Stack>
  );
}

function MedicalView({ medical: m, units }: { medical: TMedicalProfile; units: UnitSystem }) {
  const { t } = useTranslation();
  const none = t('profile.notSet');
  const rows: Array<[string, string]> = [
    [t('access.register.bloodType'), m.bloodType ?? none],
    [t('access.register.skinColour'), m.skinColour ? t(`options.skinColour.${m.skinColour}`) : none],
    [
      t('profile.medical.backgroundDiseases'),
      m.backgroundDiseases.length
        ? m.backgroundDiseases.map((d) => t(`profile.medical.diseases.${d}`)).join(', ')
        : t('profile.medical.none'),
    ],
    [t('profile.medical.medicalHistory'), m.medicalHistory || none],
    [t(units === 'imperial' ? 'profile.me.heightIn' : 'profile.me.heightCm'), displayHeight(m.heightCm, units) || none],
    [t(units === 'imperial' ? 'profile.me.weightLb' : 'profile.me.weightKg'), displayWeight(m.weightKg, units) || none],
  ];
  return (
    <>
      <Alert color="blue" role="status">
        {t('profile.medical.locked')}
      </Alert>
      <Card withBorder>
        <Table variant="vertical" withRowBorders>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="45%">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </>
  );
}

function MedicalForm({ medical: m, units }: { medical: TMedicalProfile; units: UnitSystem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [bloodType, setBloodType] = useState(m.bloodType ?? '');
  const [skinColour, setSkinColour] = useState(m.skinColour ?? '');
  const [diseases, setDiseases] = useState<string[]>(m.backgroundDiseases);
  const [history, setHistory] = useState(m.medicalHistory ?? '');
  const [height, setHeight] = useState(displayHeight(m.heightCm, units));
  const [weight, setWeight] = useState(displayWeight(m.weightKg, units));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: TUpdateMedicalProfileRequest) => myProfileApi.updateMedical(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(PROFILE_KEYS.medical, saved);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.profile });
      notifications.show({ color: 'teal', message: t('profile.saved'), autoClose: 2500 });
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const heightCm = parseMeasure(height, 'height', units);
    const weightKg = parseMeasure(weight, 'weight', units);
    const parsed = ZUpdateMedicalProfileRequest.safeParse({
      bloodType: bloodType || null,
      skinColour: skinColour || null,
      backgroundDiseases: diseases,
      medicalHistory: history.trim() || null,
      heightCm,
      weightKg,
    });
    const errs = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    delete errs.heightCm;
    delete errs.weightKg;
    if (heightCm !== null && (Number.isNaN(heightCm) || heightCm <= 30 || heightCm >= 300))
      errs.height = t(Number.isNaN(heightCm) ? 'profile.me.number' : 'profile.me.heightRange');
    if (weightKg !== null && (Number.isNaN(weightKg) || weightKg <= 1 || weightKg >= 700))
      errs.weight = t(Number.isNaN(weightKg) ? 'profile.me.number' : 'profile.me.weightRange');
    setErrors(errs);
    if (parsed.success && Object.keys(errs).length === 0) save.mutate(parsed.data);
  };
  const options = (values: readonly string[], label: (v: string) => string) => [
    { value: '', label: '—' },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  const fieldless = save.isError && Object.keys(errors).length === 0;
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {fieldless && (
            <Alert color="red" role="alert">
              {profileErrorText(t, save.error)}
            </Alert>
          )}
          <NativeSelect
            label={t('access.register.bloodType')}
            data={options(BLOOD_TYPES, (v) => v)}
            value={bloodType}
            onChange={(e) => setBloodType(e.currentTarget.value)}
            error={errors.bloodType}
          />
          <NativeSelect
            label={t('access.register.skinColour')}
            data={options(SKIN_COLOURS, (v) => t(`options.skinColour.${v}`))}
            value={skinColour}
            onChange={(e) => setSkinColour(e.currentTarget.value)}
            error={errors.skinColour}
          />
          <Checkbox.Group
            label={t('profile.medical.backgroundDiseases')}
            value={diseases}
            onChange={setDiseases}
            error={errors.backgroundDiseases}
          >
            <Stack gap={6} mt={6}>
              {BACKGROUND_DISEASES.map((d) => (
                <Checkbox key={d} value={d} label={t(`profile.medical.diseases.${d}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label={t('profile.medical.medicalHistory')}
            autosize
            minRows={3}
            maxLength={2000}
            value={history}
            onChange={(e) => setHistory(e.currentTarget.value)}
            error={errors.medicalHistory}
          />
          <Group grow>
            <TextInput
              label={t(units === 'imperial' ? 'profile.me.heightIn' : 'profile.me.heightCm')}
              inputMode="decimal"
              value={height}
              onChange={(e) => setHeight(e.currentTarget.value)}
              error={errors.height}
            />
            <TextInput
              label={t(units === 'imperial' ? 'profile.me.weightLb' : 'profile.me.weightKg')}
              inputMode="decimal"
              value={weight}
              onChange={(e) => setWeight(e.currentTarget.value)}
              error={errors.weight}
            />
          </Group>
          <Button type="submit" size="md" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
