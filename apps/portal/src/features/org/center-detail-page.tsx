import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TCenter } from '@carewatch/contracts/centers';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { ConfirmModal, StatusBadge, centerTypeLabel, org, orgKeys, useCenterLogo } from './org-shared.tsx';

/** The read-only view of a center's fields (shared with "My organization"). */
export function CenterFacts({ c }: { c: TCenter }) {
  const { t } = useTranslation();
  const logo = useCenterLogo(c.id, c.hasLogo, c.updatedAt);
  const none = t('common.none');
  const facts: Array<[string, string]> = [
    ['type', centerTypeLabel(t, c.type)],
    ['scopeId', c.scopeName ?? none],
    ['representative', c.representative ?? none],
    ['level', c.level ?? none],
    ['phoneNumber', c.phoneNumber ? `${c.phonePrefix ?? ''} ${c.phoneNumber}`.trim() : none],
    ['hotline', c.hotline ?? none],
    ['email', c.email ?? none],
    ['website', c.website ?? none],
    ['address', c.address ?? none],
    ['region', c.region ?? none],
    ['province', c.province ?? none],
    ['city', c.city ?? none],
    ['area', c.area ?? none],
    ['lat', c.lat === null ? none : String(c.lat)],
    ['lng', c.lng === null ? none : String(c.lng)],
  ];
  return (
    <Card withBorder>
      <Group align="flex-start" wrap="nowrap">
        {logo ? (
          <Image src={logo} alt={t('org.centers.logoOf', { name: c.name })} w={96} h={96} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed" w={96}>
            {t('org.centers.noLogo')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, md: 4 }} style={{ flex: 1 }}>
          {facts.map(([k, v]) => (
            <div key={k}>
              <Text size="sm" c="dimmed">
                {t(`org.centers.fields.${k}`)}
              </Text>
              <Text style={{ wordBreak: 'break-word' }}>{v}</Text>
            </div>
          ))}
          <div>
            <Text size="sm" c="dimmed">
              {t('org.centers.fields.specialties')}
            </Text>
            <Group gap={4}>
              {c.specialties.length ? (
                c.specialties.map((s) => (
                  <Badge key={s} variant="light">
                    {s}
                  </Badge>
                ))
              ) : (
                <Text>{none}</Text>
              )}
            </Group>
          </div>
        </SimpleGrid>
      </Group>
    </Card>
  );
}

export function CenterDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const center = useQuery({ queryKey: orgKeys.center(id), queryFn: () => org.center(id), meta: { inlineError: true } });
  const [toggling, setToggling] = useState(false);
  const [unassigning, setUnassigning] = useState<{ userId: string; name: string } | null>(null);
  const onSaved = async (saved: TCenter, message: string) => {
    queryClient.setQueryData(orgKeys.center(id), saved);
    await queryClient.invalidateQueries({ queryKey: orgKeys.centers });
    notifySuccess(message);
  };
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => org.setCenterEnabled(id, enabled),
    onSuccess: (saved) => onSaved(saved, saved.enabled ? t('org.centers.activated') : t('org.centers.deactivated')),
    onSettled: () => setToggling(false),
    meta: { inlineError: true },
  });
  const unassign = useMutation({
    mutationFn: (userId: string) => org.unassignCenterAdmin(id, userId),
    onSuccess: (saved) => onSaved(saved, t('org.admins.unassigned')),
    onSettled: () => setUnassigning(null),
    meta: { inlineError: true },
  });

  if (center.isPending) return <ListSkeleton rows={6} />;
  if (center.isError) return <ErrorState error={center.error} onRetry={() => void center.refetch()} />;
  const c = center.data;
  const failure = toggle.error ?? unassign.error;
  return (
    <Stack>
      <Anchor component={Link} to="/centers">
        {t('org.centers.back')}
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={1}>{c.name}</Title>
          <StatusBadge active={c.enabled} />
        </Group>
        <Group>
          <Button variant="default" component={Link} to={`/centers/${c.id}/edit`}>
            {t('org.centers.edit')}
          </Button>
          <Button color={c.enabled ? 'red' : 'teal'} variant="light" onClick={() => setToggling(true)}>
            {c.enabled ? t('org.centers.deactivate') : t('org.centers.activate')}
          </Button>
        </Group>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {errorText(t, failure)}
        </Alert>
      )}
      <CenterFacts c={c} />
      <Title order={2} size="h3">
        {t('org.admins.title')}
      </Title>
      <Table withTableBorder aria-label={t('org.admins.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('org.admins.name')}</Table.Th>
            <Table.Th>{t('org.admins.contact')}</Table.Th>
            <Table.Th>{t('org.admins.role')}</Table.Th>
            <Table.Th>{t('org.admins.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...(c.mainAdmin ? [c.mainAdmin] : []), ...c.supportAdmins].map((a) => (
            <Table.Tr key={a.userId}>
              <Table.Td>{a.name}</Table.Td>
              <Table.Td>{a.email ?? a.phone ?? t('common.none')}</Table.Td>
              <Table.Td>{a.isMain ? t('org.admins.main') : t('org.admins.support')}</Table.Td>
              <Table.Td>
                {a.isMain ? (
                  <Text size="sm" c="dimmed">
                    {t('org.admins.mainLocked')}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('org.admins.unassignName', { name: a.name })}
                    onClick={() => setUnassigning({ userId: a.userId, name: a.name })}
                  >
                    {t('org.admins.unassign')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('org.centers.inUse', { count: c.inUseCount })}
      </Text>
      <ConfirmModal
        opened={toggling}
        title={c.enabled ? t('org.centers.deactivate') : t('org.centers.activate')}
        color={c.enabled ? 'red' : 'teal'}
        confirmLabel={c.enabled ? t('org.centers.deactivate') : t('org.centers.activate')}
        loading={toggle.isPending}
        onClose={() => setToggling(false)}
        onConfirm={() => toggle.mutate(!c.enabled)}
      >
        {c.enabled
          ? t('org.centers.confirmDeactivate', { name: c.name })
          : t('org.centers.confirmActivate', { name: c.name })}
      </ConfirmModal>
      <ConfirmModal
        opened={!!unassigning}
        title={t('org.admins.unassign')}
        confirmLabel={t('org.admins.unassign')}
        loading={unassign.isPending}
        onClose={() => setUnassigning(null)}
        onConfirm={() => unassigning && unassign.mutate(unassigning.userId)}
      >
        {t('org.admins.confirmUnassign', { name: unassigning?.name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
