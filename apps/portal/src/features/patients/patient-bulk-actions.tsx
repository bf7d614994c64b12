import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { personName } from '@carewatch/contracts/names';
import { Permission } from '@carewatch/contracts/permissions';
import { errorText } from '@carewatch/web/errors';
import { BulkBar, notifyBulkResult, type BulkSelection } from '../../app/bulk-selection.tsx';
import { notifySuccess } from '../../app/notify.ts';
import { useHasPermission } from '../../app/queries.ts';
import { downloadFile, patientKeys, patients, useCenterChoices, useDoctorChoices } from './patients-shared.tsx';

type Mode = 'doctor' | 'center';

/** Whether the caller has any bulk action on the patient list (the checkbox column shows only then). */
export function useHasPatientBulkActions(): boolean {
  const has = useHasPermission();
  return (has(Permission.PatientUpdate) && has(Permission.StaffView)) || has(Permission.PatientExport);
}

/**
 * The patient list's bulk actions (issue 20): assign a doctor and change the center (chosen in a confirm dialog),
 * export the selection. The answer is summed up in a toast; the selection is cleared and the list refetched.
 */
export function PatientBulkActions({ sel }: { sel: BulkSelection }) {
  const { t } = useTranslation();
  const has = useHasPermission();
  const queryClient = useQueryClient();
  const centers = useCenterChoices();
  const [mode, setMode] = useState<Mode | null>(null);
  const [choice, setChoice] = useState('');
  const doctors = useDoctorChoices(mode === 'doctor');
  const ids = sel.ids;
  const run = useMutation({
    mutationFn: () =>
      mode === 'doctor'
        ? patients.bulkAssignDoctor({ patientIds: ids, doctorId: choice })
        : patients.bulkChangeCenter({ patientIds: ids, centerId: choice }),
    onSuccess: async (r) => {
      setMode(null);
      notifyBulkResult(t, r);
      sel.clear();
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
    meta: { inlineError: true },
  });
  const exporter = useMutation({
    mutationFn: () => downloadFile(patients.bulkExportUrl(), 'patients.xlsx', { patientIds: ids }),
    onSuccess: () => notifySuccess(t('bulk.exported')),
    meta: { inlineError: true },
  });
  const open = (m: Mode) => {
    setChoice('');
    run.reset();
    setMode(m);
  };
  const canAssign = has(Permission.PatientUpdate) && has(Permission.StaffView);
  const options =
    mode === 'doctor'
      ? (doctors.data?.items ?? []).map((d) => ({
          value: d.id,
          label: personName(d, i18n.language) + (d.email ? ` (${d.email})` : ''),
        }))
      : centers.centers.map((c) => ({ value: c.id, label: c.name }));

  return (
    <>
      <BulkBar sel={sel}>
        {canAssign && (
          <Button variant="default" onClick={() => open('doctor')}>
            {t('bulk.assignDoctor')}
          </Button>
        )}
        {canAssign && centers.enabled && (
          <Button variant="default" onClick={() => open('center')}>
            {t('bulk.changeCenter')}
          </Button>
        )}
        {has(Permission.PatientExport) && (
          <Button variant="default" loading={exporter.isPending} onClick={() => exporter.mutate()}>
            {t('bulk.exportSelection')}
          </Button>
        )}
      </BulkBar>
      {exporter.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => exporter.reset()}>
          {errorText(t, exporter.error)}
        </Alert>
      )}
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title={
          mode === 'doctor'
            ? t('bulk.assignDoctorTitle', { count: ids.length })
            : t('bulk.changeCenterTitle', { count: ids.length })
        }
      >
        <Stack>
          {run.isError && (
            <Alert color="red" role="alert">
              {errorText(t, run.error)}
            </Alert>
          )}
          {mode === 'doctor' && <Text size="sm">{t('bulk.assignDoctorHint')}</Text>}
          <NativeSelect
            label={mode === 'doctor' ? t('bulk.doctor') : t('bulk.center')}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            data={[{ value: '', label: t('bulk.choose') }, ...options]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMode(null)}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!choice} loading={run.isPending} onClick={() => run.mutate()}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
