import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SCOPE_LEVELS, SCOPE_TYPES, ZCreateScopeRequest, type TScopeDetail } from '@carewatch/contracts/scopes';
import { isApiError } from '@carewatch/api-client/client';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { org, orgKeys } from './org-shared.tsx';

type Values = {
  name: string;
  level: string;
  type: string;
  parentId: string;
  mainAdminId: string;
  supportAdminIds: string[];
};

const initial = (s?: TScopeDetail): Values => ({
  name: s?.name ?? '',
  level: String(s?.level ?? 1),
  type: s?.type ?? '',
  parentId: s?.parentId ?? '',
  mainAdminId: s?.mainAdmin?.userId ?? '',
  supportAdminIds: s?.supportAdmins.map((a) => a.userId) ?? [],
});

/** Create or edit a scope: name, level 1–5, type, parent (one level up), main and supporting admins. */
export function ScopeFormModal({
  opened,
  onClose,
  scope,
  defaultParent,
}: {
  opened: boolean;
  onClose: () => void;
  scope?: TScopeDetail;
  defaultParent?: { id: string; level: number };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => ({
    ...initial(scope),
    ...(defaultParent && !scope
      ? { parentId: defaultParent.id, level: String(Math.min(5, defaultParent.level + 1)) }
      : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((o) => ({ ...o, [k]: v }));
    setErrors((e) => {
      const n = { ...e };
      delete n[k];
      return n;
    });
  };
  const tree = useQuery({
    queryKey: orgKeys.scopeTree,
    queryFn: () => org.scopeHierarchy({ isFetchChildren: true }),
    enabled: opened,
    meta: { inlineError: true },
  });
  const candidates = useQuery({
    queryKey: orgKeys.candidates('scope', ''),
    queryFn: () => org.scopeAdminCandidates(),
    enabled: opened,
    meta: { inlineError: true },
  });
  const level = Number(values.level);
  const parents = (tree.data?.children ?? []).filter(
    (s) => s.level === level - 1 && s.status === 'active' && s.id !== scope?.id,
  );

  const save = useMutation({
    mutationFn: (body: Parameters<typeof org.createScope>[0]) =>
      scope ? org.updateScope(scope.id, body) : org.createScope(body),
    onSuccess: async (saved) => {
      notifySuccess(scope ? t('org.scopes.saved') : t('org.scopes.created'));
      await queryClient.invalidateQueries({ queryKey: orgKeys.scopes });
      onClose();
      if (!scope) void navigate(`/scopes/${saved.id}`);
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateScopeRequest.safeParse({
      name: values.name,
      level: values.level,
      type: values.type || null,
      parentId: level === 1 ? null : values.parentId || null,
      mainAdminId: values.mainAdminId || (scope ? null : undefined),
      supportAdminIds: values.supportAdminIds.filter((id) => id !== values.mainAdminId),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    save.mutate(parsed.data);
  };
  const general = save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0;

  return (
    <Modal opened={opened} onClose={onClose} title={scope ? t('org.scopes.edit') : t('org.scopes.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {general && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          <TextInput
            label={t('org.scopes.name')}
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
          />
          <Group grow>
            <NativeSelect
              label={t('org.scopes.level')}
              value={values.level}
              error={errors.level}
              onChange={(e) => {
                set('level', e.currentTarget.value);
                set('parentId', '');
              }}
              data={SCOPE_LEVELS.map((l) => ({ value: String(l), label: t('org.scopes.levelN', { n: l }) }))}
            />
            <NativeSelect
              label={t('org.scopes.type')}
              value={values.type}
              error={errors.type}
              onChange={(e) => set('type', e.currentTarget.value)}
              data={[
                { value: '', label: t('common.none') },
                ...SCOPE_TYPES.map((v) => ({ value: v, label: t(`org.scopeTypes.${v}`) })),
              ]}
            />
          </Group>
          {level > 1 && (
            <NativeSelect
              label={t('org.scopes.parent')}
              value={values.parentId}
              error={errors.parentId}
              onChange={(e) => set('parentId', e.currentTarget.value)}
              description={t('org.scopes.parentHint', { n: level - 1 })}
              data={[
                { value: '', label: t('org.scopes.chooseParent') },
                ...parents.map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          )}
          <NativeSelect
            label={t('org.scopes.mainAdmin')}
            value={values.mainAdminId}
            error={errors.mainAdminId}
            onChange={(e) => set('mainAdminId', e.currentTarget.value)}
            data={[
              { value: '', label: t('org.admins.noneChosen') },
              ...(candidates.data?.items ?? []).map((c) => ({
                value: c.userId,
                label: `${c.name} (${c.email ?? c.phone ?? ''})`,
              })),
            ]}
          />
          <Checkbox.Group
            label={t('org.scopes.supportAdmins')}
            value={values.supportAdminIds}
            onChange={(v) => set('supportAdminIds', v)}
            error={errors.supportAdminIds}
          >
            <ScrollArea.Autosize mah={160}>
              <Stack gap={6} mt={6}>
                {(candidates.data?.items ?? [])
                  .filter((c) => c.userId !== values.mainAdminId)
                  .map((c) => (
                    <Checkbox key={c.userId} value={c.userId} label={`${c.name} (${c.email ?? c.phone ?? ''})`} />
                  ))}
                {candidates.data && candidates.data.items.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('org.admins.noCandidates')}
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {scope ? t('common.save') : t('org.scopes.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
