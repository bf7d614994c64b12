import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PatientForm } from './patient-form.tsx';

/** New patient (operators and admins with PatientCreate). */
export function PatientCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Anchor component={Link} to="/patients" size="sm">
        {t('patients.detail.back')}
      </Anchor>
      <Title order={1}>{t('patients.form.createTitle')}</Title>
      <PatientForm />
    </Stack>
  );
}
