import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDevice } from '@carewatch/contracts/devices';
import { errorText } from '@carewatch/web/errors';
import { devices } from './devices-shared.tsx';

/** Issue (or re-issue) the credentials of a cellular device: the secret is shown once, with the MQTT username and topic. */
export function DeviceCredentialsModal({
  opened,
  onClose,
  device,
}: {
  opened: boolean;
  onClose: () => void;
  device: TDevice;
}) {
  const { t } = useTranslation();
  const issue = useMutation({ mutationFn: () => devices.issueCredentials(device.id), meta: { inlineError: true } });
  const creds = issue.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('devices.credentials.title', { serial: device.serial })}
      size="lg"
    >
      <Stack gap="sm">
        {!creds && (
          <>
            <Text size="sm">
              {device.hasCredentials ? t('devices.credentials.reissueNote') : t('devices.credentials.issueNote')}
            </Text>
            {issue.isError && (
              <Alert color="red" role="alert">
                {errorText(t, issue.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => issue.mutate()} loading={issue.isPending}>
                {device.hasCredentials ? t('devices.credentials.reissue') : t('devices.credentials.issue')}
              </Button>
            </Group>
          </>
        )}
        {creds && (
          <>
            <Alert color="yellow" role="note">
              {t('devices.credentials.once')}
            </Alert>
            <Table withTableBorder aria-label={t('devices.credentials.table')}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>{t('devices.credentials.username')}</Table.Th>
                  <Table.Td>
                    <Code>{creds.mqtt.username}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('devices.credentials.secret')}</Table.Th>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Code data-testid="device-secret" style={{ wordBreak: 'break-all' }}>
                        {creds.secret}
                      </Code>
                      <CopyButton value={creds.secret}>
                        {({ copied, copy }) => (
                          <Button size="xs" variant="light" onClick={copy}>
                            {copied ? t('devices.credentials.copied') : t('devices.credentials.copy')}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('devices.credentials.topic')}</Table.Th>
                  <Table.Td>
                    <Code>{creds.mqtt.topic}</Code>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('common.close')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
