import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import type { TWorklistItem } from '@carewatch/contracts/worklist';
import { personName } from '@carewatch/contracts/names';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { patientKeys, patients, useDoctorChoices } from '../patients/patients-shared.tsx';
import { assignableDoctors, doctorsAfterAssigning, worklistKeys } from './worklist-rules.ts';

/**
 * "Assign to…" on a worklist row: another doctor of the tenant starts following the patient, beside the ones who do
 * (the patient's doctors list, as on the patient page; at most 10).
 */
export function AssignDoctor({ item }: { item: TWorklistItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const choices = useDoctorChoices(open);
  const save = useMutation({
    mutationFn: (id: string) =>
      patients.assignDoctors(item.patientId, { doctorIds: doctorsAfterAssigning(item.assignees, id) }),
    onSuccess: async (_saved, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: worklistKeys.all }),
        queryClient.invalidateQueries({ queryKey: patientKeys.all }),
      ]);
      setOpen(false);
      const doctor = choices.data?.items.find((d) => d.id === id);
      notifySuccess(
        t('worklist.assignedTo', { name: item.patientName, doctor: doctor ? personName(doctor, i18n.language) : '' }),
      );
    },
    meta: { inlineError: true },
  });
  const data = assignableDoctors(choices.data?.items ?? [], item.assignees).map((d) => ({
    value: d.id,
    label: personName(d, i18n.language) + (d.email ? ` (${d.email})` : ''),
  }));
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        mt={4}
        onClick={() => {
          setDoctorId(null);
          save.reset();
          setOpen(true);
        }}
        aria-label={t('worklist.assignToLabel', { name: item.patientName })}
      >
        {t('worklist.assignTo')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('worklist.assignTitle', { name: item.patientName })}>
        <Stack>
          {save.isError && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          {choices.isError && (
            <Alert color="red" role="alert">
              {errorText(t, choices.error)}
            </Alert>
          )}
          {item.assignees.length > 0 && (
            <Text size="sm">
              {t('worklist.assignCurrent', { names: item.assignees.map((a) => a.name).join(', ') })}
            </Text>
          )}
          <Select
            label={t('worklist.assignDoctor')}
            searchable
            data={data}
            value={doctorId}
            onChange={setDoctorId}
            nothingFoundMessage={t('common.empty')}
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!doctorId} loading={save.isPending} onClick={() => doctorId && save.mutate(doctorId)}>
              {t('worklist.assignConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
