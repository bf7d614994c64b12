import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  Modal,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ALL_PERMISSIONS, Permission } from '@carewatch/contracts/permissions';
import { ZCreateRoleRequest, type TRole } from '@carewatch/contracts/roles';
import { isApiError } from '@carewatch/api-client/client';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useHasPermission, usePermissions } from '../../app/queries.ts';
import { useFormState } from '@carewatch/web/form';
import { portalEn } from '@carewatch/i18n/portal-en';
import {
  groupedCatalogue as grouped,
  labelOf,
  roleNote,
  switchDisabled,
  togglePermission,
  type CatalogueItem,
} from './roles-rules.ts';

const rolesKey = ['roles'];

function useCatalogue(): CatalogueItem[] {
  const q = useQuery({
    queryKey: ['permissionCatalogue'],
    queryFn: () => api.permissionCatalogue(),
    staleTime: Infinity,
    meta: { inlineError: true },
  });
  return q.data?.items ?? ALL_PERMISSIONS.map((p) => ({ id: p.id, key: p.key, group: p.group }));
}

const permissionKeys = new Set(Object.keys(portalEn.permissions));
const groupKeys = new Set(Object.keys(portalEn.permissionGroups));
const label = (t: TFunction, l: { key: string } | { raw: string }) => ('key' in l ? t(l.key) : l.raw);
const permissionLabel = (t: TFunction, p: CatalogueItem) => label(t, labelOf('permissions', p.key, permissionKeys));
const groupLabel = (t: TFunction, g: string) => label(t, labelOf('permissionGroups', g, groupKeys));

function AddRoleModal({
  opened,
  onClose,
  catalogue,
}: {
  opened: boolean;
  onClose: () => void;
  catalogue: CatalogueItem[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useFormState({ name: '', description: '', permissions: [] as number[] });
  const create = useMutation({
    mutationFn: (body: Parameters<typeof api.createRole>[0]) => api.createRole(body),
    onSuccess: async () => {
      notifySuccess(t('roles.created'));
      await queryClient.invalidateQueries({ queryKey: rolesKey });
      form.setValues({ name: '', description: '', permissions: [] });
      onClose();
    },
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateRoleRequest.safeParse(form.values);
    if (!parsed.success) return form.setErrors(zodFieldErrors(t, parsed.error));
    create.mutate(parsed.data);
  };
  const toggle = (id: number, on: boolean) =>
    form.set('permissions', togglePermission(form.values.permissions, id, on));
  const nameError =
    form.errors.name ??
    (isApiError(create.error) && create.error.code === 'ROLE_EXISTED' ? errorText(t, create.error) : undefined);
  return (
    <Modal opened={opened} onClose={onClose} title={t('roles.addRole')} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          {create.isError && !(isApiError(create.error) && create.error.code === 'ROLE_EXISTED') && (
            <Alert color="red" role="alert">
              {errorText(t, create.error)}
            </Alert>
          )}
          <TextInput label={t('roles.name')} {...form.text('name')} error={nameError} />
          <Textarea
            label={t('roles.description')}
            value={form.values.description}
            onChange={(e) => form.set('description', e.currentTarget.value)}
            error={form.errors.description}
          />
          <Text fw={600}>{t('roles.permissions')}</Text>
          <ScrollArea.Autosize mah={360}>
            <SimpleGrid cols={2}>
              {grouped(catalogue).map(([group, items]) => (
                <Fieldset key={group} legend={groupLabel(t, group)} p="sm">
                  <Stack gap={6}>
                    {items.map((p) => (
                      <Checkbox
                        key={p.id}
                        label={permissionLabel(t, p)}
                        checked={form.values.permissions.includes(p.id)}
                        onChange={(e) => toggle(p.id, e.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Fieldset>
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('roles.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RolePermissions({
  role,
  catalogue,
  canToggle,
}: {
  role: TRole;
  catalogue: CatalogueItem[];
  canToggle: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = usePermissions();
  const caller = { roleCode: me?.role ?? '', permissions: me?.permissions ?? [] };
  // The server's rule, shown: roles at or above the caller's are read-only, a top role's permissions stay on, and
  // only permissions the caller holds can be switched on.
  const note = roleNote(canToggle, caller, role);
  const toggle = useMutation({
    mutationFn: (v: { permissionId: number; enabled: boolean }) => api.togglePermission(role.id, v),
    onSuccess: (updated) => {
      queryClient.setQueryData(rolesKey, (old: { items: TRole[] } | undefined) =>
        old ? { items: old.items.map((r) => (r.id === updated.id ? updated : r)) } : old,
      );
      notifySuccess(t('roles.toggled'));
    },
  });
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('roles.permissionsOf', { name: role.name })}
      </Title>
      {role.description && <Text c="dimmed">{role.description}</Text>}
      {note && (
        <Text size="sm" c="dimmed">
          {t(note)}
        </Text>
      )}
      <SimpleGrid cols={2}>
        {grouped(catalogue).map(([group, items]) => (
          <Fieldset key={group} legend={groupLabel(t, group)} p="sm">
            <Stack gap={6}>
              {items.map((p) => (
                <Switch
                  key={p.id}
                  label={permissionLabel(t, p)}
                  checked={role.permissions.includes(p.id)}
                  disabled={
                    switchDisabled(canToggle, caller, role, p.id) ||
                    (toggle.isPending && toggle.variables.permissionId === p.id)
                  }
                  onChange={(e) => toggle.mutate({ permissionId: p.id, enabled: e.currentTarget.checked })}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function RolesPage() {
  const { t } = useTranslation();
  const has = useHasPermission();
  const roles = useQuery({ queryKey: rolesKey, queryFn: () => api.roles(), meta: { inlineError: true } });
  const catalogue = useCatalogue();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const selected = roles.data?.items.find((r) => r.id === selectedId) ?? roles.data?.items[0];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('roles.title')}</Title>
        {has(Permission.RoleCreate) && <Button onClick={() => setAdding(true)}>{t('roles.addRole')}</Button>}
      </Group>
      {roles.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : roles.isError ? (
        <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <Grid>
          <Grid.Col span={3}>
            <Card withBorder padding="xs" component="nav" aria-label={t('roles.list')}>
              {roles.data.items.map((r) => (
                <NavLink
                  key={r.id}
                  component="button"
                  label={r.name}
                  description={t('roles.countPermissions', { count: r.permissions.length })}
                  active={selected?.id === r.id}
                  aria-current={selected?.id === r.id ? 'true' : undefined}
                  onClick={() => setSelectedId(r.id)}
                  rightSection={
                    <Badge size="xs" variant="light">
                      {r.isDefault ? t('roles.defaultRole') : t('roles.customRole')}
                    </Badge>
                  }
                />
              ))}
            </Card>
          </Grid.Col>
          <Grid.Col span={9}>
            {selected ? (
              <RolePermissions role={selected} catalogue={catalogue} canToggle={has(Permission.RolePermissionToggle)} />
            ) : (
              <Text c="dimmed">{t('roles.selectRole')}</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
      <AddRoleModal opened={adding} onClose={() => setAdding(false)} catalogue={catalogue} />
    </Stack>
  );
}
