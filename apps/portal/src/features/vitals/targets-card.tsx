import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Permission } from '@carewatch/contracts/permissions';
import { ZTargetsRequest, type TPatient, type TTargetsRequest } from '@carewatch/contracts/patients';
import { serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useHasPermission } from '../../app/queries.ts';
import { formatMinutes, patients, vitalsKeys } from './vitals-shared.ts';

/** Sleep target (hours) and daily steps target; editable with HealthThresholdManage. */
export function TargetsCard({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const canEdit = has(Permission.HealthThresholdManage);
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState({ sleep: patient.sleepTargetMinutes, steps: patient.stepsTarget });
  const [sleepHours, setSleepHours] = useState<string | number>(
    patient.sleepTargetMinutes ? patient.sleepTargetMinutes / 60 : '',
  );
  const [steps, setSteps] = useState<string | number>(patient.stepsTarget ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setCurrent({ sleep: patient.sleepTargetMinutes, steps: patient.stepsTarget });
    setSleepHours(patient.sleepTargetMinutes ? patient.sleepTargetMinutes / 60 : '');
    setSteps(patient.stepsTarget ?? '');
  }, [patient.sleepTargetMinutes, patient.stepsTarget]);

  const save = useMutation({
    mutationFn: (body: TTargetsRequest) => patients.updateTargets(patient.id, body),
    meta: { inlineError: true },
    onSuccess: (updated) => {
      setErrors({});
      setCurrent({ sleep: updated.sleepTargetMinutes, steps: updated.stepsTarget });
      queryClient.setQueriesData({ queryKey: ['patients', 'detail', patient.id] }, (old: unknown) =>
        old && typeof old === 'object' ? { ...old, ...updated } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['patients'] });
      void queryClient.invalidateQueries({ queryKey: vitalsKeys.all(patient.id) });
      notifySuccess(t('vitals.targets.saved'));
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
  });

  const submit = () => {
    const body = {
      sleepTargetMinutes: sleepHours === '' ? null : Math.round(Number(sleepHours) * 60),
      stepsTarget: steps === '' ? null : Number(steps),
    };
    const parsed = ZTargetsRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <Card withBorder padding="md">
      <Title order={3} mb="xs">
        {t('vitals.targets.title')}
      </Title>
      {canEdit ? (
        <Stack gap="sm">
          <Group align="flex-start">
            <NumberInput
              label={t('vitals.targets.sleepHours')}
              value={sleepHours}
              onChange={setSleepHours}
              min={0.5}
              max={24}
              step={0.5}
              decimalScale={2}
              w={220}
              error={errors.sleepTargetMinutes}
              description={
                current.sleep
                  ? t('vitals.targets.current', { value: formatMinutes(t, current.sleep) })
                  : t('vitals.targets.notSet')
              }
            />
            <NumberInput
              label={t('vitals.targets.steps')}
              value={steps}
              onChange={setSteps}
              min={1}
              max={200000}
              step={500}
              allowDecimal={false}
              w={220}
              error={errors.stepsTarget}
              description={
                current.steps
                  ? t('vitals.targets.current', { value: current.steps.toLocaleString('en') })
                  : t('vitals.targets.notSet')
              }
            />
          </Group>
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              {t('vitals.targets.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            {t('vitals.targets.sleepHours')}:{' '}
            {current.sleep ? formatMinutes(t, current.sleep) : t('vitals.targets.notSet')}
          </Text>
          <Text size="sm">
            {t('vitals.targets.steps')}:{' '}
            {current.steps ? current.steps.toLocaleString('en') : t('vitals.targets.notSet')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
