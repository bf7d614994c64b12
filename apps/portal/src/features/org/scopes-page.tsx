import { useState } from 'react';
import { Button, Card, Grid, Group, NativeSelect, NavLink, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  SCOPE_LEVELS,
  SCOPE_TYPES,
  type TScope,
  type TScopeListQuery,
  type TScopeType,
} from '@carewatch/contracts/scopes';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { PAGE_SIZE, Paging, StatusBadge, org, orgKeys, scopeTypeLabel } from './org-shared.tsx';
import { ScopeFormModal } from './scope-form-modal.tsx';

const isType = (v: string): v is TScopeType => (SCOPE_TYPES as readonly string[]).includes(v);

function TreeNode({ scope, all }: { scope: TScope; all: TScope[] }) {
  const { t } = useTranslation();
  const kids = all.filter((s) => s.parentId === scope.id);
  const description = `${t('org.scopes.levelN', { n: scope.level })} · ${scopeTypeLabel(t, scope.type)}`;
  if (kids.length === 0)
    return <NavLink component={Link} to={`/scopes/${scope.id}`} label={scope.name} description={description} />;
  return (
    <NavLink label={scope.name} description={description} defaultOpened childrenOffset={16}>
      <NavLink component={Link} to={`/scopes/${scope.id}`} label={t('org.scopes.open', { name: scope.name })} />
      {kids.map((k) => (
        <TreeNode key={k.id} scope={k} all={all} />
      ))}
    </NavLink>
  );
}

/** The scope tree (levels 1–5). */
export function ScopeTree() {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: orgKeys.scopeTree,
    queryFn: () => org.scopeHierarchy({ isFetchChildren: true }),
    meta: { inlineError: true },
  });
  const all = tree.data ? [...(tree.data.scope ? [tree.data.scope] : []), ...tree.data.children] : [];
  const ids = new Set(all.map((s) => s.id));
  const roots = all.filter((s) => !s.parentId || !ids.has(s.parentId));
  return (
    <Card withBorder padding="xs" component="nav" aria-label={t('org.scopes.tree')}>
      <Text fw={600} mb="xs">
        {t('org.scopes.tree')}
      </Text>
      {tree.isPending ? (
        <ListSkeleton rows={4} />
      ) : tree.isError ? (
        <ErrorState error={tree.error} onRetry={() => void tree.refetch()} />
      ) : roots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('org.scopes.empty')}
        </Text>
      ) : (
        roots.map((r) => <TreeNode key={r.id} scope={r} all={all} />)
      )}
    </Card>
  );
}

/** Scopes: tree + server-paginated list with search, type, level and parent filters. */
const LIST: ListSpec<'search' | 'type' | 'level' | 'parentId'> = {
  filters: ['search', 'type', 'level', 'parentId'],
  pageSize: PAGE_SIZE,
};

export function ScopesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useListState(LIST);
  const search = useFilterText(state, 'search');
  const { page, setPage } = state;
  const { search: debounced, type, level, parentId } = state.filters;
  const [adding, setAdding] = useState(false);

  const query: Partial<TScopeListQuery> = {
    page,
    size: PAGE_SIZE,
    ...(debounced ? { searchValue: debounced } : {}),
    ...(isType(type) ? { type } : {}),
    ...(level ? { level: Number(level) } : {}),
    ...(parentId ? { parentId } : {}),
  };
  const list = useQuery({
    queryKey: orgKeys.scopeList(query),
    queryFn: () => org.scopes(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const tree = useQuery({
    queryKey: orgKeys.scopeTree,
    queryFn: () => org.scopeHierarchy({ isFetchChildren: true }),
    meta: { inlineError: true },
  });
  const parents = (tree.data?.children ?? []).filter((s) => s.level < 5);

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('org.scopes.title')}</Title>
          <Text c="dimmed">{t('org.scopes.subtitle')}</Text>
        </div>
        <Button onClick={() => setAdding(true)}>{t('org.scopes.add')}</Button>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ScopeTree />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
            <Group align="flex-end">
              <TextInput
                label={t('org.scopes.search')}
                type="search"
                value={search.value}
                onChange={(e) => search.set(e.currentTarget.value)}
                w={240}
              />
              <NativeSelect
                label={t('org.scopes.type')}
                value={type}
                onChange={(e) => state.setFilter('type', e.currentTarget.value)}
                data={[
                  { value: '', label: t('common.all') },
                  ...SCOPE_TYPES.map((v) => ({ value: v, label: t(`org.scopeTypes.${v}`) })),
                ]}
              />
              <NativeSelect
                label={t('org.scopes.level')}
                value={level}
                onChange={(e) => state.setFilter('level', e.currentTarget.value)}
                data={[
                  { value: '', label: t('common.all') },
                  ...SCOPE_LEVELS.map((l) => ({ value: String(l), label: t('org.scopes.levelN', { n: l }) })),
                ]}
              />
              <NativeSelect
                label={t('org.scopes.parent')}
                value={parentId}
                onChange={(e) => state.setFilter('parentId', e.currentTarget.value)}
                data={[{ value: '', label: t('common.all') }, ...parents.map((p) => ({ value: p.id, label: p.name }))]}
              />
              <SavedViews list="scopes" />
              {list.data && (
                <Text size="sm" c="dimmed" role="status">
                  {t('org.scopes.total', { count: list.data.total })}
                </Text>
              )}
            </Group>
            {list.isPending ? (
              <ListSkeleton />
            ) : list.isError ? (
              <ErrorState error={list.error} onRetry={() => void list.refetch()} />
            ) : list.data.items.length === 0 ? (
              <Text c="dimmed" role="status">
                {t('org.scopes.empty')}
              </Text>
            ) : (
              <>
                <Table striped highlightOnHover withTableBorder aria-label={t('org.scopes.list')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('org.scopes.name')}</Table.Th>
                      <Table.Th>{t('org.scopes.level')}</Table.Th>
                      <Table.Th>{t('org.scopes.type')}</Table.Th>
                      <Table.Th>{t('org.scopes.parent')}</Table.Th>
                      <Table.Th>{t('org.scopes.centers')}</Table.Th>
                      <Table.Th>{t('org.scopes.admins')}</Table.Th>
                      <Table.Th>{t('org.status.label')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.items.map((s) => (
                      <Table.Tr
                        key={s.id}
                        style={{ cursor: 'pointer' }}
                        onClick={() => void navigate(`/scopes/${s.id}`)}
                      >
                        <Table.Td>
                          <Link to={`/scopes/${s.id}`} onClick={(e) => e.stopPropagation()}>
                            {s.name}
                          </Link>
                        </Table.Td>
                        <Table.Td>{s.level}</Table.Td>
                        <Table.Td>{scopeTypeLabel(t, s.type)}</Table.Td>
                        <Table.Td>{s.parentName ?? t('common.none')}</Table.Td>
                        <Table.Td>{s.centerCount}</Table.Td>
                        <Table.Td>{s.adminCount}</Table.Td>
                        <Table.Td>
                          <StatusBadge active={s.status === 'active'} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Paging total={list.data.total} page={page} onChange={setPage} label={t('org.scopes.pagination')} />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {adding && <ScopeFormModal opened onClose={() => setAdding(false)} />}
    </Stack>
  );
}
