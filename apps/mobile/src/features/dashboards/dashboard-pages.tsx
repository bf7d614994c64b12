import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoachDashboard } from './coach-dashboard.tsx';
import { DoctorDashboard } from './doctor-dashboard.tsx';
import type { DashboardRole } from './dashboard-rules.ts';

/** /dashboards/coach: the coach's team. */
export function CoachDashboardPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('dashboards.coach.title')}
      </Title>
      <Text size="sm">{t('dashboards.coach.intro')}</Text>
      <CoachDashboard />
      <SportProfileLink />
    </Stack>
  );
}

/** /dashboards/doctor: the doctor's patients; anyone else reads "Please login with Doctor account". */
export function DoctorDashboardPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('dashboards.doctor.title')}
      </Title>
      <Text size="sm">{t('dashboards.doctor.intro')}</Text>
      <DoctorDashboard />
    </Stack>
  );
}

/** Home of a coach or doctor account (no health record of its own): their dashboard in place of the latest values. */
export function DashboardHome({ role }: { role: DashboardRole }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-home">
      <Title order={2} size="h4" id="dashboard-home" mb="xs">
        {t(`dashboards.${role}.title`)}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t(`dashboards.${role}.intro`)}</Text>
        {role === 'coach' ? <CoachDashboard headingOrder={3} /> : <DoctorDashboard />}
        {role === 'coach' && <SportProfileLink />}
      </Stack>
    </section>
  );
}

function SportProfileLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/sport-profile" mih={44} display="flex" style={{ alignItems: 'center' }}>
      {t('dashboards.profile.open')}
    </Anchor>
  );
}
