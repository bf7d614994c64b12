import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { UNLIMITED, type TPackage, type TSubscriptionMe } from '@carewatch/contracts/billing';
import { errorText } from '@carewatch/web/errors';
import { dateText, dateTimeText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { Field } from './subscription-parts.tsx';
import { ResultPage } from './result-page.tsx';
import { SUBSCRIPTION_KEYS, mySubscriptionApi, useAvailablePackages, useMySubscription } from './subscription-api.ts';
import { formatMoney } from '@carewatch/i18n/money';
import { buyableAddons, buyablePlans, optionTotalMinor, subscriptionView } from './subscription-rules.ts';

/** Subscriptions (patient-app spec §2): my subscription, choose a package, checkout, the payment result. */
export function SubscriptionPage() {
  return (
    <Routes>
      <Route index element={<CurrentSubscription />} />
      <Route path="choose" element={<ChoosePackage />} />
      <Route path="checkout/:code" element={<CheckoutPage />} />
      <Route path="result" element={<ResultPage />} />
      <Route path="*" element={<Navigate to="/subscription" replace />} />
    </Routes>
  );
}

function CurrentSubscription() {
  const { t } = useTranslation();
  const network = useNetwork();
  const sub = useMySubscription();
  // Offline (or the server unreachable), the last known state from the phone, marked with its age; SOS stays one tap away.
  const stale = sub.data !== undefined && (!network.online || sub.isError);
  let body: ReactNode;
  if (sub.data === undefined && sub.isError) body = <ErrorState error={sub.error} onRetry={() => void sub.refetch()} />;
  else if (sub.data === undefined && sub.fetchStatus === 'paused')
    body = (
      <Text c="dimmed" role="status">
        {t('subscription.offlineNone')}
      </Text>
    );
  else if (sub.data === undefined) body = <CardsSkeleton rows={2} />;
  else body = <SubscriptionDetails s={sub.data} offline={stale} />;
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('subscription.title')}
      </Title>
      {stale && (
        <Text role="status" size="sm" c="orange.9">
          {t('subscription.offline', { time: dateTimeText(new Date(sub.dataUpdatedAt)) })}
        </Text>
      )}
      {body}
      <Button component={Link} to="/redeem-code" variant="subtle" size="md">
        {t('subscription.actions.redeem')}
      </Button>
    </Stack>
  );
}

function SubscriptionDetails({ s, offline }: { s: TSubscriptionMe; offline: boolean }) {
  const { t, i18n } = useTranslation();
  const view = subscriptionView(s);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => mySubscriptionApi.cancel(),
    onSuccess: (now) => {
      setConfirming(false);
      queryClient.setQueryData(SUBSCRIPTION_KEYS.me, now);
      notifications.show({ color: 'teal', message: t('subscription.cancel.done'), autoClose: 4000 });
    },
  });
  const statusText = t(`subscription.${view.statusKey}`);
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="subscription-package" padding="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
          <Title order={2} size="h4" id="subscription-package" style={{ overflowWrap: 'anywhere' }}>
            {s.package.name}
          </Title>
          <Badge
            size="lg"
            color={view.color}
            variant={s.status === 'active' ? 'filled' : 'light'}
            aria-label={t('subscription.statusLabel', { status: statusText })}
          >
            {statusText}
          </Badge>
        </Group>
        {s.status === 'free' && (
          <Text size="sm" mb="sm">
            {t('subscription.zeroIntro')}
          </Text>
        )}
        {s.status === 'expired' && (
          <Text size="sm" mb="sm">
            {t('subscription.expiredIntro')}
          </Text>
        )}
        {view.paid && (
          <Stack gap={6} component="dl" m={0}>
            {s.startsAt && <Field label={t('subscription.fields.startsAt')}>{dateText(s.startsAt)}</Field>}
            {s.endsAt && <Field label={t('subscription.fields.endsAt')}>{dateText(s.endsAt)}</Field>}
            {s.nextRenewal && <Field label={t('subscription.fields.nextRenewal')}>{dateText(s.nextRenewal)}</Field>}
            {s.months !== null && (
              <Field label={t('subscription.fields.months')}>{t('subscription.months', { count: s.months })}</Field>
            )}
            <Field label={t('subscription.fields.price')}>{formatMoney(s.priceMinor, s.currency, i18n.language)}</Field>
            {s.receiptId && <Field label={t('subscription.fields.receipt')}>{s.receiptId}</Field>}
          </Stack>
        )}
      </Card>

      {view.needsWearable && (
        <Alert color="orange" role="status" title={t('subscription.needsWearable')}>
          <Button component={Link} to="/devices" variant="light" color="orange" size="md">
            {t('subscription.connectWearable')}
          </Button>
        </Alert>
      )}
      {view.canCancel && !view.needsWearable && (
        <Text size="sm" c="teal" role="status">
          ✓ {t('subscription.inEffect')}
        </Text>
      )}

      {s.addons.length > 0 && (
        <Card withBorder component="section" aria-labelledby="subscription-addons">
          <Title order={2} size="h5" id="subscription-addons" mb="xs">
            {t('subscription.addons.title')}
          </Title>
          <Stack gap={6} component="dl" m={0}>
            {s.addons.map((a) => (
              <Field key={a.packageId} label={a.name}>
                {a.remainingUses === UNLIMITED
                  ? t('subscription.addons.unlimited')
                  : t('subscription.addons.remaining', { count: a.remainingUses })}
              </Field>
            ))}
          </Stack>
        </Card>
      )}

      <Stack gap="sm">
        {!view.canExtend && (
          <Button component={Link} to="/subscription/choose" size="lg" color="teal">
            {t('subscription.actions.upgrade')}
          </Button>
        )}
        {view.canExtend && (
          <Button
            component={Link}
            to={`/subscription/choose?package=${encodeURIComponent(s.package.id)}`}
            size="lg"
            color="teal"
          >
            {t('subscription.actions.extend')}
          </Button>
        )}
        {view.canExtend && (
          <Button component={Link} to="/subscription/choose" size="md" variant="light">
            {t('subscription.actions.choose')}
          </Button>
        )}
        {view.canCancel && (
          <Button size="md" variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={offline}>
            {t('subscription.actions.cancel')}
          </Button>
        )}
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('subscription.cancel.title')}
        centered
        closeButtonProps={{ 'aria-label': t('subscription.cancel.keep') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('subscription.cancel.body', { name: s.package.name })}</Text>
          {cancel.isError && (
            <Alert color="red" role="alert">
              {errorText(t, cancel.error)}
            </Alert>
          )}
          <Button color="red" size="md" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('subscription.cancel.confirm')}
          </Button>
          <Button variant="default" size="md" onClick={() => setConfirming(false)}>
            {t('subscription.cancel.keep')}
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ChoosePackage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = params.get('package');
  const packages = useAvailablePackages();
  const sub = useMySubscription();
  const order = useMutation({
    mutationFn: (v: { packageId: string; months?: number; quantity?: number }) => mySubscriptionApi.createOrder(v),
    onSuccess: (o) => void navigate(`/subscription/checkout/${encodeURIComponent(o.code)}`),
  });
  const lang = i18n.language;
  const currentId =
    sub.data && sub.data.status !== 'free' && sub.data.status !== 'expired' ? sub.data.package.id : null;

  let body: ReactNode;
  if (packages.isError) body = <ErrorState error={packages.error} onRetry={() => void packages.refetch()} />;
  else if (packages.data === undefined) body = <CardsSkeleton rows={2} />;
  else {
    const plans = buyablePlans(packages.data);
    const addons = buyableAddons(packages.data);
    body =
      plans.length === 0 && addons.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('subscription.choose.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {plans.map((p) => (
            <PlanCard
              key={p.id}
              p={p}
              current={p.id === currentId}
              highlighted={p.id === preselected}
              busy={order.isPending}
              onBuy={(months) => order.mutate({ packageId: p.id, months })}
            />
          ))}
          {addons.length > 0 && (
            <Card withBorder component="section" aria-labelledby="choose-addons">
              <Title order={2} size="h5" id="choose-addons" mb="xs">
                {t('subscription.choose.addonsTitle')}
              </Title>
              <Stack gap="sm">
                {addons.map((a) => {
                  const price = formatMoney(a.addonPriceMinor ?? 0, a.currency, lang);
                  const uses = t('subscription.choose.addonUses', { count: a.addonUses ?? 0 });
                  return (
                    <Group key={a.id} justify="space-between" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {a.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {uses} · {price}
                        </Text>
                      </div>
                      <Button
                        size="md"
                        variant="light"
                        disabled={order.isPending}
                        onClick={() => order.mutate({ packageId: a.id, quantity: 1 })}
                        aria-label={t('subscription.choose.addonBuyLabel', { name: a.name, uses, price })}
                      >
                        {t('subscription.choose.buy')}
                      </Button>
                    </Group>
                  );
                })}
              </Stack>
            </Card>
          )}
        </Stack>
      );
  }
  return (
    <Stack gap="md">
      <BackLink to="/subscription" />
      <Title order={1} size="h3">
        {t('subscription.choose.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('subscription.choose.intro')}
      </Text>
      <Text size="sm">{t('subscription.choose.wearableNote')}</Text>
      {order.isError && (
        <Alert color="red" role="alert">
          {errorText(t, order.error)}
        </Alert>
      )}
      {body}
    </Stack>
  );
}

function PlanCard({
  p,
  current,
  highlighted,
  busy,
  onBuy,
}: {
  p: TPackage;
  current: boolean;
  highlighted: boolean;
  busy: boolean;
  onBuy: (months: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleId = `plan-${p.id}`;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={titleId}
      padding="md"
      style={highlighted ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {p.name}
        </Title>
        {current && (
          <Badge color="teal" variant="light">
            {t('subscription.choose.current')}
          </Badge>
        )}
      </Group>
      {p.description && (
        <Text size="sm" c="dimmed" mb="sm" style={{ whiteSpace: 'pre-line' }}>
          {p.description}
        </Text>
      )}
      <Stack gap="xs">
        {p.options.map((o) => {
          const months = t('subscription.months', { count: o.months });
          const perMonth = t('subscription.choose.perMonth', {
            price: formatMoney(o.monthlyPriceMinor, p.currency, lang),
          });
          const total = formatMoney(optionTotalMinor(o), p.currency, lang);
          return (
            <Button
              key={o.months}
              variant="default"
              size="lg"
              h="auto"
              py="sm"
              disabled={busy}
              onClick={() => onBuy(o.months)}
              aria-label={t('subscription.choose.buyLabel', { name: p.name, months, total })}
              styles={{ inner: { justifyContent: 'space-between' }, label: { width: '100%', whiteSpace: 'normal' } }}
            >
              <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
                <Stack gap={0} align="flex-start">
                  <Text fw={700}>{months}</Text>
                  <Text size="sm" c="dimmed">
                    {perMonth}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text fw={700}>{total}</Text>
                  <Text size="xs" c="teal">
                    {t('subscription.choose.buy')} →
                  </Text>
                </Stack>
              </Group>
            </Button>
          );
        })}
      </Stack>
    </Card>
  );
}
