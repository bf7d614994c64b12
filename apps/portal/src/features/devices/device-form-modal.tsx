import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import { DEVICE_CATEGORY, DEVICE_MODELS, ZCreateDeviceRequest, type TDevice } from '@carewatch/contracts/devices';
import {
  deviceBody,
  deviceFormValues,
  isCellular,
  missingIdentifier,
  type DeviceValues as Values,
} from './devices-rules.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { deviceKeys, devices } from './devices-shared.tsx';

/** Add one device, or edit one that is not activated yet (an activated device is read-only, spec §5). */
export function DeviceFormModal({
  opened,
  onClose,
  device,
}: {
  opened: boolean;
  onClose: () => void;
  device?: TDevice;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => deviceFormValues(device));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locked = Boolean(device?.activated);
  const cellular = isCellular(values.model);
  const set = (k: keyof Values, v: string) => {
    setValues((o) => ({ ...o, [k]: v }));
    setErrors((e) => {
      const n = { ...e };
      delete n[k];
      return n;
    });
  };
  const save = useMutation({
    mutationFn: (body: Parameters<typeof devices.create>[0]) =>
      device ? devices.update(device.id, body) : devices.create(body),
    onSuccess: async () => {
      notifySuccess(device ? t('devices.form.saved') : t('devices.form.created'));
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateDeviceRequest.safeParse(deviceBody(values));
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    const missing = missingIdentifier(values.model, parsed.data);
    if (missing) return setErrors({ [missing]: t('fieldRules.required') });
    save.mutate(parsed.data);
  };
  const general = save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={device ? t('devices.form.editTitle') : t('devices.form.addTitle')}
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {locked && (
            <Alert color="yellow" role="note">
              {t('devices.form.activatedNote')}
            </Alert>
          )}
          {general && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          <NativeSelect
            label={t('devices.fields.model')}
            value={values.model}
            disabled={locked}
            onChange={(e) => set('model', e.currentTarget.value)}
            data={DEVICE_MODELS.map((m) => ({
              value: m,
              label: `${m} · ${t(`devices.category.${DEVICE_CATEGORY[m]}`)}`,
            }))}
            error={errors.model}
          />
          <TextInput
            label={t('devices.fields.account')}
            value={values.account}
            disabled={locked}
            required
            onChange={(e) => set('account', e.currentTarget.value)}
            error={errors.account}
          />
          {cellular ? (
            <TextInput
              label={t('devices.fields.imei')}
              value={values.imei}
              disabled={locked}
              required
              onChange={(e) => set('imei', e.currentTarget.value)}
              error={errors.imei}
            />
          ) : (
            <TextInput
              label={t('devices.fields.mac')}
              value={values.mac}
              disabled={locked}
              required
              placeholder="AA:BB:CC:DD:EE:FF"
              onChange={(e) => set('mac', e.currentTarget.value)}
              error={errors.mac}
            />
          )}
          <TextInput
            label={t('devices.fields.serial')}
            value={values.serial}
            disabled={locked}
            required
            onChange={(e) => set('serial', e.currentTarget.value)}
            error={errors.serial}
          />
          <TextInput
            label={t('devices.fields.name')}
            value={values.name}
            disabled={locked}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={locked}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
