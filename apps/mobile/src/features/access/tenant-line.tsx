import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Organization: demo · Change" above the access forms. */
export function TenantLine({ tenant }: { tenant: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mb="md">
      <Text size="sm" c="dimmed">
        {t('access.welcome.current', { tenant })}
      </Text>
      <Anchor component={Link} to="/welcome" size="sm">
        {t('access.welcome.change')}
      </Anchor>
    </Group>
  );
}
