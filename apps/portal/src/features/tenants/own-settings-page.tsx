import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Permission } from '@carewatch/contracts/permissions';
import { ErrorState } from '@carewatch/web/states';
import { useHasPermission, usePermissions, useTenantSettings } from '../../app/queries.ts';
import { tenantKeys, tenants } from './tenants-shared.tsx';
import { TenantSettingsTabs } from './tenant-settings-tabs.tsx';

const PLATFORM_ROLES = ['root', 'super_admin'];

/** "Tenant settings": the caller's own tenant (system admin; a super admin also edits branding directly). */
export function OwnTenantSettingsPage() {
  const { t } = useTranslation();
  const own = useTenantSettings();
  const perms = usePermissions();
  const has = useHasPermission();
  const tenantId = own?.tenantId ?? '';
  const detail = useQuery({
    queryKey: tenantKeys.detail(tenantId),
    queryFn: () => tenants.settings(tenantId),
    enabled: Boolean(tenantId),
    meta: { inlineError: true },
  });
  const platform = has(Permission.TenantManage) && PLATFORM_ROLES.includes(perms?.role ?? '');
  return (
    <Stack>
      <div>
        <Title order={1}>{t('tenants.own.title')}</Title>
        <Text c="dimmed">{t('tenants.own.subtitle', { name: detail.data?.name ?? own?.tenantName ?? '' })}</Text>
      </div>
      {detail.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <TenantSettingsTabs
          key={`${detail.data.name}|${detail.data.settings.COLOR}|${detail.data.settings.LOGO}`}
          detail={detail.data}
          platform={platform}
        />
      )}
    </Stack>
  );
}
