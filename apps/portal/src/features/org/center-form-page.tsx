import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Image,
  NativeSelect,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CENTER_TYPES,
  LOGO_MAX_BYTES,
  ZCreateCenterRequest,
  ZUpdateCenterRequest,
  ZUpdateOwnCenterRequest,
  type TCenter,
} from '@carewatch/contracts/centers';
import { isApiError } from '@carewatch/api-client/client';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { org, orgKeys, useCenterLogo } from './org-shared.tsx';

export type CenterFormMode = 'create' | 'edit' | 'own';

const TEXT_FIELDS = [
  'name',
  'representative',
  'phonePrefix',
  'phoneNumber',
  'hotline',
  'email',
  'website',
  'lat',
  'lng',
  'address',
  'level',
  'region',
  'province',
  'city',
  'area',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & {
  type: string;
  scopeId: string;
  specialties: string;
  mainAdminId: string;
  supportAdminIds: string[];
};

function initial(c?: TCenter): Values {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: s(c?.name),
    representative: s(c?.representative),
    phonePrefix: s(c?.phonePrefix ?? '+84'),
    phoneNumber: s(c?.phoneNumber),
    hotline: s(c?.hotline),
    email: s(c?.email),
    website: s(c?.website),
    lat: s(c?.lat),
    lng: s(c?.lng),
    address: s(c?.address),
    level: s(c?.level),
    region: s(c?.region),
    province: s(c?.province),
    city: s(c?.city),
    area: s(c?.area),
    type: s(c?.type),
    scopeId: s(c?.scopeId),
    specialties: (c?.specialties ?? []).join(', '),
    mainAdminId: c?.mainAdmin?.userId ?? '',
    supportAdminIds: c?.supportAdmins.map((a) => a.userId) ?? [],
  };
}

const specialtiesOf = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The form of spec §3's health-center fields, a logo with preview, main and supporting admins. */
function CenterForm({ mode, center }: { mode: CenterFormMode; center?: TCenter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initial(center));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const existingLogo = useCenterLogo(center?.id, center?.hasLogo ?? false, center?.updatedAt ?? '');
  useEffect(() => {
    if (!logo) {
      setPreview(null);
      return;
    }
    const u = URL.createObjectURL(logo);
    setPreview(u);
    return () => URL.revokeObjectURL(u);
  }, [logo]);
  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    setValues((o) => ({ ...o, [k]: v }));
    setErrors((e) => {
      const n = { ...e };
      delete n[k];
      return n;
    });
  };
  const manageAdmins = mode !== 'own';
  const scopes = useQuery({
    queryKey: orgKeys.scopeTree,
    queryFn: () => org.scopeHierarchy({ isFetchChildren: true }),
    enabled: manageAdmins,
    meta: { inlineError: true },
  });
  const candidates = useQuery({
    queryKey: orgKeys.candidates('center', ''),
    queryFn: () => org.centerAdminCandidates(),
    enabled: manageAdmins,
    meta: { inlineError: true },
  });
  const scopeOptions = (scopes.data?.children ?? []).filter((s) => s.status === 'active' || s.id === center?.scopeId);

  const save = useMutation({
    mutationFn: (form: FormData) =>
      mode === 'create'
        ? org.createCenter(form)
        : mode === 'edit'
          ? org.updateCenter(center!.id, form)
          : org.updateMyCenter(center!.id, form),
    onSuccess: async (saved) => {
      notifySuccess(mode === 'create' ? t('org.centers.created') : t('org.centers.saved'));
      queryClient.setQueryData(orgKeys.center(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['org'] });
      void navigate(mode === 'own' ? '/my-organization' : `/centers/${saved.id}`);
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });

  const pickLogo = (file: File | null) => {
    setErrors((e) => {
      const n = { ...e };
      delete n.logo;
      return n;
    });
    if (file && file.size > LOGO_MAX_BYTES) {
      setLogo(null);
      setErrors((e) => ({ ...e, logo: t('org.centers.logoTooLarge') }));
      return;
    }
    if (file && !['image/png', 'image/jpeg'].includes(file.type)) {
      setLogo(null);
      setErrors((e) => ({ ...e, logo: t('org.centers.logoType') }));
      return;
    }
    setLogo(file);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const main = values.mainAdminId;
    const support = values.supportAdminIds.filter((id) => id !== main);
    const common = {
      ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, values[k]])),
      type: values.type,
      specialties: specialtiesOf(values.specialties),
    };
    const schema =
      mode === 'create' ? ZCreateCenterRequest : mode === 'edit' ? ZUpdateCenterRequest : ZUpdateOwnCenterRequest;
    const parsed = schema.safeParse(
      manageAdmins ? { ...common, scopeId: values.scopeId, mainAdminId: main, supportAdminIds: support } : common,
    );
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    if (mode === 'create' && !main && support.length === 0)
      return setErrors({ mainAdminId: t('errors.CENTER_ADMIN_REQUIRED') });
    const form = new FormData();
    for (const k of TEXT_FIELDS) form.append(k, values[k].trim());
    form.append('type', values.type);
    for (const s of specialtiesOf(values.specialties)) form.append('specialties', s);
    if (!specialtiesOf(values.specialties).length) form.append('specialties', '[]');
    if (manageAdmins) {
      form.append('scopeId', values.scopeId);
      form.append('mainAdminId', main);
      form.append('supportAdminIds', JSON.stringify(support));
    }
    if (logo) form.append('logo', logo, logo.name);
    save.mutate(form);
  };
  const general = save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0;
  const text = (k: TextField, extra: { required?: boolean; type?: string } = {}) => (
    <TextInput
      label={t(`org.centers.fields.${k}`)}
      value={values[k]}
      onChange={(e) => set(k, e.currentTarget.value)}
      error={errors[k]}
      {...extra}
    />
  );
  const adminLabel = (c: { name: string; email: string | null; phone: string | null }) =>
    `${c.name} (${c.email ?? c.phone ?? ''})`;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {general && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        {Object.keys(errors).length > 0 && !general && (
          <Alert color="red" role="alert">
            {t('org.centers.fixErrors')}
          </Alert>
        )}
        <Card withBorder>
          <Stack>
            <Title order={2} size="h4">
              {t('org.centers.sections.general')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {text('name', { required: true })}
              <NativeSelect
                label={t('org.centers.fields.type')}
                value={values.type}
                error={errors.type}
                onChange={(e) => set('type', e.currentTarget.value)}
                data={[
                  { value: '', label: t('common.none') },
                  ...CENTER_TYPES.map((v) => ({ value: v, label: t(`org.centerTypes.${v}`) })),
                ]}
              />
              {manageAdmins && (
                <NativeSelect
                  label={t('org.centers.fields.scopeId')}
                  required
                  value={values.scopeId}
                  error={errors.scopeId}
                  onChange={(e) => set('scopeId', e.currentTarget.value)}
                  data={[
                    { value: '', label: t('org.centers.chooseScope') },
                    ...scopeOptions.map((s) => ({ value: s.id, label: `${'— '.repeat(s.level - 1)}${s.name}` })),
                  ]}
                />
              )}
              {text('representative')}
              {text('level')}
              <TextInput
                label={t('org.centers.fields.specialties')}
                description={t('org.centers.specialtiesHint')}
                value={values.specialties}
                onChange={(e) => set('specialties', e.currentTarget.value)}
                error={errors.specialties}
              />
            </SimpleGrid>
            <Group align="flex-end">
              {(preview ?? existingLogo) ? (
                <Image
                  src={preview ?? existingLogo}
                  alt={t('org.centers.logoPreview')}
                  w={96}
                  h={96}
                  fit="contain"
                  radius="sm"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('org.centers.noLogo')}
                </Text>
              )}
              <FileButton onChange={pickLogo} accept="image/png,image/jpeg">
                {(props) => (
                  <Button variant="default" {...props}>
                    {t('org.centers.chooseLogo')}
                  </Button>
                )}
              </FileButton>
              {logo && <Text size="sm">{logo.name}</Text>}
            </Group>
            {errors.logo && (
              <Text size="sm" c="red" role="alert">
                {errors.logo}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('org.centers.logoHint')}
            </Text>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={2} size="h4">
              {t('org.centers.sections.contact')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {text('phonePrefix')}
              {text('phoneNumber', { type: 'tel' })}
              {text('hotline', { type: 'tel' })}
              {text('email', { type: 'email' })}
              {text('website')}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={2} size="h4">
              {t('org.centers.sections.location')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {text('address')}
              {text('region')}
              {text('province')}
              {text('city')}
              {text('area')}
              <Group grow>
                {text('lat')}
                {text('lng')}
              </Group>
            </SimpleGrid>
          </Stack>
        </Card>
        {manageAdmins && (
          <Card withBorder>
            <Stack>
              <Title order={2} size="h4">
                {t('org.admins.title')}
              </Title>
              <NativeSelect
                label={t('org.centers.fields.mainAdminId')}
                value={values.mainAdminId}
                error={errors.mainAdminId}
                onChange={(e) => set('mainAdminId', e.currentTarget.value)}
                data={[
                  { value: '', label: t('org.admins.noneChosen') },
                  ...(candidates.data?.items ?? []).map((c) => ({ value: c.userId, label: adminLabel(c) })),
                ]}
              />
              <Checkbox.Group
                label={t('org.centers.fields.supportAdminIds')}
                value={values.supportAdminIds}
                onChange={(v) => set('supportAdminIds', v)}
                error={errors.supportAdminIds}
              >
                <ScrollArea.Autosize mah={180}>
                  <Stack gap={6} mt={6}>
                    {(candidates.data?.items ?? [])
                      .filter((c) => c.userId !== values.mainAdminId)
                      .map((c) => (
                        <Checkbox key={c.userId} value={c.userId} label={adminLabel(c)} />
                      ))}
                    {candidates.data && candidates.data.items.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {t('org.admins.noCandidates')}
                      </Text>
                    )}
                  </Stack>
                </ScrollArea.Autosize>
              </Checkbox.Group>
              <Text size="xs" c="dimmed">
                {t('org.centers.adminsHint')}
              </Text>
            </Stack>
          </Card>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={mode === 'own' ? '/my-organization' : center ? `/centers/${center.id}` : '/centers'}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {mode === 'create' ? t('org.centers.create') : t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CenterCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Anchor component={Link} to="/centers">
        {t('org.centers.back')}
      </Anchor>
      <Title order={1}>{t('org.centers.add')}</Title>
      <CenterForm mode="create" />
    </Stack>
  );
}

export function CenterEditPage({ own = false }: { own?: boolean }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const center = useQuery({
    queryKey: orgKeys.center(id),
    queryFn: () => (own ? org.myCenter(id) : org.center(id)),
    meta: { inlineError: true },
  });
  return (
    <Stack>
      <Anchor component={Link} to={own ? '/my-organization' : `/centers/${id}`}>
        {own ? t('org.mine.back') : t('org.centers.backToDetail')}
      </Anchor>
      <Title order={1}>{t('org.centers.editTitle', { name: center.data?.name ?? '' })}</Title>
      {center.isPending ? (
        <ListSkeleton rows={8} />
      ) : center.isError ? (
        <ErrorState error={center.error} onRetry={() => void center.refetch()} />
      ) : (
        <CenterForm key={center.data.updatedAt} mode={own ? 'own' : 'edit'} center={center.data} />
      )}
    </Stack>
  );
}
