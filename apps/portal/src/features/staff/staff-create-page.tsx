import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StaffAccountForm } from './staff-account-form.tsx';

/** New staff account (?role=doctor preselects a role). */
export function StaffCreatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const role = params.get('role') ?? '';
  return (
    <Stack>
      <Anchor component={Link} to={role === 'doctor' ? '/doctors' : '/staff'} size="sm">
        {t('staff.detail.back')}
      </Anchor>
      <Title order={1}>{role === 'doctor' ? t('staff.form.createDoctorTitle') : t('staff.form.createTitle')}</Title>
      <StaffAccountForm key={role} initialRole={role} />
    </Stack>
  );
}
