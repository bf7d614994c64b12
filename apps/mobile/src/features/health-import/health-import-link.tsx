import { Button, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** On the devices screen (where one looks for "Connect Apple Health"): the way to the Apple Health import. */
export function HealthImportLink() {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="health-import-link">
      <Title order={2} size="h5" id="health-import-link" mb={4}>
        {t('healthImport.linkTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('healthImport.linkText')}
      </Text>
      <Button component={Link} to="/health-import" variant="light">
        {t('healthImport.title')}
      </Button>
    </Card>
  );
}
