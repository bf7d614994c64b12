import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Permission } from '@carewatch/contracts/permissions';
import { useProfile, usePermissions, useTenantSettings } from '../../app/queries.ts';
import { PatientCounts } from './patient-counts.tsx';
import { personName } from '@carewatch/contracts/names';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fw={600} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** Home page: greets the user with their role, tenant and level, then the patient counts by status (when allowed). */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const profile = useProfile().data;
  const perms = usePermissions();
  const settings = useTenantSettings();
  const name = profile ? personName(profile, i18n.language) : '';
  const level = perms?.level;
  const levelText = level
    ? [level.scopeName, level.centerName].filter(Boolean).join(' · ') || t('auth.level.tenantWide')
    : t('common.none');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('dashboard.greeting', { name })}</Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </div>
      <SimpleGrid cols={4}>
        <Fact label={t('dashboard.role')} value={level?.roleName ?? perms?.role ?? t('common.none')} />
        <Fact
          label={t('dashboard.tenant')}
          value={settings?.settings.ORGANIZATION_NAME || settings?.tenantName || perms?.tenantCode || t('common.none')}
        />
        <Fact label={t('dashboard.level')} value={levelText} />
        <Fact
          label={t('dashboard.permissions')}
          value={t('dashboard.permissionCount', { count: perms?.permissions.length ?? 0 })}
        />
      </SimpleGrid>
      {perms?.permissions.includes(Permission.DashboardPatientCount) && <PatientCounts level={level} />}
    </Stack>
  );
}
