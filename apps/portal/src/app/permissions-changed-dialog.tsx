import { useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { endSession, permissionsChangedStore } from './session-end.ts';

/** Shown when the server answers 401 PERMISSIONS_CHANGED: the user must log in again. */
export function PermissionsChangedDialog() {
  const { t } = useTranslation();
  const open = useSyncExternalStore(permissionsChangedStore.subscribe, permissionsChangedStore.get);
  const relogin = () => {
    permissionsChangedStore.set(false);
    endSession();
  };
  return (
    <Modal
      opened={open}
      onClose={relogin}
      title={t('auth.permissionsChanged.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Text mb="md">{t('auth.permissionsChanged.text')}</Text>
      <Group justify="flex-end">
        <Button onClick={relogin}>{t('auth.permissionsChanged.action')}</Button>
      </Group>
    </Modal>
  );
}
