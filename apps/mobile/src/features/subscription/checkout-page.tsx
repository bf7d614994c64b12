import { Alert, Button, Card, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import {
  CARD_PROVIDERS,
  REDIRECT_PROVIDERS,
  TX_STATUS,
  ZScratchCardRequest,
  type TOrder,
} from '@carewatch/contracts/billing';
import { errorText } from '@carewatch/web/errors';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';
import { Field } from './subscription-parts.tsx';
import { SUBSCRIPTION_KEYS, mySubscriptionApi } from './subscription-api.ts';
import { formatMoney } from '@carewatch/i18n/money';

type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];
type CardProvider = (typeof CARD_PROVIDERS)[number];
type Method = RedirectProvider | CardProvider;
/** The sandbox first: it is the provider of the embedded default (no account anywhere). */
const METHODS: readonly Method[] = ['SANDBOX', 'VN_PAY', 'STRIPE', 'VIETTEL_PAY', 'BCCS'];
const isCard = (m: Method): m is CardProvider => (CARD_PROVIDERS as readonly string[]).includes(m);
/** The methods to offer, in this screen's order: those the tenant takes, or every one while that list is unknown. */
const offeredMethods = (providers: readonly string[] | undefined): Method[] =>
  providers === undefined ? [...METHODS] : METHODS.filter((m) => providers.includes(m));

export const resultPath = (code: string) => `/subscription/result?order=${encodeURIComponent(code)}`;

/** Checkout of one pending order: its summary with tax and total, the payment method, then pay. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const order = useQuery({
    queryKey: SUBSCRIPTION_KEYS.order(code),
    queryFn: () => mySubscriptionApi.order(code),
    retry: false,
  });
  let body: ReactNode;
  if (
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
  else if (order.data === undefined) body = <CardsSkeleton rows={2} />;
  else if (order.data.status !== TX_STATUS.PENDING) {
    body = (
      <Stack gap="sm">
        <Alert color="gray" role="status">
          {t('subscription.checkout.settled')}
        </Alert>
        <Button component={Link} to={resultPath(order.data.code)} size="md" variant="light">
          {t('subscription.result.title')}
        </Button>
      </Stack>
    );
  } else body = <Checkout order={order.data} />;
  return (
    <Stack gap="md">
      <BackLink to="/subscription/choose" />
      <Title order={1} size="h3">
        {t('subscription.checkout.title')}
      </Title>
      {body}
    </Stack>
  );
}

function Checkout({ order }: { order: TOrder }) {
  const { t, i18n } = useTranslation();
  // The tenant's methods (the sandbox while none is set up); all of them if the list cannot be read.
  const offered = useQuery({
    queryKey: SUBSCRIPTION_KEYS.providers,
    queryFn: () => mySubscriptionApi.providers(),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const methods = offeredMethods(offered.data);
  const [picked, setMethod] = useState<Method | null>(null);
  const method = picked !== null && methods.includes(picked) ? picked : (methods[0] ?? 'SANDBOX');
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.language);
  const total = money(order.totalMinor);
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="checkout-summary">
        <Title order={2} size="h5" id="checkout-summary">
          {t('subscription.checkout.summary')}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t('subscription.checkout.order', { code: order.code })}
        </Text>
        <Stack gap={6} component="dl" m={0}>
          <Field label={t('subscription.checkout.item')}>{order.packageName}</Field>
          {order.months !== null ? (
            <Field label={t('subscription.checkout.length')}>{t('subscription.months', { count: order.months })}</Field>
          ) : (
            <Field label={t('subscription.checkout.quantity')}>{order.quantity}</Field>
          )}
          <Field label={t('subscription.checkout.amount')}>{money(order.amountMinor)}</Field>
          <Field label={t('subscription.checkout.tax')}>{money(order.taxMinor)}</Field>
          <Field label={t('subscription.checkout.total')}>
            <Text span fw={800} size="lg">
              {total}
            </Text>
          </Field>
        </Stack>
      </Card>

      {offered.isPending ? (
        <CardsSkeleton rows={1} />
      ) : methods.length === 0 ? (
        <Alert color="orange" role="alert">
          {t('errors.PAYMENT_METHOD_NOT_FINALIZED')}
        </Alert>
      ) : (
        <>
          <Card withBorder component="section">
            <Radio.Group
              label={t('subscription.checkout.method')}
              value={method}
              onChange={(v) => setMethod(methods.find((m) => m === v) ?? null)}
              styles={{ label: { fontWeight: 700, marginBottom: 8 } }}
            >
              <Stack gap={4}>
                {methods.map((m) => (
                  <Radio key={m} value={m} size="md" py="xs" label={t(`subscription.checkout.methods.${m}`)} />
                ))}
              </Stack>
            </Radio.Group>
          </Card>
          {isCard(method) ? (
            <CardForm key={method} order={order} provider={method} />
          ) : (
            <RedirectPay order={order} provider={method} total={total} />
          )}
        </>
      )}
    </Stack>
  );
}

/** VNPay, Stripe or the sandbox: the server answers the provider's page, which this tab opens; its return comes back to the result page. */
function RedirectPay({ order, provider, total }: { order: TOrder; provider: RedirectProvider; total: string }) {
  const { t } = useTranslation();
  const pay = useMutation({
    mutationFn: () => mySubscriptionApi.checkout(order.code, provider),
    onSuccess: (r) => window.location.assign(r.redirectUrl),
  });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('subscription.checkout.redirectNote')}
      </Text>
      {pay.isError && (
        <Alert color="red" role="alert">
          {errorText(t, pay.error)}
        </Alert>
      )}
      {pay.isSuccess && (
        <Text size="sm" role="status">
          {t('subscription.checkout.redirecting')}
        </Text>
      )}
      <Button size="lg" color="teal" loading={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
        {t('subscription.checkout.pay', { total })}
      </Button>
    </Stack>
  );
}

/** Scratch card / phone account: the card's code and security code, settled in one call (wrong, locked, not enough money). */
function CardForm({ order, provider }: { order: TOrder; provider: CardProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [securityCode, setSecurityCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; securityCode?: string }>({});
  const pay = useMutation({
    mutationFn: () =>
      mySubscriptionApi.scratchCard(order.code, { provider, code: code.trim(), securityCode: securityCode.trim() }),
    onSuccess: async (o) => {
      queryClient.setQueryData(SUBSCRIPTION_KEYS.order(o.code), o);
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.me, exact: true, refetchType: 'all' });
      void navigate(resultPath(o.code));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZScratchCardRequest.safeParse({ provider, code, securityCode });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        ...(fields.has('code') ? { code: t('subscription.checkout.cardCodeInvalid') } : {}),
        ...(fields.has('securityCode') ? { securityCode: t('subscription.checkout.cardSecurityInvalid') } : {}),
      });
      return;
    }
    setErrors({});
    pay.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('subscription.checkout.cardCode')}
          description={t('subscription.checkout.cardCodeHint')}
          value={code}
          size="md"
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
          required
        />
        <TextInput
          label={t('subscription.checkout.cardSecurity')}
          description={t('subscription.checkout.cardSecurityHint')}
          value={securityCode}
          size="md"
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setSecurityCode(e.currentTarget.value)}
          error={errors.securityCode}
          required
        />
        {pay.isError && (
          <Alert color="red" role="alert" title={t('subscription.result.failed')}>
            {errorText(t, pay.error)}
          </Alert>
        )}
        <Button type="submit" size="lg" color="teal" loading={pay.isPending}>
          {t('subscription.checkout.payCard')}
        </Button>
      </Stack>
    </form>
  );
}
