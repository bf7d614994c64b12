import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDevice } from '@carewatch/contracts/devices';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { deviceKeys, devices, patientsForDevices } from './devices-shared.tsx';

/** Assign the device to a patient found by name, code, phone or e-mail, or release it. */
export function DeviceAssignModal({
  opened,
  onClose,
  device,
}: {
  opened: boolean;
  onClose: () => void;
  device: TDevice;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [patientId, setPatientId] = useState<string>(device.patientId ?? '');
  const found = useQuery({
    queryKey: ['devices', 'patientSearch', debounced],
    queryFn: () => patientsForDevices.list({ size: 10, ...(debounced ? { search: debounced } : {}) }),
    enabled: opened,
    meta: { inlineError: true },
  });
  const save = useMutation({
    mutationFn: (id: string | null) => devices.assign(device.id, { patientId: id }),
    onSuccess: async (d) => {
      notifySuccess(
        d.patientId ? t('devices.assign.done', { name: d.patientName ?? '' }) : t('devices.assign.released'),
      );
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      onClose();
    },
    meta: { inlineError: true },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('devices.assign.title', { serial: device.serial })} size="md">
      <Stack gap="sm">
        {device.patientName && <Text size="sm">{t('devices.assign.current', { name: device.patientName })}</Text>}
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        <TextInput
          label={t('devices.assign.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {found.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, found.error)}
          </Alert>
        ) : (
          <ScrollArea.Autosize mah={280}>
            <Radio.Group value={patientId} onChange={setPatientId} label={t('devices.assign.patient')}>
              <Stack gap={6} mt="xs">
                {(found.data?.items ?? []).map((p) => (
                  <Radio
                    key={p.id}
                    value={p.id}
                    label={`${p.fullName}${p.patientCode ? ` (${p.patientCode})` : ''}${p.phone ? ` · ${p.phone}` : ''}`}
                  />
                ))}
                {found.data && found.data.items.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('devices.assign.none')}
                  </Text>
                )}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="space-between">
          {device.patientId ? (
            <Button variant="subtle" color="red" onClick={() => save.mutate(null)} loading={save.isPending}>
              {t('devices.assign.release')}
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => save.mutate(patientId)}
              disabled={!patientId || patientId === device.patientId}
              loading={save.isPending}
            >
              {t('devices.assign.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
