import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAppMedication, TIntake, TIntakeConfirmRequest } from '@carewatch/contracts/prescriptions';
import { MEDICATION_KEYS, myMedicationApi } from './medication-api.ts';
import { doseNumber } from './medication-rules.ts';

/** Taken / Skip of one dose: the answered dose replaces its line at once, then the week's figures refresh. */
export function useAnswerDose(subjectId: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { intake: TIntake; body: TIntakeConfirmRequest }) => myMedicationApi.confirm(v.intake.id, v.body),
    onSuccess: (saved, v) => {
      queryClient.setQueryData<TAppMedication>(MEDICATION_KEYS.view(subjectId), (old) =>
        old ? { ...old, today: old.today.map((d) => (d.id === saved.id ? saved : d)) } : old,
      );
      notifications.show({
        color: 'teal',
        autoClose: 2500,
        message: t(v.body.action === 'taken' ? 'medication.dose.markedTaken' : 'medication.dose.markedSkipped', {
          name: v.intake.medicineName,
        }),
      });
      void queryClient.invalidateQueries({ queryKey: MEDICATION_KEYS.all });
    },
  });
}

/** "1 tablet(s)" in the reader's language. */
export function useDoseText() {
  const { t, i18n } = useTranslation();
  return (d: Pick<TIntake, 'dose' | 'doseUnit'>) =>
    t('medication.dose.amount', { dose: doseNumber(d.dose, i18n.language), unit: t(`medication.units.${d.doseUnit}`) });
}
