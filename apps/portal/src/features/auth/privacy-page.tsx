import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../app/language-switcher.tsx';

const SECTIONS = [
  'collection',
  'use',
  'sharing',
  'rights',
  'retention',
  'security',
  'children',
  'terms',
  'contact',
] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl" component="main">
      <Group justify="space-between" mb="md">
        <Anchor component={Link} to="/login">
          {t('privacy.back')}
        </Anchor>
        <LanguageSwitcher />
      </Group>
      <Title order={1} mb={4}>
        {t('privacy.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('privacy.effective')}
      </Text>
      <Stack gap="md">
        {SECTIONS.map((s) => (
          <section key={s}>
            <Title order={3} size="h4" mb={4}>
              {t(`privacy.sections.${s}Title`)}
            </Title>
            <Text>{t(`privacy.sections.${s}`)}</Text>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
