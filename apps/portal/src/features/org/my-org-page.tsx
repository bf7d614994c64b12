import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { StatusBadge, org, orgKeys, scopeTypeLabel } from './org-shared.tsx';
import { CenterFacts } from './center-detail-page.tsx';
import { AdminList } from './scope-detail-page.tsx';

/** For scope and health-center admins: the scope and centers of their current level (smadmin calls). */
export function MyOrgPage() {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: [...orgKeys.mine, 'check'],
    queryFn: () => org.orgCheck(),
    meta: { inlineError: true },
  });
  const hierarchy = useQuery({
    queryKey: [...orgKeys.mine, 'hierarchy'],
    queryFn: () => org.myScopeHierarchy(),
    enabled: Boolean(check.data?.hasScope),
    meta: { inlineError: true },
  });
  const scope = useQuery({
    queryKey: [...orgKeys.mine, 'scope'],
    queryFn: () => org.myScope(),
    enabled: Boolean(check.data?.hasScope),
    meta: { inlineError: true },
  });
  const centers = useQuery({
    queryKey: [...orgKeys.mine, 'centers'],
    queryFn: () => org.myCenters(),
    meta: { inlineError: true },
  });

  if (check.isPending) return <ListSkeleton rows={6} />;
  if (check.isError) return <ErrorState error={check.error} onRetry={() => void check.refetch()} />;
  const c = check.data;
  const h = hierarchy.data;
  return (
    <Stack>
      <Title order={1}>{t('org.mine.title')}</Title>
      {!c.hasScope && !c.hasCenter && <Alert color="blue">{t('org.mine.tenantWide')}</Alert>}
      {c.hasScope && (
        <Card withBorder>
          <Stack>
            <Title order={2} size="h3">
              {t('org.mine.scope')}
            </Title>
            {hierarchy.isPending ? (
              <ListSkeleton rows={2} />
            ) : hierarchy.isError ? (
              <ErrorState error={hierarchy.error} onRetry={() => void hierarchy.refetch()} />
            ) : (
              h?.scope && (
                <>
                  <Text aria-label={t('org.mine.path')}>{[...h.parents, h.scope].map((s) => s.name).join(' › ')}</Text>
                  <Group>
                    <StatusBadge active={h.scope.status === 'active'} />
                    <Text size="sm">
                      {t('org.scopes.levelN', { n: h.scope.level })} · {scopeTypeLabel(t, h.scope.type)}
                    </Text>
                  </Group>
                  {h.children.length > 0 && (
                    <Table withTableBorder aria-label={t('org.mine.subScopes')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('org.mine.subScopes')}</Table.Th>
                          <Table.Th>{t('org.scopes.level')}</Table.Th>
                          <Table.Th>{t('org.status.label')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {h.children.map((s) => (
                          <Table.Tr key={s.id}>
                            <Table.Td>{s.name}</Table.Td>
                            <Table.Td>{s.level}</Table.Td>
                            <Table.Td>
                              <StatusBadge active={s.status === 'active'} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </>
              )
            )}
            {scope.data && !c.hasCenter && (
              <>
                <Text fw={600}>{t('org.admins.title')}</Text>
                <AdminList main={scope.data.mainAdmin} support={scope.data.supportAdmins} />
              </>
            )}
          </Stack>
        </Card>
      )}
      <Title order={2} size="h3">
        {c.hasCenter ? t('org.mine.center') : t('org.mine.centers')}
      </Title>
      {centers.isPending ? (
        <ListSkeleton />
      ) : centers.isError ? (
        <ErrorState error={centers.error} onRetry={() => void centers.refetch()} />
      ) : centers.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('org.centers.empty')}
        </Text>
      ) : (
        centers.data.items.map((center) => (
          <Stack key={center.id} gap="xs">
            <Group justify="space-between">
              <Group>
                <Text fw={600}>{center.name}</Text>
                <StatusBadge active={center.enabled} />
              </Group>
              {c.canEditCenter && c.centerId === center.id && (
                <Button variant="default" component={Link} to={`/my-organization/centers/${center.id}/edit`}>
                  {t('org.mine.editCenter')}
                </Button>
              )}
            </Group>
            <CenterFacts c={center} />
            <AdminList main={center.mainAdmin} support={center.supportAdmins} />
          </Stack>
        ))
      )}
      <Anchor component={Link} to="/account" size="sm">
        {t('org.mine.account')}
      </Anchor>
    </Stack>
  );
}
