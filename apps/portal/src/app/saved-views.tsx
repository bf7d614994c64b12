import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { savedViewsApi } from '@carewatch/api-client/saved-views';
import {
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEWS_PER_LIST,
  type TSavedView,
  type TSavedViewList,
} from '@carewatch/contracts/saved-views';
import { errorText } from '@carewatch/web/errors';
import { api } from './api.ts';
import { notifySuccess } from './notify.ts';
import {
  canSaveMore,
  currentView,
  defaultToApply,
  viewNameProblem,
  viewQuery,
  type ViewNameProblem,
} from './saved-views-rules.ts';

const savedViews = savedViewsApi(api.request);
export const savedViewKeys = { list: (list: TSavedViewList) => ['savedViews', list] as const };

/**
 * "Views" in the filter bar of a list page (issue 20): the signed-in user's saved views of this list — a click applies
 * one (the list's URL takes its query: a new history entry) — "Save current view…", and "Manage views…" (rename, set
 * as default, delete). The default view applies once when the page opens with no search params.
 */
export function SavedViews({ list }: { list: TSavedViewList }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const views = useQuery({
    queryKey: savedViewKeys.list(list),
    queryFn: () => savedViews.list(list),
    staleTime: 60_000,
    meta: { inlineError: true },
  });
  const items = views.data?.items ?? [];
  const current = currentView(items, location.search);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  // The default applies on the first answer after the page opens, never again on this visit.
  const defaultChecked = useRef(false);

  useEffect(() => {
    if (!views.data || defaultChecked.current) return;
    defaultChecked.current = true;
    const query = defaultToApply(views.data.items, location.search, false);
    if (query !== null) void navigate({ pathname: location.pathname, search: `?${query}` }, { replace: true });
  }, [views.data, location.pathname, location.search, navigate]);

  const apply = (v: TSavedView) => {
    defaultChecked.current = true;
    void navigate({ pathname: location.pathname, search: v.query ? `?${v.query}` : '' });
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" data-testid="saved-views">
            {current ? t('savedViews.buttonCurrent', { name: current.name }) : t('savedViews.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('savedViews.menuLabel')}>
          {views.isError && <Menu.Item disabled>{t('savedViews.loadFailed')}</Menu.Item>}
          {views.data && items.length === 0 && <Menu.Item disabled>{t('savedViews.none')}</Menu.Item>}
          {items.map((v) => (
            <Menu.Item
              key={v.id}
              onClick={() => apply(v)}
              aria-current={current?.id === v.id ? 'true' : undefined}
              rightSection={
                v.isDefault ? (
                  <Text span size="xs">
                    ({t('savedViews.defaultMark')})
                  </Text>
                ) : null
              }
              fw={current?.id === v.id ? 700 : undefined}
            >
              {v.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog('save')} disabled={!views.data || !canSaveMore(items)}>
            {t('savedViews.save')}
          </Menu.Item>
          {items.length > 0 && <Menu.Item onClick={() => setDialog('manage')}>{t('savedViews.manage')}</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'save' && (
        <SaveViewModal list={list} views={items} query={viewQuery(location.search)} onClose={() => setDialog(null)} />
      )}
      {dialog === 'manage' && <ManageViewsModal list={list} views={items} onClose={() => setDialog(null)} />}
    </>
  );
}

/** The text of a name problem found before asking the server. */
function nameProblemText(t: TFunction, p: ViewNameProblem): string {
  if (p === 'required') return t('fieldRules.required');
  if (p === 'maxLength') return t('fieldRules.maxLength', { n: SAVED_VIEW_NAME_MAX });
  return t('savedViews.exists');
}

/** A server refusal about the name shows under the field; anything else above the form. */
const isNameError = (e: unknown) =>
  isApiError(e) && (e.code === 'SAVED_VIEW_NAME_EXISTS' || e.details?.field === 'name');

function SaveViewModal({
  list,
  views,
  query,
  onClose,
}: {
  list: TSavedViewList;
  views: readonly TSavedView[];
  query: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => savedViews.create({ list, name: name.trim(), query, isDefault }),
    onSuccess: async (v) => {
      await qc.invalidateQueries({ queryKey: savedViewKeys.list(list) });
      notifySuccess(t('savedViews.saved', { name: v.name }));
      onClose();
    },
    onError: (e) => {
      if (isNameError(e)) setProblem(errorText(t, e));
    },
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = viewNameProblem(name, views);
    setProblem(p ? nameProblemText(t, p) : null);
    if (!p) save.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={t('savedViews.saveTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {!canSaveMore(views) && <Alert color="orange">{t('savedViews.limit', { max: SAVED_VIEWS_PER_LIST })}</Alert>}
          {save.isError && !isNameError(save.error) && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          <TextInput
            label={t('savedViews.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problem}
            maxLength={SAVED_VIEW_NAME_MAX + 20}
            required
            data-autofocus
          />
          <Checkbox
            label={t('savedViews.makeDefault')}
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
          />
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

type Editing = { id: string; mode: 'rename' | 'delete' } | null;

/** Rename, set or clear the default, delete: one row per view, each action named with the view's name. */
function ManageViewsModal({
  list,
  views,
  onClose,
}: {
  list: TSavedViewList;
  views: readonly TSavedView[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = async (message: string) => {
    await qc.invalidateQueries({ queryKey: savedViewKeys.list(list) });
    notifySuccess(message);
    setEditing(null);
  };
  const update = useMutation({
    mutationFn: ({ id, ...patch }: { id: string; name?: string; isDefault?: boolean }) => savedViews.update(id, patch),
    onSuccess: (v, p) =>
      done(
        p.name !== undefined
          ? t('savedViews.renamed', { name: v.name })
          : v.isDefault
            ? t('savedViews.defaultSet', { name: v.name })
            : t('savedViews.defaultCleared'),
      ),
    onError: (e) => {
      if (isNameError(e)) setProblem(errorText(t, e));
    },
    meta: { inlineError: true },
  });
  const remove = useMutation({
    mutationFn: (v: TSavedView) => savedViews.remove(v.id),
    onSuccess: (_r, v) => done(t('savedViews.deleted', { name: v.name })),
    meta: { inlineError: true },
  });
  const failure =
    (update.isError && !isNameError(update.error) ? update.error : null) ?? (remove.isError ? remove.error : null);

  const startRename = (v: TSavedView) => {
    setEditing({ id: v.id, mode: 'rename' });
    setName(v.name);
    setProblem(null);
  };
  const rename = (e: FormEvent, v: TSavedView) => {
    e.preventDefault();
    const p = viewNameProblem(name, views, v.id);
    setProblem(p ? nameProblemText(t, p) : null);
    if (!p) update.mutate({ id: v.id, name: name.trim() });
  };

  return (
    <Modal opened onClose={onClose} title={t('savedViews.manageTitle')} size="lg">
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {errorText(t, failure)}
          </Alert>
        )}
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {views.map((v) => (
            <li key={v.id}>
              {editing?.id === v.id && editing.mode === 'rename' ? (
                <form onSubmit={(e) => rename(e, v)} noValidate>
                  <Group align="flex-end" wrap="nowrap">
                    <TextInput
                      label={t('savedViews.renameTitle', { name: v.name })}
                      value={name}
                      onChange={(e) => setName(e.currentTarget.value)}
                      error={problem}
                      style={{ flex: 1 }}
                      data-autofocus
                      required
                    />
                    <Button variant="default" onClick={() => setEditing(null)}>
                      {t('common.cancel')}
                    </Button>
                    <Button type="submit" loading={update.isPending}>
                      {t('common.save')}
                    </Button>
                  </Group>
                </form>
              ) : editing?.id === v.id && editing.mode === 'delete' ? (
                <Group justify="space-between" wrap="nowrap">
                  <Text>{t('savedViews.deleteConfirm', { name: v.name })}</Text>
                  <Group gap="xs" wrap="nowrap">
                    <Button variant="default" onClick={() => setEditing(null)}>
                      {t('common.cancel')}
                    </Button>
                    <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(v)}>
                      {t('savedViews.delete')}
                    </Button>
                  </Group>
                </Group>
              ) : (
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={500}>{v.name}</Text>
                    {v.isDefault && (
                      <Badge variant="outline" tt="none">
                        {t('savedViews.isDefault')}
                      </Badge>
                    )}
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('savedViews.renameLabel', { name: v.name })}
                      onClick={() => startRename(v)}
                    >
                      {t('savedViews.rename')}
                    </Button>
                    {v.isDefault ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('savedViews.unsetDefaultLabel', { name: v.name })}
                        loading={update.isPending && update.variables?.id === v.id}
                        onClick={() => update.mutate({ id: v.id, isDefault: false })}
                      >
                        {t('savedViews.unsetDefault')}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('savedViews.setDefaultLabel', { name: v.name })}
                        loading={update.isPending && update.variables?.id === v.id}
                        onClick={() => update.mutate({ id: v.id, isDefault: true })}
                      >
                        {t('savedViews.setDefault')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={t('savedViews.deleteLabel', { name: v.name })}
                      onClick={() => setEditing({ id: v.id, mode: 'delete' })}
                    >
                      {t('savedViews.delete')}
                    </Button>
                  </Group>
                </Group>
              )}
            </li>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
