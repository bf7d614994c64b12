import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Fieldset,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ZCreateTenantRequest,
  ZUpdateTenantRequest,
  type TCreateTenantRequest,
  type TTenantDetail,
  type TUpdateTenantRequest,
} from '@carewatch/contracts/tenants';
import { isApiError } from '@carewatch/api-client/client';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { serverErrorsByPath, tenantKeys, tenants, zodErrorsByPath } from './tenants-shared.tsx';
import {
  connectionProblems,
  initialTenantValues as initial,
  storedPassword as keepsStoredPassword,
  tenantBody,
  withoutConnectionErrors,
  type Connection as Conn,
  type TenantValues as Values,
} from './tenants-rules.ts';

function ConnectionRow({
  index,
  value,
  onChange,
  errors,
  stored,
  tenantId,
}: {
  index: number;
  value: Conn;
  onChange: (c: Conn) => void;
  errors: Record<string, string>;
  stored: 'keep' | 'retype' | 'none';
  tenantId?: string;
}) {
  const passwordSet = stored === 'keep';
  const { t } = useTranslation();
  const n = index + 1;
  const [testError, setTestError] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: () =>
      tenants.testConnection({
        host: value.host.trim(),
        port: Number(value.port),
        username: value.username.trim(),
        password: value.password,
        ...(tenantId && passwordSet ? { tenantId, position: index } : {}),
      }),
    onMutate: () => setTestError(null),
    onError: (e) =>
      setTestError(serverErrorsByPath(t, e).host ?? Object.values(serverErrorsByPath(t, e))[0] ?? errorText(t, e)),
    meta: { inlineError: true },
  });
  const f = (k: keyof Conn) => `connections.${index}.${k}`;
  const field = (k: keyof Conn) => ({
    value: value[k],
    onChange: (e: { currentTarget: { value: string } }) => {
      test.reset();
      onChange({ ...value, [k]: e.currentTarget.value });
    },
    error: errors[f(k)],
  });
  return (
    <Fieldset legend={t('tenants.connections.row', { n })} aria-label={t('tenants.connections.row', { n })}>
      <SimpleGrid cols={3}>
        <TextInput
          label={t('tenants.connections.host')}
          {...field('host')}
          error={errors[f('host')] ?? testError ?? undefined}
          required
        />
        <TextInput label={t('tenants.connections.port')} inputMode="numeric" {...field('port')} required />
        <TextInput label={t('tenants.connections.publicUrl')} placeholder="https://" {...field('publicUrl')} required />
        <TextInput label={t('tenants.connections.username')} autoComplete="off" {...field('username')} required />
        <TextInput
          label={t('tenants.connections.usernameConfirm')}
          autoComplete="off"
          {...field('usernameConfirm')}
          required
        />
        <div />
        <PasswordInput
          label={t('tenants.connections.password')}
          autoComplete="new-password"
          {...field('password')}
          description={
            passwordSet
              ? t('tenants.hints.passwordKeep')
              : stored === 'retype'
                ? t('tenants.hints.passwordRetype')
                : undefined
          }
          required={!passwordSet}
        />
        <PasswordInput
          label={t('tenants.connections.passwordConfirm')}
          autoComplete="new-password"
          {...field('passwordConfirm')}
          required={!passwordSet}
        />
        <Group align="flex-end">
          <Button variant="light" onClick={() => test.mutate()} loading={test.isPending}>
            {t('tenants.connections.test', { n })}
          </Button>
        </Group>
      </SimpleGrid>
      {test.isSuccess && (
        <Text c="teal" size="sm" mt="xs" role="status">
          {t('tenants.connections.testOk', { n })}
        </Text>
      )}
    </Fieldset>
  );
}

function TenantForm({ detail }: { detail?: TTenantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initial(detail));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => key !== k)));
  };
  const setConn = (i: number, c: Conn) => {
    setValues((old) => ({ ...old, connections: old.connections.map((x, j) => (j === i ? c : x)) }));
    setErrors((e) => withoutConnectionErrors(e, i));
  };

  type Payload =
    { kind: 'create'; body: TCreateTenantRequest } | { kind: 'update'; id: string; body: TUpdateTenantRequest };
  const save = useMutation({
    mutationFn: (p: Payload) => (p.kind === 'create' ? tenants.create(p.body) : tenants.update(p.id, p.body)),
    onSuccess: async (saved) => {
      notifySuccess(detail ? t('tenants.form.updated') : t('tenants.form.created'));
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['tenantSettings'] });
      navigate(`/tenants/${saved.id}`);
    },
    onError: (e) => setErrors(serverErrorsByPath(t, e)),
    meta: { inlineError: true },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = tenantBody(values);
    const parsed = detail ? ZUpdateTenantRequest.safeParse(body) : ZCreateTenantRequest.safeParse(body);
    const errs: Record<string, string> = parsed.success ? {} : zodErrorsByPath(t, parsed.error);
    for (const [path, key] of Object.entries(connectionProblems(values, detail))) errs[path] ??= t(key);
    if (Object.keys(errs).length) return setErrors(errs);
    if (detail) {
      const update = ZUpdateTenantRequest.safeParse(body);
      if (update.success) save.mutate({ kind: 'update', id: detail.id, body: update.data });
    } else {
      const create = ZCreateTenantRequest.safeParse(body);
      if (create.success) save.mutate({ kind: 'create', body: create.data });
    }
  };

  const generalError =
    save.isError && !Object.keys(serverErrorsByPath(t, save.error)).length ? errorText(t, save.error) : null;
  const countError = errors.connections;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {generalError && (
          <Alert color="red" role="alert">
            {generalError}
          </Alert>
        )}
        {isApiError(save.error) && save.error.code === 'TENANT_CONNECTION_FAILED' && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        <Card withBorder>
          <SimpleGrid cols={2}>
            <TextInput
              label={t('tenants.fields.name')}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              required
            />
            <TextInput
              label={t('tenants.fields.officialName')}
              value={values.officialName}
              onChange={(e) => set('officialName', e.currentTarget.value)}
              error={errors.officialName}
            />
            {!detail && (
              <>
                <TextInput
                  label={t('tenants.fields.code')}
                  description={t('tenants.hints.code')}
                  value={values.code}
                  onChange={(e) => set('code', e.currentTarget.value)}
                  error={errors.code}
                  required
                />
                <TextInput
                  label={t('tenants.fields.adminEmail')}
                  description={t('tenants.hints.adminEmail')}
                  type="email"
                  value={values.adminEmail}
                  onChange={(e) => set('adminEmail', e.currentTarget.value)}
                  error={errors.adminEmail}
                  required
                />
              </>
            )}
            <NativeSelect
              label={t('tenants.fields.connectionType')}
              value={values.connectionType}
              onChange={(e) => set('connectionType', e.currentTarget.value === 'dedicated' ? 'dedicated' : 'shared')}
              error={errors.connectionType}
              data={[
                { value: 'shared', label: t('tenants.connectionTypes.shared') },
                { value: 'dedicated', label: t('tenants.connectionTypes.dedicated') },
              ]}
            />
          </SimpleGrid>
        </Card>
        {values.connectionType === 'dedicated' && (
          <Stack>
            <div>
              <Title order={2} size="h4">
                {t('tenants.connections.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('tenants.connections.help')}
              </Text>
              {countError && (
                <Text c="red" size="sm" role="alert">
                  {countError}
                </Text>
              )}
            </div>
            {values.connections.map((c, i) => (
              <ConnectionRow
                key={i}
                index={i}
                value={c}
                onChange={(v) => setConn(i, v)}
                errors={errors}
                tenantId={detail?.id}
                stored={keepsStoredPassword(detail, i, c)}
              />
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={detail ? `/tenants/${detail.id}` : '/tenants'}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {detail ? t('tenants.form.save') : t('tenants.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TenantCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Anchor component={Link} to="/tenants" size="sm">
        {t('tenants.detail.back')}
      </Anchor>
      <Title order={1}>{t('tenants.form.createTitle')}</Title>
      <TenantForm />
    </Stack>
  );
}

export function TenantEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: tenantKeys.detail(id),
    queryFn: () => tenants.get(id),
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Anchor component={Link} to={`/tenants/${id}`} size="sm">
        {t('tenants.detail.back')}
      </Anchor>
      {detail.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <Title order={1}>{t('tenants.form.editTitle', { name: detail.data.name })}</Title>
          <TenantForm detail={detail.data} />
        </>
      )}
    </Stack>
  );
}
