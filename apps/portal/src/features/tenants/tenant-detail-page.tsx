import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { ActiveBadge, tenantKeys, tenants } from './tenants-shared.tsx';
import { TenantSettingsTabs } from './tenant-settings-tabs.tsx';

/** One tenant (super admin): state, activate/deactivate with confirmation, edit, settings tabs. */
export function TenantDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: tenantKeys.detail(id),
    queryFn: () => tenants.get(id),
    meta: { inlineError: true },
  });
  const [confirming, setConfirming] = useState(false);
  const toggle = useMutation({
    mutationFn: (active: boolean) => tenants.setActive(id, active),
    onSuccess: async (saved) => {
      setConfirming(false);
      queryClient.setQueryData(tenantKeys.detail(id), saved);
      notifySuccess(saved.active ? t('tenants.detail.activated') : t('tenants.detail.deactivated'));
      await queryClient.invalidateQueries({ queryKey: ['tenants', 'list'] });
    },
    meta: { inlineError: true },
  });

  if (detail.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    );
  }
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  return (
    <Stack>
      <Anchor component={Link} to="/tenants" size="sm">
        {t('tenants.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1}>{d.name}</Title>
            <ActiveBadge active={d.active} />
            <Badge variant="outline" tt="none">
              {t(`tenants.connectionTypes.${d.connectionType}`)}
            </Badge>
          </Group>
          <Text c="dimmed">
            {d.officialName || t('common.none')} · {t('tenants.fields.code')}:{' '}
            <Text span ff="monospace">
              {d.code}
            </Text>{' '}
            · {t('tenants.fields.createdAt')}: {formatDateTime(d.createdAt, tz)}
          </Text>
        </div>
        <Group>
          <Button variant="default" component={Link} to={`/tenants/${d.id}/edit`}>
            {t('tenants.detail.edit')}
          </Button>
          <Button
            color={d.active ? 'red' : 'teal'}
            variant="light"
            onClick={() => {
              toggle.reset();
              setConfirming(true);
            }}
          >
            {d.active ? t('tenants.detail.deactivate') : t('tenants.detail.activate')}
          </Button>
        </Group>
      </Group>
      <TenantSettingsTabs
        key={`${d.name}|${d.settings.COLOR}|${d.settings.LOGO}|${d.settings.ICON}`}
        detail={d}
        platform
      />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={d.active ? t('tenants.detail.deactivate') : t('tenants.detail.activate')}
        centered
      >
        <Stack>
          <Text>
            {d.active
              ? t('tenants.detail.confirmDeactivate', { name: d.name })
              : t('tenants.detail.confirmActivate', { name: d.name })}
          </Text>
          {toggle.isError && (
            <Text c="red" role="alert">
              {errorText(t, toggle.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={d.active ? 'red' : 'teal'}
              loading={toggle.isPending}
              onClick={() => toggle.mutate(!d.active)}
            >
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
