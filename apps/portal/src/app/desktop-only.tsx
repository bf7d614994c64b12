import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Below 768 px wide on a screen, a full-screen notice replaces the app (paper is narrower, and prints as it is). */
export function DesktopOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('screen and (max-width: 767.98px)');
  if (!narrow) return <>{children}</>;
  return (
    <Center h="100vh" p="xl" role="alert">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={2} ta="center">
          {t('app.desktopOnlyTitle')}
        </Title>
        <Text ta="center">{t('app.desktopOnly')}</Text>
      </Stack>
    </Center>
  );
}
