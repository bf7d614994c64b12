import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The "Add max 3" note of the add screens (spec §9). */
export function MaxNote() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light">
      <Text size="sm">{t('contacts.add.maxNote')}</Text>
    </Alert>
  );
}

export function BackToContacts() {
  const { t } = useTranslation();
  return (
    <Group>
      <Button component={Link} to="/contacts" variant="subtle" size="compact-sm" px={0}>
        ← {t('common.back')}
      </Button>
    </Group>
  );
}
