import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Unknown path, or a page the user has no permission for (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Anchor component={Link} to="/">
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}
