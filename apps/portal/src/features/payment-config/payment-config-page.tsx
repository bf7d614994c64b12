import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Permission } from '@carewatch/contracts/permissions';
import {
  PAYMENT_METHOD_KINDS,
  type TPartnerVerifyStatus,
  type TPaymentMethodInformation,
  type TPaymentMethodKind,
} from '@carewatch/contracts/payment-config';
import { paymentConfigApi } from '@carewatch/api-client/payment-config';
import { tenantsApi } from '@carewatch/api-client/tenants';
import { isApiError } from '@carewatch/api-client/client';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useFormState } from '@carewatch/web/form';
import { useHasPermission, usePermissions, useProfile } from '../../app/queries.ts';
import { bpToPercent, percentToBp } from './tax-rate.ts';
import {
  METHOD_FIELDS,
  PARTNER_FIELDS,
  callbackUrlFor,
  methodStep,
  missingFields,
  nextStepText,
  picksTenant,
  taxStep,
} from './payment-config-rules.ts';

const config = paymentConfigApi(api.request);
const tenants = tenantsApi(api.request);
const keys = {
  status: (tenantId: string) => ['payment-config', 'status', tenantId] as const,
  info: (tenantId: string) => ['payment-config', 'info', tenantId] as const,
};

/** The server's answer to a step: its field errors, or the error's text (PARTNER_VERIFY_FAILED, PAYMENT_KEY_WRONG, …). */
function failure(t: TFunction, error: unknown): { fields: Record<string, string>; message: string } {
  const fields = serverFieldErrors(t, error);
  return { fields, message: isApiError(error) ? errorText(t, error) : t('toast.generic') };
}

/**
 * "Payment methods" (super admin; spec §4 setup order): 1. partner verify, 2. payment method verify, 3. tax — each
 * step enabled once the one before is done — with the status and the verified keys, masked (the server never sends
 * a secret). A platform admin picks the tenant; the default is the signed-in tenant.
 */
export function PaymentConfigPage() {
  const { t } = useTranslation();
  const perms = usePermissions();
  const has = useHasPermission();
  const platform = picksTenant(has(Permission.TenantManage), perms?.role);
  const [tenantId, setTenantId] = useState<string>('');
  const tenantList = useQuery({
    queryKey: ['tenants', 'list', { size: 200 }],
    queryFn: () => tenants.list({ page: 0, size: 200 }),
    enabled: platform,
    meta: { inlineError: true },
  });
  const target = tenantId || undefined;
  const status = useQuery({
    queryKey: keys.status(tenantId),
    queryFn: () => config.status(target),
    meta: { inlineError: true },
  });
  const info = useQuery({
    queryKey: keys.info(tenantId),
    queryFn: () => config.information(target),
    meta: { inlineError: true },
  });

  return (
    <Stack>
      <div>
        <Title order={1}>{t('paymentConfig.title')}</Title>
        <Text c="dimmed">{t('paymentConfig.intro')}</Text>
      </div>
      {platform && tenantList.data && (
        <Select
          label={t('paymentConfig.tenant')}
          w={320}
          allowDeselect={false}
          data={tenantList.data.items.map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }))}
          value={tenantId || status.data?.tenantId || null}
          onChange={(v) => setTenantId(v ?? '')}
        />
      )}
      {status.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <StatusCard status={status.data} />
          <SimpleGrid cols={{ base: 1, lg: 3 }}>
            <PartnerStep key={`p-${status.data.tenantId}`} tenantId={target} status={status.data} />
            <MethodStep key={`m-${status.data.tenantId}`} tenantId={target} status={status.data} />
            <TaxStep
              key={`t-${status.data.tenantId}-${status.data.taxRateBp}`}
              tenantId={target}
              status={status.data}
            />
          </SimpleGrid>
          {info.isError ? (
            <ErrorState error={info.error} onRetry={() => void info.refetch()} />
          ) : info.data ? (
            <InfoCard info={info.data} />
          ) : null}
        </>
      )}
    </Stack>
  );
}

function StatusCard({ status }: { status: TPartnerVerifyStatus }) {
  const { t } = useTranslation();
  const badge = (ok: boolean, yes: string, no: string) => (
    <Badge color={ok ? 'teal' : 'gray'} variant="light">
      {ok ? yes : no}
    </Badge>
  );
  return (
    <Card withBorder aria-label={t('paymentConfig.title')}>
      <Group gap="xl" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{t('paymentConfig.steps.partner')}</Text>
          {badge(status.partnerVerified, t('paymentConfig.status.verified'), t('paymentConfig.status.notVerified'))}
        </Group>
        <Group gap="xs">
          <Text fw={600}>{t('paymentConfig.steps.method')}</Text>
          {badge(status.methods.length > 0, t('paymentConfig.status.verified'), t('paymentConfig.status.notVerified'))}
        </Group>
        <Group gap="xs">
          <Text fw={600}>{t('paymentConfig.steps.tax')}</Text>
          {badge(status.taxSet, t('paymentConfig.status.set'), t('paymentConfig.status.notSet'))}
        </Group>
      </Group>
      <Text mt="sm" role="status">
        {(() => {
          const next = nextStepText(status.step);
          return 'stepKey' in next ? t(next.key, { step: t(next.stepKey) }) : t(next.key);
        })()}
      </Text>
      <Text size="sm" c="dimmed">
        {status.sandboxActive ? t('paymentConfig.status.sandboxOn') : t('paymentConfig.status.sandboxOff')}
      </Text>
    </Card>
  );
}

function useRefresh(tenantId: string | undefined) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.status(tenantId ?? '') }),
      qc.invalidateQueries({ queryKey: keys.info(tenantId ?? '') }),
    ]);
}

function PartnerStep({ tenantId, status }: { tenantId: string | undefined; status: TPartnerVerifyStatus }) {
  const { t } = useTranslation();
  const refresh = useRefresh(tenantId);
  const form = useFormState({ partnerId: status.partnerId ?? '', apiKey: '' });
  const [message, setMessage] = useState('');
  const save = useMutation({
    mutationFn: () =>
      config.verifyPartner({ partnerId: form.values.partnerId.trim(), apiKey: form.values.apiKey.trim() }, tenantId),
    onSuccess: async () => {
      setMessage('');
      form.set('apiKey', '');
      notifySuccess(t('paymentConfig.partner.done'));
      await refresh();
    },
    onError: (e) => {
      const f = failure(t, e);
      form.setErrors(f.fields);
      setMessage(f.message);
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = Object.fromEntries(
      Object.entries(missingFields(form.values, PARTNER_FIELDS)).map(([k, key]) => [k, t(key)]),
    );
    form.setErrors(errs);
    if (Object.keys(errs).length === 0) save.mutate();
  };
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-labelledby="pc-partner">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="pc-partner">
            {t('paymentConfig.partner.title')}
          </Title>
          {status.partnerVerified && (
            <Badge color="teal" variant="light">
              {t('paymentConfig.status.verified')}
            </Badge>
          )}
        </Group>
        <TextInput label={t('paymentConfig.partner.partnerId')} required {...form.text('partnerId')} />
        <PasswordInput label={t('paymentConfig.partner.apiKey')} required autoComplete="off" {...form.text('apiKey')} />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending}>
          {t('paymentConfig.partner.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

function MethodStep({ tenantId, status }: { tenantId: string | undefined; status: TPartnerVerifyStatus }) {
  const { t } = useTranslation();
  const refresh = useRefresh(tenantId);
  const form = useFormState({
    method: 'stripe' as TPaymentMethodKind,
    accessKey: '',
    shareKey: '',
    secretKey: '',
    callbackUrl: callbackUrlFor(window.location.origin, 'stripe'),
  });
  const [message, setMessage] = useState('');
  const { disabled } = methodStep(status);
  const save = useMutation({
    mutationFn: () =>
      config.verifyMethod(
        {
          method: form.values.method,
          accessKey: form.values.accessKey.trim(),
          shareKey: form.values.shareKey.trim(),
          secretKey: form.values.secretKey.trim(),
          callbackUrl: form.values.callbackUrl.trim(),
        },
        tenantId,
      ),
    onSuccess: async () => {
      setMessage('');
      form.setValues((v) => ({ ...v, accessKey: '', shareKey: '', secretKey: '' }));
      notifySuccess(t('paymentConfig.method.done'));
      await refresh();
    },
    onError: (e) => {
      const f = failure(t, e);
      form.setErrors(f.fields);
      setMessage(f.message);
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = Object.fromEntries(
      Object.entries(missingFields(form.values, METHOD_FIELDS)).map(([k, key]) => [k, t(key)]),
    );
    form.setErrors(errs);
    if (Object.keys(errs).length === 0) save.mutate();
  };
  const callbackFor = (m: TPaymentMethodKind) => callbackUrlFor(window.location.origin, m);
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-labelledby="pc-method">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="pc-method">
            {t('paymentConfig.method.title')}
          </Title>
          {status.methods.length > 0 && (
            <Badge color="teal" variant="light">
              {t('paymentConfig.status.verified')}
            </Badge>
          )}
        </Group>
        {disabled && (
          <Text size="sm" c="dimmed" role="note">
            {t('paymentConfig.method.needsPartner')}
          </Text>
        )}
        <Select
          label={t('paymentConfig.method.method')}
          required
          disabled={disabled}
          allowDeselect={false}
          data={PAYMENT_METHOD_KINDS.map((m) => ({ value: m, label: t(`paymentConfig.method.methods.${m}`) }))}
          value={form.values.method}
          onChange={(v) => {
            const m = (v ?? 'stripe') as TPaymentMethodKind;
            form.set('method', m);
            form.set('callbackUrl', callbackFor(m));
          }}
        />
        <Text size="xs" c="dimmed">
          {t(`paymentConfig.method.hints.${form.values.method}`)}
        </Text>
        <TextInput
          label={t('paymentConfig.method.accessKey')}
          required
          disabled={disabled}
          autoComplete="off"
          {...form.text('accessKey')}
        />
        <PasswordInput
          label={t('paymentConfig.method.shareKey')}
          required
          disabled={disabled}
          autoComplete="off"
          {...form.text('shareKey')}
        />
        <PasswordInput
          label={t('paymentConfig.method.secretKey')}
          required
          disabled={disabled}
          autoComplete="off"
          {...form.text('secretKey')}
        />
        <TextInput
          label={t('paymentConfig.method.callbackUrl')}
          required
          disabled={disabled}
          type="url"
          {...form.text('callbackUrl')}
        />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" disabled={disabled} loading={save.isPending}>
          {t('paymentConfig.method.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

function TaxStep({ tenantId, status }: { tenantId: string | undefined; status: TPartnerVerifyStatus }) {
  const { t, i18n } = useTranslation();
  const refresh = useRefresh(tenantId);
  const form = useFormState({ rate: status.taxSet ? bpToPercent(status.taxRateBp, i18n.language) : '' });
  const [message, setMessage] = useState('');
  const step = taxStep(status);
  const disabled = step.disabled;
  const save = useMutation({
    mutationFn: (rateBp: number) => config.setTax({ rateBp }, tenantId),
    onSuccess: async () => {
      setMessage('');
      notifySuccess(t('paymentConfig.tax.done'));
      await refresh();
    },
    onError: (e) => {
      const f = failure(t, e);
      form.setErrors(f.fields.rateBp ? { rate: f.fields.rateBp } : {});
      setMessage(f.message);
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bp = percentToBp(form.values.rate);
    if (bp === null) {
      form.setErrors({ rate: t('errorFallback.invalid') });
      return;
    }
    save.mutate(bp);
  };
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-labelledby="pc-tax">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="pc-tax">
            {t('paymentConfig.tax.title')}
          </Title>
          {status.taxSet && (
            <Badge color="teal" variant="light">
              {t('paymentConfig.status.set')}
            </Badge>
          )}
        </Group>
        {step.reasonKey && (
          <Text size="sm" c="dimmed" role="note">
            {t(step.reasonKey)}
          </Text>
        )}
        {status.taxSet && (
          <Text size="sm">
            {t('paymentConfig.tax.current', { rate: bpToPercent(status.taxRateBp, i18n.language) })}
          </Text>
        )}
        <TextInput
          label={t('paymentConfig.tax.rate')}
          description={t('paymentConfig.tax.rateHint')}
          required
          disabled={disabled}
          inputMode="decimal"
          {...form.text('rate')}
        />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" disabled={disabled} loading={save.isPending}>
          {t('paymentConfig.tax.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

function InfoCard({ info }: { info: TPaymentMethodInformation }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const c = (k: string) => t(`paymentConfig.info.columns.${k}`);
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {t('paymentConfig.info.title')}
        </Title>
        {info.partner && (
          <Text size="sm">
            {t('paymentConfig.info.partner')}: <b>{info.partner.partnerId}</b> · {info.partner.apiKeyMasked} ·{' '}
            {formatDateTime(info.partner.verifiedAt, tz)}
          </Text>
        )}
        {info.methods.length === 0 ? (
          <Text c="dimmed">{t('paymentConfig.info.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label={t('paymentConfig.info.title')}>
              <Table.Thead>
                <Table.Tr>
                  {['method', 'accessKey', 'shareKey', 'secretKey', 'callbackUrl', 'verifiedAt'].map((k) => (
                    <Table.Th key={k}>{c(k)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {info.methods.map((m) => (
                  <Table.Tr key={m.method}>
                    <Table.Td>{t(`paymentConfig.method.methods.${m.method}`)}</Table.Td>
                    <Table.Td>{m.accessKeyMasked}</Table.Td>
                    <Table.Td>{m.shareKeyMasked}</Table.Td>
                    <Table.Td>{m.secretKeyMasked}</Table.Td>
                    <Table.Td>{m.callbackUrl}</Table.Td>
                    <Table.Td>{formatDateTime(m.verifiedAt, tz)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
