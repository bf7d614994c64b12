import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once (after creation or rotation). */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secret.title')}>
      <Stack>
        <Alert color="yellow" role="note">
          {t('webhooks.secret.once')}
        </Alert>
        <Code
          block
          data-testid="webhook-secret"
          aria-label={t('webhooks.secret.label')}
          style={{ wordBreak: 'break-all' }}
        >
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
