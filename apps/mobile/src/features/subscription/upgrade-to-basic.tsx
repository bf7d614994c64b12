import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';

/** The server refused a feature of the Basic package (402 BASIC_REQUIRED): the account is on Zero, or its plan takes no effect. */
export const isBasicRequired = (error: unknown): boolean => isApiError(error) && error.code === 'BASIC_REQUIRED';

/**
 * "Upgrade to Basic" (patient-app spec §6, §8): shown in place of any screen part the server answered BASIC_REQUIRED
 * for, with the way to the packages. Alerts and SOS are never gated, so this never stands in front of them.
 */
export function UpgradeToBasic({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding={compact ? 'sm' : 'md'}
      bg="teal.0"
      component="section"
      aria-labelledby={titleId}
      role="region"
    >
      <Stack gap="xs">
        <Title order={2} size="h5" id={titleId}>
          <span aria-hidden="true">★ </span>
          {t('subscription.upgrade.title')}
        </Title>
        <Text size="sm">{t('subscription.upgrade.body')}</Text>
        <Button component={Link} to="/subscription/choose" size="md" color="teal" fullWidth>
          {t('subscription.upgrade.button')}
        </Button>
      </Stack>
    </Card>
  );
}

/** `children` (the screen's own error text) unless the error is BASIC_REQUIRED, which shows the upgrade card instead. */
export function UpgradeOr({ error, children, compact }: { error: unknown; children: ReactNode; compact?: boolean }) {
  return isBasicRequired(error) ? <UpgradeToBasic compact={compact} /> : <>{children}</>;
}
