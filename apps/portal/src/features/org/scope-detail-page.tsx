import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ZScopeNameStatusRequest, type TOrgAdmin, type TScopeDetail } from '@carewatch/contracts/scopes';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { ConfirmModal, StatusBadge, org, orgKeys, scopeTypeLabel } from './org-shared.tsx';
import { ScopeFormModal } from './scope-form-modal.tsx';

function NameStatusModal({ scope, onClose }: { scope: TScopeDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(scope.name);
  const [active, setActive] = useState(scope.status === 'active');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: Parameters<typeof org.setScopeNameAndStatus>[1]) => org.setScopeNameAndStatus(scope.id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(orgKeys.scope(scope.id), saved);
      await queryClient.invalidateQueries({ queryKey: orgKeys.scopes });
      notifySuccess(t('org.scopes.saved'));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZScopeNameStatusRequest.safeParse({ name, status: active ? 'active' : 'inactive' });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    save.mutate(parsed.data);
  };
  const stateError = save.isError && !errors.name ? errorText(t, save.error) : null;
  return (
    <Modal opened onClose={onClose} title={t('org.scopes.renameStatus')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {stateError && (
            <Alert color="red" role="alert">
              {stateError}
            </Alert>
          )}
          <TextInput
            label={t('org.scopes.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.name}
          />
          <Switch
            label={t('org.scopes.activeSwitch')}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          {!active && scope.status === 'active' && (
            <Text size="sm" c="dimmed">
              {t('org.scopes.deactivateHint')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function AdminList({ main, support }: { main: TOrgAdmin | null; support: TOrgAdmin[] }) {
  const { t } = useTranslation();
  if (!main && support.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('org.admins.none')}
      </Text>
    );
  return (
    <Table withTableBorder aria-label={t('org.admins.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('org.admins.name')}</Table.Th>
          <Table.Th>{t('org.admins.contact')}</Table.Th>
          <Table.Th>{t('org.admins.role')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...(main ? [main] : []), ...support].map((a) => (
          <Table.Tr key={a.userId}>
            <Table.Td>{a.name}</Table.Td>
            <Table.Td>{a.email ?? a.phone ?? t('common.none')}</Table.Td>
            <Table.Td>{a.isMain ? t('org.admins.main') : t('org.admins.support')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A scope: its place in the tree, children, health centers and admins; edit, rename/status, delete. */
export function ScopeDetailPage({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scope = useQuery({ queryKey: orgKeys.scope(id), queryFn: () => org.scope(id), meta: { inlineError: true } });
  const [editing, setEditing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [addingChild, setAddingChild] = useState(false);
  const remove = useMutation({
    mutationFn: () => org.deleteScope(id),
    onSuccess: async () => {
      notifySuccess(t('org.scopes.deleted'));
      await queryClient.invalidateQueries({ queryKey: orgKeys.scopes });
      void navigate('/scopes');
    },
    onSettled: () => setDeleting(false),
    meta: { inlineError: true },
  });

  if (scope.isPending) return <ListSkeleton rows={6} />;
  if (scope.isError) return <ErrorState error={scope.error} onRetry={() => void scope.refetch()} />;
  const s = scope.data;
  return (
    <Stack>
      <Anchor component={Link} to="/scopes">
        {t('org.scopes.back')}
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={1}>{s.name}</Title>
          <StatusBadge active={s.status === 'active'} />
        </Group>
        {!readOnly && (
          <Group>
            {s.level < 5 && s.status === 'active' && (
              <Button variant="light" onClick={() => setAddingChild(true)}>
                {t('org.scopes.addChild')}
              </Button>
            )}
            <Button variant="default" onClick={() => setEditing(true)}>
              {t('org.scopes.edit')}
            </Button>
            <Button variant="default" onClick={() => setRenaming(true)}>
              {t('org.scopes.renameStatus')}
            </Button>
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('org.scopes.delete')}
            </Button>
          </Group>
        )}
      </Group>
      {remove.isError && (
        <Alert color="red" role="alert">
          {errorText(t, remove.error)}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <div>
            <Text size="sm" c="dimmed">
              {t('org.scopes.level')}
            </Text>
            <Text>{t('org.scopes.levelN', { n: s.level })}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('org.scopes.type')}
            </Text>
            <Text>{scopeTypeLabel(t, s.type)}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('org.scopes.parent')}
            </Text>
            {s.parentId ? (
              <Anchor component={Link} to={`/scopes/${s.parentId}`}>
                {s.parentName}
              </Anchor>
            ) : (
              <Text>{t('common.none')}</Text>
            )}
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('org.scopes.counts')}
            </Text>
            <Text>
              {t('org.scopes.countsValue', { children: s.childCount, centers: s.centerCount, admins: s.adminCount })}
            </Text>
          </div>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h3">
        {t('org.scopes.children')}
      </Title>
      {s.children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('org.scopes.noChildren')}
        </Text>
      ) : (
        <Table withTableBorder aria-label={t('org.scopes.children')}>
          <Table.Tbody>
            {s.children.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {readOnly ? (
                    c.name
                  ) : (
                    <Anchor component={Link} to={`/scopes/${c.id}`}>
                      {c.name}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{scopeTypeLabel(t, c.type)}</Table.Td>
                <Table.Td>
                  <StatusBadge active={c.status === 'active'} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} size="h3">
        {t('org.scopes.linkedCenters')}
      </Title>
      {s.centers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('org.scopes.noCenters')}
        </Text>
      ) : (
        <Table withTableBorder aria-label={t('org.scopes.linkedCenters')}>
          <Table.Tbody>
            {s.centers.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {readOnly ? (
                    c.name
                  ) : (
                    <Anchor component={Link} to={`/centers/${c.id}`}>
                      {c.name}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={c.enabled} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} size="h3">
        {t('org.admins.title')}
      </Title>
      <AdminList main={s.mainAdmin} support={s.supportAdmins} />
      {editing && <ScopeFormModal opened scope={s} onClose={() => setEditing(false)} />}
      {addingChild && (
        <ScopeFormModal opened defaultParent={{ id: s.id, level: s.level }} onClose={() => setAddingChild(false)} />
      )}
      {renaming && <NameStatusModal scope={s} onClose={() => setRenaming(false)} />}
      <ConfirmModal
        opened={deleting}
        title={t('org.scopes.delete')}
        confirmLabel={t('org.scopes.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      >
        {t('org.scopes.confirmDelete', { name: s.name })}
      </ConfirmModal>
    </Stack>
  );
}
