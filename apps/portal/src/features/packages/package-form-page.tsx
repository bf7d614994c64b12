import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TFunction } from 'i18next';
import {
  CURRENCIES,
  CURRENCY_MINOR_DIGITS,
  PACKAGE_FEATURES,
  PACKAGE_TIERS,
  ZPackageInput,
  type TCurrency,
  type TPackage,
  type TPackageInput,
} from '@carewatch/contracts/billing';
import { isApiError } from '@carewatch/api-client/client';
import { errorText, translateValidation } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { PACKAGE_ICONS, packageKeys, packages } from './packages-shared.ts';
import {
  MAX_OPTIONS,
  initialPackageValues,
  issuesByPath,
  optionErrorKey,
  ownMessageKey,
  packageListPath as listPath,
  toPackageInput,
  type OptionRow,
  type PackageKind,
  type PackageValues,
} from './packages-rules.ts';

type Kind = PackageKind;
type Values = PackageValues;

const translate = (t: TFunction, message: string) => {
  const own = ownMessageKey(message);
  return own ? t(own) : translateValidation(t, message);
};

/** Create or edit a package / add-on pack, checked inline with the contract; the server's field errors shown the same way. */
export function PackageFormPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const list = useQuery({
    queryKey: packageKeys.list(kind),
    queryFn: () => packages.list(kind),
    enabled: Boolean(id),
    meta: { inlineError: true },
  });
  if (!id) return <PackageForm kind={kind} existing={null} />;
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const p = list.data.items.find((x) => x.id === id);
  if (!p) return <Text role="alert">{t('packages.form.notFound')}</Text>;
  return <PackageForm kind={kind} existing={p} key={p.id} />;
}

function PackageForm({ kind, existing }: { kind: Kind; existing: TPackage | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [v, setV] = useState<Values>(() => initialPackageValues(kind, existing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, value: Values[K], errorKey: string = k) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => {
      if (!(errorKey in e)) return e;
      const n = { ...e };
      delete n[errorKey];
      return n;
    });
  };
  const save = useMutation({
    mutationFn: (input: TPackageInput) => (existing ? packages.update(existing.id, input) : packages.create(input)),
    meta: { inlineError: true },
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: packageKeys.all });
      notifySuccess(t(existing ? 'packages.form.saved' : 'packages.form.created', { name: p.name }));
      void navigate(listPath(kind));
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const out: Record<string, string> = {};
      for (const [field, info] of Object.entries(e.fieldErrors())) {
        const tr = translate(t, info.message);
        out[field] = tr === t('errorFallback.invalid') && e.code !== 'VALIDATION_ERROR' ? errorText(t, e) : tr;
      }
      setErrors(out);
    },
  });
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const { input, moneyErrors } = toPackageInput(kind, v);
    const parsed = ZPackageInput.safeParse(input);
    const errs: Record<string, string> = parsed.success
      ? {}
      : issuesByPath(parsed.error.issues, (m) => translate(t, m));
    for (const k of Object.keys(moneyErrors)) errs[k] = t('errorFallback.invalid');
    if (!parsed.success || Object.keys(errs).length > 0) {
      setErrors(errs);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const fieldless = save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0;
  const digits = CURRENCY_MINOR_DIGITS[v.currency];
  const priceHint = t('packages.form.priceHint', { currency: v.currency, digits });
  const title = existing
    ? t('packages.form.editTitle', { name: existing.name })
    : t(kind === 'plan' ? 'packages.form.newPlan' : 'packages.form.newAddon');
  const setOption = (i: number, k: keyof OptionRow, value: string) =>
    set(
      'options',
      v.options.map((o, j) => (j === i ? { ...o, [k]: value } : o)),
      optionErrorKey(i, k),
    );
  return (
    <Stack maw={880}>
      <Anchor component={Link} to={listPath(kind)} size="sm">
        {t('packages.form.back')}
      </Anchor>
      <Title order={1}>{title}</Title>
      {existing?.isDefault && (
        <Text c="dimmed" size="sm">
          {t('packages.form.defaultHint')}
        </Text>
      )}
      <Card withBorder>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            {fieldless && (
              <Alert color="red" role="alert">
                {errorText(t, save.error)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('packages.fields.code')}
                required
                maxLength={40}
                value={v.code}
                error={errors.code}
                onChange={(e) => set('code', e.currentTarget.value)}
              />
              <TextInput
                label={t('packages.fields.name')}
                required
                maxLength={80}
                value={v.name}
                error={errors.name}
                onChange={(e) => set('name', e.currentTarget.value)}
              />
              {kind === 'plan' && (
                <NativeSelect
                  label={t('packages.fields.tier')}
                  value={v.tier}
                  error={errors.tier}
                  onChange={(e) => set('tier', e.currentTarget.value)}
                  data={PACKAGE_TIERS.map((x) => ({ value: x, label: t(`packages.tiers.${x}`) }))}
                />
              )}
              <NativeSelect
                label={t('packages.fields.currency')}
                value={v.currency}
                error={errors.currency}
                onChange={(e) => set('currency', e.currentTarget.value as TCurrency)}
                data={CURRENCIES.map((c) => ({ value: c, label: c }))}
              />
              <NativeSelect
                label={t('packages.fields.icon')}
                value={v.icon}
                error={errors.icon}
                onChange={(e) => set('icon', e.currentTarget.value)}
                data={[
                  { value: '', label: t('packages.form.chooseIcon') },
                  ...PACKAGE_ICONS.map((x) => ({ value: x, label: t(`packages.icons.${x}`) })),
                ]}
              />
            </SimpleGrid>
            <Textarea
              label={t('packages.fields.description')}
              autosize
              minRows={2}
              maxLength={2000}
              value={v.description}
              error={errors.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            {kind === 'plan' ? (
              <Stack gap="xs" role="group" aria-label={t('packages.fields.options')}>
                <Text fw={500}>{t('packages.fields.options')}</Text>
                {errors.options && (
                  <Text c="red" size="sm" role="alert">
                    {errors.options}
                  </Text>
                )}
                {v.options.map((o, i) => (
                  <Group key={i} align="flex-start">
                    <TextInput
                      label={`${t('packages.form.option', { n: i + 1 })}: ${t('packages.fields.months')}`}
                      inputMode="numeric"
                      w={200}
                      value={o.months}
                      error={errors[`options.${i}.months`]}
                      onChange={(e) => setOption(i, 'months', e.currentTarget.value)}
                    />
                    <TextInput
                      label={`${t('packages.form.option', { n: i + 1 })}: ${t('packages.fields.monthlyPrice')}`}
                      inputMode="decimal"
                      w={260}
                      value={o.price}
                      description={priceHint}
                      error={errors[`options.${i}.monthlyPriceMinor`]}
                      onChange={(e) => setOption(i, 'price', e.currentTarget.value)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={28}
                      aria-label={t('packages.form.removeOption', { n: i + 1 })}
                      onClick={() =>
                        set(
                          'options',
                          v.options.filter((_, j) => j !== i),
                        )
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => set('options', [...v.options, { months: '', price: '' }])}
                    disabled={v.options.length >= MAX_OPTIONS}
                  >
                    {t('packages.form.addOption')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('packages.fields.addonUses')}
                  required
                  inputMode="numeric"
                  value={v.addonUses}
                  error={errors.addonUses}
                  onChange={(e) => set('addonUses', e.currentTarget.value)}
                />
                <TextInput
                  label={t('packages.fields.addonPrice')}
                  required
                  inputMode="decimal"
                  description={priceHint}
                  value={v.addonPrice}
                  error={errors.addonPriceMinor}
                  onChange={(e) => set('addonPrice', e.currentTarget.value, 'addonPriceMinor')}
                />
              </SimpleGrid>
            )}
            {kind === 'plan' && (
              <Checkbox.Group
                label={t('packages.fields.features')}
                value={v.features}
                onChange={(x) => set('features', x)}
                error={errors.features}
              >
                <Group mt="xs">
                  {PACKAGE_FEATURES.map((f) => (
                    <Checkbox key={f} value={f} label={t(`packages.features.${f}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Stack gap="xs" role="group" aria-label={t('packages.fields.limits')}>
              <Text fw={500}>{t('packages.fields.limits')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {(['timeMinutes', 'storageMb', 'uses'] as const).map((k) => (
                  <TextInput
                    key={k}
                    label={t(`packages.fields.${k}`)}
                    inputMode="numeric"
                    description={t('packages.form.limitsHint')}
                    value={v[k]}
                    error={errors[`limits.${k}`]}
                    onChange={(e) => set(k, e.currentTarget.value, `limits.${k}`)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={listPath(kind)}>
                {t('packages.form.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('packages.form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
