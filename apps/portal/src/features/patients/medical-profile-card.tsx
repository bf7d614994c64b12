import { Alert, Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appProfileApi } from '@carewatch/api-client/app-profile';
import type { TPatient } from '@carewatch/contracts/patients';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';

const profiles = appProfileApi(api.request);

/**
 * The medical profile the patient gave in the app, and the doctor's switch that lets the patient edit it (spec §6: a
 * patient cannot update their own medical profile unless allowed).
 */
export function MedicalProfileCard({ patient, canEdit }: { patient: TPatient; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['patients', patient.id, 'medical-profile'];
  const q = useQuery({ queryKey: key, queryFn: () => profiles.patientMedical(patient.id) });
  const toggle = useMutation({
    mutationFn: (editable: boolean) => profiles.setMedicalEditable(patient.id, editable),
    onSuccess: () => {
      notifySuccess(t('patients.medical.saved'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    meta: { inlineError: true },
  });
  const none = t('patients.medical.none');
  return (
    <Card withBorder component="section" aria-labelledby="medical-profile-title">
      <Stack gap="sm">
        <Title order={3} id="medical-profile-title">
          {t('patients.medical.title')}
        </Title>
        {q.isError && (
          <Alert color="red" role="alert">
            {errorText(t, q.error)}
          </Alert>
        )}
        {q.data && (
          <>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <Stack gap={0}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('patients.medical.diseases')}
                </Text>
                <Text size="sm">
                  {q.data.backgroundDiseases.map((d) => t(`patients.medical.diseaseNames.${d}`)).join(', ') || none}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('patients.medical.history')}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {q.data.medicalHistory ?? none}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('patients.medical.skinColour')}
                </Text>
                <Text size="sm">{q.data.skinColour ? q.data.skinColour.replace('type_', 'Fitzpatrick ') : none}</Text>
              </Stack>
            </SimpleGrid>
            <Switch
              label={t('patients.medical.editable')}
              description={t('patients.medical.editableHint')}
              checked={q.data.editable}
              disabled={!canEdit || toggle.isPending}
              onChange={(e) => toggle.mutate(e.currentTarget.checked)}
            />
            {toggle.error && (
              <Alert color="red" role="alert">
                {errorText(t, toggle.error)}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
