import { Alert, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import type { TDoctorPatient } from '@carewatch/contracts/dashboards';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useDoctorDashboard } from './dashboards-api.ts';
import { HealthLines, LevelBadge } from './health-summary.tsx';
import { useOpenFromDashboard } from './view-as.ts';
import { LEVEL_COLOR } from '../followed/subject-card.tsx';

const PAGE = 50;

/**
 * A doctor's patients (patient-app §2 "doctor dashboard"): level, open alert, last reading, most urgent first; tapping
 * one views their data, read only. Any other account is told to sign in with a doctor's (§6).
 */
export function DoctorDashboard() {
  const { t } = useTranslation();
  const [size, setSize] = useState(PAGE);
  const q = useDoctorDashboard(size);
  if (q.isError && isApiError(q.error) && q.error.code === 'DOCTOR_ACCOUNT_REQUIRED')
    return (
      <Alert color="orange" role="alert">
        {t('errors.DOCTOR_ACCOUNT_REQUIRED')}
      </Alert>
    );
  if (q.isPending) return <CardsSkeleton rows={3} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('dashboards.doctor.total', { count: d.total })}
      </Text>
      {d.items.length === 0 ? (
        <Text c="dimmed">{t('dashboards.doctor.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.items.map((p) => (
            <PatientCard key={p.patientId} patient={p} />
          ))}
        </Stack>
      )}
      {d.items.length < d.total && (
        <Button variant="light" fullWidth loading={q.isFetching} onClick={() => setSize((s) => s + PAGE)}>
          {t('dashboards.doctor.more')}
        </Button>
      )}
    </Stack>
  );
}

function PatientCard({ patient: p }: { patient: TDoctorPatient }) {
  const { t } = useTranslation();
  const open = useOpenFromDashboard('doctor');
  return (
    <Card
      component="li"
      withBorder
      padding={0}
      style={{ borderLeft: `6px solid var(--mantine-color-${LEVEL_COLOR[p.level]}-6)` }}
    >
      <UnstyledButton onClick={() => open(p)} p="sm" w="100%" aria-label={t('dashboards.view', { name: p.name })}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{p.name}</Text>
            {p.patientCode && (
              <Text size="xs" c="dimmed">
                {t('dashboards.doctor.code', { code: p.patientCode })}
              </Text>
            )}
            <HealthLines openAlert={p.openAlert} openAlerts={p.openAlerts} lastMeasuredAt={p.lastMeasuredAt} />
          </Stack>
          <LevelBadge level={p.level} />
        </Group>
      </UnstyledButton>
    </Card>
  );
}
