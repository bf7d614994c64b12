import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLevel } from '@carewatch/contracts/auth';
import type { TPatientCounts, TPatientStatus } from '@carewatch/contracts/patients';
import { ErrorState } from '@carewatch/web/states';
import { patientKeys, patients, statusColor } from '../patients/patients-shared.tsx';

const CARDS: Array<{ status: TPatientStatus | null; key: keyof TPatientCounts }> = [
  { status: null, key: 'total' },
  { status: 'normal', key: 'normal' },
  { status: 'at_risk', key: 'atRisk' },
  { status: 'high_risk', key: 'highRisk' },
  { status: 'sos', key: 'sos' },
  { status: 'unassigned', key: 'unassigned' },
  { status: 'assigned', key: 'assigned' },
];

/** The spec §7 getCountPatientStatus call that fits the caller's role and level. */
function countsCall(level: TLevel | undefined): {
  kind: string;
  mhscId?: string;
  fetch: () => Promise<TPatientCounts>;
} {
  const role = level?.roleCode;
  if (role === 'doctor') return { kind: 'doctor', fetch: () => patients.doctorCounts() };
  if (role === 'doctor_assistant') return { kind: 'assistant', fetch: () => patients.assistantCounts() };
  const centerId = level?.centerId;
  if (role === 'mhsc_admin' && centerId)
    return { kind: 'center', mhscId: centerId, fetch: () => patients.centerCounts(centerId) };
  return { kind: 'operator', fetch: () => patients.operatorCounts() };
}

/** Dashboard cards: patients by status, each opening the list filtered by that status. */
export function PatientCounts({ level }: { level: TLevel | undefined }) {
  const { t } = useTranslation();
  const call = countsCall(level);
  const q = useQuery({
    queryKey: patientKeys.counts(call.kind, call.mhscId),
    queryFn: call.fetch,
    meta: { inlineError: true },
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="patient-counts-title">
      <Title order={2} size="h3" id="patient-counts-title">
        {t('patients.dashboard.title')}
      </Title>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
          {CARDS.map(({ status, key }) => {
            const label = status ? t(`patients.status.${status}`) : t('patients.dashboard.total');
            const count = q.data?.[key];
            return (
              <Card
                key={key}
                withBorder
                radius="md"
                padding="md"
                component={Link}
                to={status ? `/patients?status=${status}` : '/patients'}
                aria-label={count === undefined ? label : t('patients.dashboard.open', { label, count })}
                style={{ borderTop: `3px solid var(--mantine-color-${status ? statusColor(status) : 'brand'}-6)` }}
              >
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {label}
                </Text>
                {count === undefined ? (
                  <Skeleton height={28} mt={6} w={48} />
                ) : (
                  <Text fz={28} fw={700} mt={4} data-count={key}>
                    {count}
                  </Text>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
