import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../app/language-switcher.tsx';

/** Centered card used by the public pages (login, registration, forgot password). */
export function AuthFrame({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" p="md">
        <Text fw={700} c="brand.7" size="lg">
          {t('app.name')}
        </Text>
        <LanguageSwitcher />
      </Group>
      <Center pb="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={width} component="main">
          <Stack gap="md">
            <div>
              <Title order={2}>{title}</Title>
              <Text c="dimmed" size="sm">
                {t('auth.login.subtitle')}
              </Text>
            </div>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
