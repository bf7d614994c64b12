import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { levelsQuery, usePermissions } from '../../app/queries.ts';
import { levelLabel, useSwitchLevel } from '../../app/layout.tsx';
import { ErrorState, LoadingScreen } from '@carewatch/web/states';
import { LanguageSwitcher } from '../../app/language-switcher.tsx';

/** Spec §2: level chooser (role, scope, health center) after login when the user has several levels. */
export function LevelChooserPage() {
  const { t } = useTranslation();
  const perms = usePermissions();
  const levels = useQuery(levelsQuery);
  const switchLevel = useSwitchLevel();
  if (levels.isPending) return <LoadingScreen />;
  return (
    <Container size="md" py="xl" component="main">
      <Group justify="space-between" mb="lg">
        <div>
          <Title order={2}>{t('auth.level.title')}</Title>
          <Text c="dimmed">{t('auth.level.subtitle')}</Text>
        </div>
        <LanguageSwitcher />
      </Group>
      {levels.isError ? (
        <ErrorState error={levels.error} onRetry={() => void levels.refetch()} />
      ) : (
        <SimpleGrid cols={3}>
          {levels.data.items.map((level) => {
            const name = levelLabel(level, t('auth.level.tenantWide'));
            return (
              <Card key={level.id} withBorder shadow="xs" radius="md" component="section" aria-label={name}>
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Text fw={700}>{level.roleName}</Text>
                    {perms?.level.id === level.id && <Badge size="sm">{t('auth.level.current')}</Badge>}
                  </Group>
                  <Text size="sm">
                    <Text span c="dimmed">
                      {t('auth.level.role')}:{' '}
                    </Text>
                    {level.roleName}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed">
                      {t('auth.level.scope')}:{' '}
                    </Text>
                    {level.scopeName ?? t('auth.level.tenantWide')}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed">
                      {t('auth.level.center')}:{' '}
                    </Text>
                    {level.centerName ?? t('common.none')}
                  </Text>
                  <Button
                    mt="sm"
                    onClick={() => switchLevel.mutate(level.id)}
                    loading={switchLevel.isPending && switchLevel.variables === level.id}
                    aria-label={t('auth.level.chooseLevel', { name })}
                  >
                    {t('auth.level.choose')}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Container>
  );
}
