import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMySubscription } from './subscription-api.ts';
import { expiryNotice } from './subscription-rules.ts';

/** Home's notice when my paid plan ends in 7 days or less, or has ended (back on Zero), with the way to extend it. */
export function ExpiryBanner() {
  const { t } = useTranslation();
  const sub = useMySubscription();
  const notice = expiryNotice(sub.data, new Date());
  if (!notice) return null;
  const text =
    notice.kind === 'expired'
      ? t('subscription.expiry.expired')
      : notice.days <= 0
        ? t('subscription.expiry.today')
        : t('subscription.expiry.soon', { count: notice.days });
  return (
    <Alert color={notice.kind === 'expired' ? 'red' : 'orange'} variant="light" role="status" p="sm">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {text}
        </Text>
        <Button
          component={Link}
          to="/subscription"
          size="md"
          variant="white"
          color={notice.kind === 'expired' ? 'red' : 'orange'}
        >
          {t('subscription.expiry.open')}
        </Button>
      </Stack>
    </Alert>
  );
}
