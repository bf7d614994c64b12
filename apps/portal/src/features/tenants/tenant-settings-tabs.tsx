import {
  DEFAULT_PATIENT_LIST_COLUMNS,
  PATIENT_LIST_COLUMNS,
  type TPatientListColumn,
} from '@carewatch/contracts/patients';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Image,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  COUNTRIES,
  COUNTRY_CODES,
  COUNTRY_EMERGENCY_NUMBERS,
  EMAIL_CODE_PLACEHOLDER,
  FONTS,
  LANGUAGES,
  TENANT_BLOOD_GLUCOSE_UNITS,
  TENANT_PASSWORD_RULES,
  TENANT_PHONE_RULES,
  TENANT_THERMAL_UNITS,
  TENANT_UNIT_SYSTEMS,
  TENANT_URIC_ACID_UNITS,
  ZBrandingRequestFields,
  ZBrandingSettings,
  ZEmailTemplate,
  ZOtherSettings,
  ZSecuritySettings,
  ZUnitSettings,
  type TCountry,
  type TLogoKind,
  type TTenantDetail,
} from '@carewatch/contracts/tenants';
import { PlainTabs } from '../../app/plain-tabs.tsx';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { serverErrorsByPath, tenantKeys, tenants, zodErrorsByPath } from './tenants-shared.tsx';

type Errors = Record<string, string>;

/** Saves one tab: validates with the contract schema, shows the server's field errors, refreshes the branding. */
function useTabSave<S extends z.ZodType>(
  detail: TTenantDetail,
  schema: S,
  send: (body: z.infer<S>) => Promise<TTenantDetail>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (saved) => {
      queryClient.setQueryData(tenantKeys.detail(detail.id), saved);
      notifySuccess(t('common.saved'));
      // The portal applies new branding and rules at once (header, colours, font).
      await queryClient.invalidateQueries({ queryKey: ['tenantSettings'] });
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    },
    onError: (e) => setErrors(serverErrorsByPath(t, e)),
    meta: { inlineError: true },
  });
  const submit =
    (values: unknown, extra: Errors = {}) =>
    (e: FormEvent) => {
      e.preventDefault();
      const parsed = schema.safeParse(values);
      const errs = { ...(parsed.success ? {} : zodErrorsByPath(t, parsed.error)), ...extra };
      setErrors(errs);
      if (!parsed.success || Object.keys(extra).length) return;
      mutation.mutate(parsed.data);
    };
  const clear = (k: string) => setErrors((old) => Object.fromEntries(Object.entries(old).filter(([key]) => key !== k)));
  const general =
    mutation.isError && !Object.keys(serverErrorsByPath(t, mutation.error)).length
      ? errorText(t, mutation.error)
      : null;
  return { errors, clear, submit, mutation, general };
}

function TabForm({
  onSubmit,
  pending,
  general,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  general: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={720}>
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        {children}
        <Group>
          <Button type="submit" loading={pending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LogoPreview({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  return url ? (
    <Image
      src={url}
      alt={label}
      h={56}
      w="auto"
      fit="contain"
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
    />
  ) : (
    <Text size="sm" c="dimmed">
      {t('tenants.branding.noLogo')}
    </Text>
  );
}

function LogoUpload({ detail, kind }: { detail: TTenantDetail; kind: TLogoKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = kind === 'square' ? t('tenants.branding.squareLogo') : t('tenants.branding.horizontalLogo');
  const upload = useMutation({
    mutationFn: (f: File) => tenants.uploadLogo(detail.id, kind, f),
    onSuccess: async (saved) => {
      setFile(null);
      queryClient.setQueryData(tenantKeys.detail(detail.id), saved);
      notifySuccess(t('tenants.branding.uploaded'));
      await queryClient.invalidateQueries({ queryKey: ['tenantSettings'] });
    },
    onError: (e) => setError(serverErrorsByPath(t, e).file ?? errorText(t, e)),
    meta: { inlineError: true },
  });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <LogoPreview
          url={kind === 'square' ? (detail.settings.ICON ?? '') : (detail.settings.LOGO ?? '')}
          label={t('tenants.branding.currentLogo', { kind: label })}
        />
        <FileInput
          label={label}
          description={t('tenants.branding.pngOnly')}
          accept="image/png"
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          error={error}
          clearable
        />
        <Group>
          <Button
            variant="light"
            disabled={!file}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
          >
            {kind === 'square' ? t('tenants.branding.uploadSquare') : t('tenants.branding.uploadHorizontal')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function BrandingTab({ detail }: { detail: TTenantDetail }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    name: detail.name,
    officialName: detail.officialName,
    color: detail.settings.COLOR ?? '',
    font: detail.settings.FONT ?? 'Inter',
  });
  const tab = useTabSave(detail, ZBrandingSettings, (body) => tenants.updateBranding(detail.id, body));
  const set = (k: keyof typeof v, value: string) => {
    setV((o) => ({ ...o, [k]: value }));
    tab.clear(k);
  };
  return (
    <Stack>
      <TabForm onSubmit={tab.submit(v)} pending={tab.mutation.isPending} general={tab.general}>
        <SimpleGrid cols={2}>
          <TextInput
            label={t('tenants.fields.name')}
            value={v.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={tab.errors.name}
            required
          />
          <TextInput
            label={t('tenants.fields.officialName')}
            value={v.officialName}
            onChange={(e) => set('officialName', e.currentTarget.value)}
            error={tab.errors.officialName}
          />
          <ColorInput
            label={t('tenants.branding.color')}
            value={v.color}
            onChange={(c) => set('color', c)}
            error={tab.errors.color}
            format="hex"
          />
          <NativeSelect
            label={t('tenants.branding.font')}
            value={v.font}
            onChange={(e) => set('font', e.currentTarget.value)}
            error={tab.errors.font}
            data={[...FONTS]}
          />
        </SimpleGrid>
      </TabForm>
      <SimpleGrid cols={2} maw={720}>
        <LogoUpload detail={detail} kind="square" />
        <LogoUpload detail={detail} kind="horizontal" />
      </SimpleGrid>
    </Stack>
  );
}

/** A system admin's branding tab: current branding, and a request the super admin approves. */
function BrandingRequestTab({ detail }: { detail: TTenantDetail }) {
  const { t } = useTranslation();
  const [color, setColor] = useState(detail.settings.COLOR ?? '');
  const [square, setSquare] = useState<File | null>(null);
  const [horizontal, setHorizontal] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const send = useMutation({
    mutationFn: () => tenants.submitBranding(color, { squareLogo: square, horizontalLogo: horizontal }),
    onSuccess: () => {
      notifySuccess(t('tenants.branding.requestSent'));
      setSquare(null);
      setHorizontal(null);
    },
    onError: (e) => setErrors(serverErrorsByPath(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZBrandingRequestFields.safeParse({ color });
    const errs: Errors = parsed.success ? {} : zodErrorsByPath(t, parsed.error);
    if (!square) errs.squareLogo = t('tenants.validation.logoRequired');
    if (!horizontal) errs.horizontalLogo = t('tenants.validation.logoRequired');
    setErrors(errs);
    if (!Object.keys(errs).length) send.mutate();
  };
  return (
    <Stack maw={720}>
      <Card withBorder>
        <Group>
          <Box w={28} h={28} style={{ borderRadius: 4, background: detail.settings.COLOR }} aria-hidden="true" />
          <Text>
            {t('tenants.branding.color')}: {detail.settings.COLOR}
          </Text>
          <Text>
            {t('tenants.branding.font')}: {detail.settings.FONT}
          </Text>
        </Group>
        <Group mt="sm">
          <LogoPreview
            url={detail.settings.ICON ?? ''}
            label={t('tenants.branding.currentLogo', { kind: t('tenants.branding.squareLogo') })}
          />
          <LogoPreview
            url={detail.settings.LOGO ?? ''}
            label={t('tenants.branding.currentLogo', { kind: t('tenants.branding.horizontalLogo') })}
          />
        </Group>
      </Card>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4">
              {t('tenants.branding.requestTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('tenants.branding.requestHelp')}
            </Text>
          </div>
          {send.isError && !Object.keys(serverErrorsByPath(t, send.error)).length && (
            <Alert color="red" role="alert">
              {errorText(t, send.error)}
            </Alert>
          )}
          <ColorInput
            label={t('tenants.branding.color')}
            value={color}
            onChange={setColor}
            error={errors.color}
            format="hex"
          />
          <FileInput
            label={t('tenants.branding.squareLogo')}
            description={t('tenants.branding.pngOnly')}
            accept="image/png"
            value={square}
            onChange={setSquare}
            error={errors.squareLogo}
            clearable
          />
          <FileInput
            label={t('tenants.branding.horizontalLogo')}
            description={t('tenants.branding.pngOnly')}
            accept="image/png"
            value={horizontal}
            onChange={setHorizontal}
            error={errors.horizontalLogo}
            clearable
          />
          <Group>
            <Button type="submit" loading={send.isPending}>
              {t('tenants.branding.requestSend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function UnitsTab({ detail }: { detail: TTenantDetail }) {
  const { t } = useTranslation();
  const s = detail.settings;
  const [v, setV] = useState({
    unitSystem: s.UNIT_SYSTEM ?? 'metric',
    thermalUnit: s.THERMAL_UNIT ?? 'C',
    bloodGlucoseUnit: s.BLOOD_GLUCOSE_UNIT ?? 'mmol/L',
    acidUricUnit: s.ACID_URIC_UNIT ?? 'umol/L',
  });
  const tab = useTabSave(detail, ZUnitSettings, (body) => tenants.updateUnits(detail.id, body));
  const sel = (k: keyof typeof v, label: string, data: Array<{ value: string; label: string }>) => (
    <NativeSelect
      label={label}
      value={v[k]}
      onChange={(e) => {
        const val = e.currentTarget.value;
        setV((o) => ({ ...o, [k]: val }));
        tab.clear(k);
      }}
      error={tab.errors[k]}
      data={data}
    />
  );
  return (
    <TabForm onSubmit={tab.submit(v)} pending={tab.mutation.isPending} general={tab.general}>
      <SimpleGrid cols={2}>
        {sel(
          'unitSystem',
          t('tenants.units.unitSystem'),
          TENANT_UNIT_SYSTEMS.map((u) => ({ value: u, label: t(`tenants.units.${u}`) })),
        )}
        {sel(
          'thermalUnit',
          t('tenants.units.thermalUnit'),
          TENANT_THERMAL_UNITS.map((u) => ({
            value: u,
            label: u === 'C' ? t('tenants.units.celsius') : t('tenants.units.fahrenheit'),
          })),
        )}
        {sel(
          'bloodGlucoseUnit',
          t('tenants.units.bloodGlucoseUnit'),
          TENANT_BLOOD_GLUCOSE_UNITS.map((u) => ({ value: u, label: u })),
        )}
        {sel(
          'acidUricUnit',
          t('tenants.units.acidUricUnit'),
          TENANT_URIC_ACID_UNITS.map((u) => ({ value: u, label: u })),
        )}
      </SimpleGrid>
    </TabForm>
  );
}

function SecurityTab({ detail }: { detail: TTenantDetail }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    passwordRule: detail.settings.PASSWORD_RULE ?? 'standard',
    phoneRule: detail.settings.PHONE_RULE ?? 'flexible',
  });
  const tab = useTabSave(detail, ZSecuritySettings, (body) => tenants.updateSecurity(detail.id, body));
  return (
    <TabForm onSubmit={tab.submit(v)} pending={tab.mutation.isPending} general={tab.general}>
      <NativeSelect
        label={t('tenants.security.passwordRule')}
        value={v.passwordRule}
        error={tab.errors.passwordRule}
        onChange={(e) => {
          const val = e.currentTarget.value;
          setV((o) => ({ ...o, passwordRule: val }));
        }}
        data={TENANT_PASSWORD_RULES.map((r) => ({ value: r, label: t(`tenants.security.rules.${r}`) }))}
      />
      <NativeSelect
        label={t('tenants.security.phoneRule')}
        value={v.phoneRule}
        error={tab.errors.phoneRule}
        onChange={(e) => {
          const val = e.currentTarget.value;
          setV((o) => ({ ...o, phoneRule: val }));
        }}
        data={TENANT_PHONE_RULES.map((r) => ({ value: r, label: t(`tenants.security.phoneRules.${r}`) }))}
      />
    </TabForm>
  );
}

function ConnectionTab({ detail, platform }: { detail: TTenantDetail; platform: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack maw={900}>
      <Group>
        <Text fw={500}>{t('tenants.connection.type')}:</Text>
        <Badge variant="outline" tt="none">
          {t(`tenants.connectionTypes.${detail.connectionType}`)}
        </Badge>
        <Text fw={500}>{t('tenants.connection.state')}:</Text>
        <Badge color={detail.connected ? 'teal' : 'red'} variant="light">
          {detail.connected ? t('tenants.status.connected') : t('tenants.status.disconnected')}
        </Badge>
      </Group>
      {detail.connectionType === 'shared' && <Text c="dimmed">{t('tenants.connection.sharedHint')}</Text>}
      {detail.connections.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('tenants.connections.host')}</Table.Th>
              <Table.Th>{t('tenants.connections.port')}</Table.Th>
              <Table.Th>{t('tenants.connections.username')}</Table.Th>
              <Table.Th>{t('tenants.connections.password')}</Table.Th>
              <Table.Th>{t('tenants.connections.publicUrl')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.connections.map((c) => (
              <Table.Tr key={c.position}>
                <Table.Td>{c.position + 1}</Table.Td>
                <Table.Td>{c.host}</Table.Td>
                <Table.Td>{c.port}</Table.Td>
                <Table.Td>{c.username}</Table.Td>
                <Table.Td>{c.passwordSet ? t('tenants.connections.passwordSet') : t('common.none')}</Table.Td>
                <Table.Td>{c.publicUrl}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {platform && (
        <Text size="sm">
          {t('tenants.connection.editHint')}{' '}
          <Anchor component={Link} to={`/tenants/${detail.id}/edit`}>
            {t('tenants.detail.edit')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function EmailTemplateTab({ detail }: { detail: TTenantDetail }) {
  const { t } = useTranslation();
  const [v, setV] = useState(detail.emailTemplate);
  const tab = useTabSave(detail, ZEmailTemplate, (body) => tenants.updateEmailTemplate(detail.id, body));
  const extra: Errors =
    v.body && !v.body.includes(EMAIL_CODE_PLACEHOLDER) ? { body: t('tenants.validation.codePlaceholder') } : {};
  return (
    <TabForm onSubmit={tab.submit(v, extra)} pending={tab.mutation.isPending} general={tab.general}>
      <TextInput
        label={t('tenants.email.subject')}
        value={v.subject}
        onChange={(e) => {
          const val = e.currentTarget.value;
          setV((o) => ({ ...o, subject: val }));
          tab.clear('subject');
        }}
        error={tab.errors.subject}
        required
      />
      <Textarea
        label={t('tenants.email.body')}
        description={t('tenants.email.help', { placeholder: EMAIL_CODE_PLACEHOLDER })}
        autosize
        minRows={6}
        value={v.body}
        onChange={(e) => {
          const val = e.currentTarget.value;
          setV((o) => ({ ...o, body: val }));
          tab.clear('body');
        }}
        error={tab.errors.body}
        required
      />
    </TabForm>
  );
}

const isListColumn = (s: string): s is TPatientListColumn => (PATIENT_LIST_COLUMNS as readonly string[]).includes(s);
/** The tenant's PATIENT_LIST_COLUMNS setting as a list (the default when unset). */
const listColumns = (setting: string | undefined): TPatientListColumn[] => {
  const cols = (setting ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(isListColumn);
  return cols.length > 0 ? cols : [...DEFAULT_PATIENT_LIST_COLUMNS];
};
const isCountry = (s: string): s is TCountry => (COUNTRY_CODES as string[]).includes(s);

function OtherTab({ detail }: { detail: TTenantDetail }) {
  const { t } = useTranslation();
  const s = detail.settings;
  const country: TCountry = isCountry(s.COUNTRY ?? '') ? (s.COUNTRY as TCountry) : 'VN';
  const [v, setV] = useState({
    language: s.LANGUAGE ?? 'en',
    country,
    organizationName: s.ORGANIZATION_NAME ?? '',
    aiCloudTenantId: s.AI_CLOUD_TENANT_ID ?? '',
    ocrHealthDeviceApiKey: '',
    ocrPrescriptionApiKey: '',
    allowWebSosPopup: s.ALLOW_WEB_SOS_POPUP !== 'false',
    patientListColumns: listColumns(s.PATIENT_LIST_COLUMNS),
    emergencyNumber: s.EMERGENCY_NUMBER ?? '',
  });
  const [remove, setRemove] = useState({ health: false, prescription: false });
  const tab = useTabSave(detail, ZOtherSettings, (body) => tenants.updateOther(detail.id, body));
  const body = {
    language: v.language,
    country: v.country,
    dialCode: COUNTRIES[v.country],
    organizationName: v.organizationName,
    aiCloudTenantId: v.aiCloudTenantId,
    allowWebSosPopup: v.allowWebSosPopup,
    patientListColumns: v.patientListColumns,
    emergencyNumber: v.emergencyNumber,
    // Write-only keys: empty = keep, "remove" = ''.
    ...(v.ocrHealthDeviceApiKey
      ? { ocrHealthDeviceApiKey: v.ocrHealthDeviceApiKey }
      : remove.health
        ? { ocrHealthDeviceApiKey: '' }
        : {}),
    ...(v.ocrPrescriptionApiKey
      ? { ocrPrescriptionApiKey: v.ocrPrescriptionApiKey }
      : remove.prescription
        ? { ocrPrescriptionApiKey: '' }
        : {}),
  };
  const text = (
    k: 'organizationName' | 'aiCloudTenantId' | 'ocrHealthDeviceApiKey' | 'ocrPrescriptionApiKey' | 'emergencyNumber',
  ) => ({
    value: v[k],
    error: tab.errors[k],
    onChange: (e: { currentTarget: { value: string } }) => {
      const val = e.currentTarget.value;
      setV((o) => ({ ...o, [k]: val }));
      tab.clear(k);
    },
  });
  const keyField = (
    k: 'ocrHealthDeviceApiKey' | 'ocrPrescriptionApiKey',
    r: 'health' | 'prescription',
    label: string,
    isSet: boolean,
  ) => (
    <Stack gap={4}>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={isSet && !remove[r] ? t('tenants.other.keySet') : t('tenants.other.keyNotSet')}
        {...text(k)}
      />
      {isSet && !remove[r] && (
        <Group>
          <Button size="xs" variant="subtle" color="red" onClick={() => setRemove((o) => ({ ...o, [r]: true }))}>
            {t('tenants.other.removeKey', { name: label })}
          </Button>
        </Group>
      )}
    </Stack>
  );
  return (
    <TabForm onSubmit={tab.submit(body)} pending={tab.mutation.isPending} general={tab.general}>
      <SimpleGrid cols={2}>
        <NativeSelect
          label={t('tenants.other.language')}
          value={v.language}
          error={tab.errors.language}
          onChange={(e) => {
            const val = e.currentTarget.value;
            setV((o) => ({ ...o, language: val }));
          }}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`tenants.other.languages.${l}`) }))}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('tenants.other.country')}
            value={v.country}
            error={tab.errors.country}
            onChange={(e) => {
              const val = e.currentTarget.value;
              if (isCountry(val)) setV((o) => ({ ...o, country: val }));
            }}
            data={COUNTRY_CODES.map((c) => ({ value: c, label: t(`tenants.other.countries.${c}`) }))}
          />
          <TextInput
            label={t('tenants.other.dialCode')}
            value={COUNTRIES[v.country]}
            readOnly
            error={tab.errors.dialCode}
          />
        </Group>
        <TextInput label={t('tenants.other.organizationName')} {...text('organizationName')} />
        <TextInput label={t('tenants.other.aiCloudTenantId')} {...text('aiCloudTenantId')} />
        <TextInput
          label={t('tenants.other.emergencyNumber')}
          inputMode="numeric"
          maxLength={6}
          description={t('tenants.other.emergencyNumberHint', { n: COUNTRY_EMERGENCY_NUMBERS[v.country] })}
          {...text('emergencyNumber')}
        />
        {keyField(
          'ocrHealthDeviceApiKey',
          'health',
          t('tenants.other.ocrHealthDevice'),
          detail.ocrHealthDeviceApiKeySet,
        )}
        {keyField(
          'ocrPrescriptionApiKey',
          'prescription',
          t('tenants.other.ocrPrescription'),
          detail.ocrPrescriptionApiKeySet,
        )}
      </SimpleGrid>
      <Checkbox.Group
        label={t('tenants.other.patientListColumns')}
        value={v.patientListColumns}
        error={tab.errors.patientListColumns}
        onChange={(cols) => {
          setV((o) => ({ ...o, patientListColumns: cols.filter(isListColumn) }));
          tab.clear('patientListColumns');
        }}
      >
        <Group mt="xs">
          {PATIENT_LIST_COLUMNS.map((c) => (
            <Checkbox key={c} value={c} label={t(`patients.columns.${c}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        label={t('tenants.other.allowWebSosPopup')}
        checked={v.allowWebSosPopup}
        onChange={(e) => {
          const val = e.currentTarget.checked;
          setV((o) => ({ ...o, allowWebSosPopup: val }));
        }}
      />
    </TabForm>
  );
}

/**
 * The settings tabs of one tenant. `platform` (super admin): branding and logos edited directly, connections shown;
 * otherwise (system admin, own tenant) branding changes go through an UPDATE_BRANDING request.
 */
export function TenantSettingsTabs({ detail, platform }: { detail: TTenantDetail; platform: boolean }) {
  const { t } = useTranslation();
  // Remount the forms when the tenant is saved elsewhere (edit form, approval) so they show the stored values.
  const k = `${detail.id}`;
  return (
    <PlainTabs
      id={`tenant-tabs-${k}`}
      label={t('tenants.detail.tabs')}
      tabs={[
        {
          value: 'branding',
          label: t('tenants.tabs.branding'),
          content: () =>
            platform ? <BrandingTab key={k} detail={detail} /> : <BrandingRequestTab key={k} detail={detail} />,
        },
        { value: 'units', label: t('tenants.tabs.units'), content: () => <UnitsTab key={k} detail={detail} /> },
        {
          value: 'security',
          label: t('tenants.tabs.security'),
          content: () => <SecurityTab key={k} detail={detail} />,
        },
        {
          value: 'connection',
          label: t('tenants.tabs.connection'),
          content: () => <ConnectionTab detail={detail} platform={platform} />,
        },
        {
          value: 'email',
          label: t('tenants.tabs.emailTemplate'),
          content: () => <EmailTemplateTab key={k} detail={detail} />,
        },
        { value: 'other', label: t('tenants.tabs.other'), content: () => <OtherTab key={k} detail={detail} /> },
      ]}
    />
  );
}
