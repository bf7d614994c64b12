import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { paymentResultOf } from '@carewatch/contracts/payment-results';
import type { TOrder } from '@carewatch/contracts/billing';
import { dateText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';
import { SUBSCRIPTION_KEYS, mySubscriptionApi, useMySubscription } from './subscription-api.ts';
import { orderOutcome } from './subscription-rules.ts';

/** How often, and for how long, the page asks whether the provider's answer has settled the order. */
const POLL_MS = 2000;
const POLL_FOR_MS = 3 * 60_000;

/**
 * `/subscription/result?order=<code>`: where every provider's return leads. The return itself never marks an order
 * paid (the provider's signed callback does), so the page polls the order until it is no longer pending.
 */
export function ResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('order') ?? '';
  const [since] = useState(() => Date.now());
  const order = useQuery({
    queryKey: SUBSCRIPTION_KEYS.order(code),
    queryFn: () => mySubscriptionApi.order(code),
    enabled: code !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 1 && Date.now() - since < POLL_FOR_MS ? POLL_MS : false),
  });
  let body: ReactNode;
  if (code === '')
    body = (
      <Alert color="gray" role="alert">
        {t('subscription.result.missing')}
      </Alert>
    );
  else if (
    order.data === undefined &&
    order.isError &&
    isApiError(order.error) &&
    (order.error.status === 404 || order.error.status === 400)
  ) {
    body = (
      <Alert color="gray" role="alert">
        {t('subscription.checkout.notFound')}
      </Alert>
    );
  } else if (order.data === undefined && order.isError)
    body = <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  else if (order.data === undefined) body = <CardsSkeleton rows={1} />;
  else
    body = (
      <Outcome
        order={order.data}
        gaveUp={order.data.status === 1 && !order.isFetching && Date.now() - since >= POLL_FOR_MS}
      />
    );
  return (
    <Stack gap="md">
      <BackLink to="/subscription" />
      <Title order={1} size="h3">
        {t('subscription.result.title')}
      </Title>
      {body}
    </Stack>
  );
}

function Outcome({ order, gaveUp }: { order: TOrder; gaveUp: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const outcome = orderOutcome(order.status);
  // Once paid, the subscription changed on the server: read it again for the new end date.
  useEffect(() => {
    if (outcome === 'success')
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.me, exact: true, refetchType: 'all' });
  }, [outcome, queryClient]);
  const sub = useMySubscription({ enabled: outcome === 'success' });
  const orderLine = (
    <Text size="xs" c="dimmed">
      {t('subscription.result.order', { code: order.code })}
    </Text>
  );

  if (outcome === 'pending') {
    return (
      <Card withBorder role="status" aria-live="polite">
        <Stack gap="sm" align="center">
          {!gaveUp && <Loader aria-hidden="true" />}
          <Text ta="center">{gaveUp ? t('subscription.result.pendingLong') : t('subscription.result.pending')}</Text>
          {orderLine}
          {gaveUp && (
            <Button component={Link} to="/subscription" size="md" variant="light">
              {t('subscription.actions.back')}
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  if (outcome === 'success') {
    const endsAt = sub.data && sub.data.package.id === order.packageId && !sub.isFetching ? sub.data.endsAt : null;
    return (
      <Alert color="teal" variant="light" role="status" title={`✓ ${t('subscription.result.success')}`}>
        <Stack gap="sm">
          {order.itemType === 'SERVICE_PACKAGE' ? (
            endsAt ? (
              <Text>{t('subscription.result.successBody', { name: order.packageName, date: dateText(endsAt) })}</Text>
            ) : (
              <Text>{order.packageName}</Text>
            )
          ) : (
            <Text>{t('subscription.result.successAddon', { name: order.packageName })}</Text>
          )}
          {orderLine}
          <Button component={Link} to="/subscription" size="md" color="teal">
            {t('subscription.actions.back')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (outcome === 'refunded') {
    return (
      <Alert color="gray" role="status">
        {t('subscription.result.refunded')} {orderLine}
      </Alert>
    );
  }
  const reason = failureText(order, (key) => (i18n.exists(key) ? t(key) : null));
  return (
    <Alert color="red" role="alert" title={t('subscription.result.failed')}>
      <Stack gap="sm">
        <Text>{t('subscription.result.failedBody')}</Text>
        {reason && <Text fw={500}>{t('subscription.result.reason', { text: reason })}</Text>}
        {orderLine}
        <Button component={Link} to="/subscription/choose" size="md" color="red" variant="light">
          {t('subscription.result.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Why a payment failed, in the reader's language: the provider's result code mapped to the spec's bank result texts
 * (contracts/payment-results.ts), else an error code the app knows (a card's CARD_WRONG...), else nothing.
 */
function failureText(order: TOrder, text: (key: string) => string | null): string | null {
  const result = paymentResultOf(order.provider, order.responseCode);
  if (result !== 'unknown' && result !== 'success') return text(`paymentResults.${result}`);
  if (order.responseCode) return text(`errors.${order.responseCode}`) ?? text('paymentResults.unknown');
  return null;
}
