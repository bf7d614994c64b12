import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPackage } from '@carewatch/contracts/billing';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { formatMoney } from '@carewatch/i18n/money';
import { packageKeys, packages } from './packages-shared.ts';
import { limitText, packageListPath as base, priceSummary, toggleDialog, toggledToastKey } from './packages-rules.ts';

/** Packages (plans) or add-on packs: prices in their currency, features, limits, and an enable/disable switch (confirmed). */
export function PackageListPage({ kind }: { kind: 'plan' | 'addon' }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<TPackage | null>(null);
  const list = useQuery({
    queryKey: packageKeys.list(kind),
    queryFn: () => packages.list(kind),
    meta: { inlineError: true },
  });
  const toggle = useMutation({
    mutationFn: (p: TPackage) => packages.setEnabled(p.id, !p.enabled),
    meta: { inlineError: true },
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: packageKeys.all });
      notifySuccess(t(toggledToastKey(p), { name: p.name }));
      setConfirm(null);
    },
    onError: (e) => {
      notifyError(e);
      setConfirm(null);
    },
  });
  const money = (minor: number, p: TPackage) => formatMoney(minor, p.currency, i18n.language);
  const limit = (n: number) => {
    const l = limitText(n);
    return 'key' in l ? t(l.key) : l.value;
  };
  const prefix = kind === 'plan' ? 'plans' : 'addons';
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t(`packages.list.${prefix}Title`)}</Title>
          <Text c="dimmed" size="sm">
            {t(`packages.list.${prefix}Subtitle`)}
          </Text>
        </Stack>
        <Button component={Link} to={`${base(kind)}/new`}>
          {t(kind === 'plan' ? 'packages.list.newPlan' : 'packages.list.newAddon')}
        </Button>
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('packages.list.empty')}
        </Text>
      ) : (
        <Table striped aria-label={t(kind === 'plan' ? 'packages.list.table' : 'packages.list.addonsTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('packages.fields.code')}</Table.Th>
              <Table.Th>{t('packages.fields.name')}</Table.Th>
              {kind === 'plan' && <Table.Th>{t('packages.fields.tier')}</Table.Th>}
              <Table.Th>{t('packages.fields.price')}</Table.Th>
              {kind === 'plan' && <Table.Th>{t('packages.fields.features')}</Table.Th>}
              <Table.Th>{t('packages.fields.limits')}</Table.Th>
              <Table.Th>{t('packages.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.code}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor
                      component={Link}
                      to={`${base(kind)}/${p.id}/edit`}
                      aria-label={t('packages.list.edit', { name: p.name })}
                    >
                      {p.name}
                    </Anchor>
                    {p.isDefault && (
                      <Badge variant="light" color="gray">
                        {t('packages.list.default')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {kind === 'plan' && <Table.Td>{t(`packages.tiers.${p.tier}`)}</Table.Td>}
                <Table.Td>
                  {(() => {
                    const price = priceSummary(kind, p);
                    if (price.kind === 'addon')
                      return t('packages.list.uses', { count: price.uses, price: money(price.priceMinor, p) });
                    if (price.kind === 'free') return t('packages.list.free');
                    return (
                      <Stack gap={0}>
                        {price.options.map((o) => (
                          <Text key={o.months} size="sm">
                            {t('packages.list.optionLine', { months: o.months, price: money(o.monthlyPriceMinor, p) })}
                          </Text>
                        ))}
                      </Stack>
                    );
                  })()}
                </Table.Td>
                {kind === 'plan' && (
                  <Table.Td>{p.features.map((f) => t(`packages.features.${f}`)).join(', ')}</Table.Td>
                )}
                <Table.Td>
                  <Text size="sm">
                    {t('packages.fields.timeMinutes')}: {limit(p.limits.timeMinutes)}; {t('packages.fields.storageMb')}:{' '}
                    {limit(p.limits.storageMb)}; {t('packages.fields.uses')}: {limit(p.limits.uses)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={p.enabled}
                    disabled={p.isDefault}
                    onChange={() => setConfirm(p)}
                    aria-label={t('packages.list.toggle', { name: p.name })}
                    label={t(p.enabled ? 'packages.list.enabled' : 'packages.list.disabled')}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(toggleDialog(confirm).titleKey, { name: confirm.name }) : ''}
      >
        <Stack>
          <Text>{confirm && t(toggleDialog(confirm).bodyKey)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('packages.list.cancel')}
            </Button>
            <Button
              color={confirm && toggleDialog(confirm).danger ? 'red' : undefined}
              loading={toggle.isPending}
              onClick={() => confirm && toggle.mutate(confirm)}
            >
              {t('packages.list.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
