import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Anchor, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TFunction } from 'i18next';
import {
  CURRENCIES, CURRENCY_MINOR_DIGITS, PACKAGE_FEATURES, PACKAGE_TIERS, ZPackageInput, type TCurrency, type TPackage, type TPackageInput,
} from '@carewatch/contracts/billing';
import { isApiError } from '@carewatch/api-client/client';
import { errorText, notifySuccess, translateValidation } from '../../app/errors.ts';
import { ErrorState, ListSkeleton } from '../../app/states.tsx';
import { PACKAGE_ICONS, minorToInput, packageKeys, packages, parseMajor } from './packages-shared.ts';

type Kind = 'plan' | 'addon';
type OptionRow = { months: string; price: string };
type Values = {
  code: string; name: string; tier: string; currency: TCurrency; icon: string; description: string; features: string[];
  options: OptionRow[]; addonUses: string; addonPrice: string; timeMinutes: string; storageMb: string; uses: string;
};

const listPath = (kind: Kind) => (kind === 'plan' ? '/packages' : '/add-on-packs');

function initial(kind: Kind, p: TPackage | null): Values {
  if (!p) {
    return {
      code: '', name: '', tier: 'standard', currency: 'VND', icon: '', description: '', features: [], options: kind === 'plan' ? [{ months: '12', price: '' }] : [],
      addonUses: '', addonPrice: '', timeMinutes: '-1', storageMb: '-1', uses: '-1',
    };
  }
  return {
    code: p.code, name: p.name, tier: p.tier, currency: p.currency, icon: p.icon ?? '', description: p.description, features: [...p.features],
    options: p.options.map((o) => ({ months: String(o.months), price: minorToInput(o.monthlyPriceMinor, p.currency) })),
    addonUses: p.addonUses === null ? '' : String(p.addonUses), addonPrice: p.addonPriceMinor === null ? '' : minorToInput(p.addonPriceMinor, p.currency),
    timeMinutes: String(p.limits.timeMinutes), storageMb: String(p.limits.storageMb), uses: String(p.limits.uses),
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

/** The form as the contract reads it; money typed in major units becomes integer minor units (exactly) or an error of its own. */
function toInput(kind: Kind, v: Values): { input: Record<string, unknown>; moneyErrors: Record<string, true> } {
  const moneyErrors: Record<string, true> = {};
  const money = (s: string, path: string) => {
    if (s.trim() === '') return undefined;
    const m = parseMajor(s, v.currency);
    if (m === null) moneyErrors[path] = true;
    return m ?? undefined;
  };
  const input = {
    code: v.code, name: v.name, kind, tier: v.tier, currency: v.currency, icon: v.icon || null, description: v.description, features: v.features,
    options: kind === 'plan' ? v.options.map((o, i) => ({ months: num(o.months), monthlyPriceMinor: money(o.price, `options.${i}.monthlyPriceMinor`) })) : [],
    addonUses: kind === 'addon' ? (num(v.addonUses) ?? null) : null,
    addonPriceMinor: kind === 'addon' ? (money(v.addonPrice, 'addonPriceMinor') ?? null) : null,
    limits: { timeMinutes: num(v.timeMinutes), storageMb: num(v.storageMb), uses: num(v.uses) },
  };
  return { input, moneyErrors };
}

/** The contract's own messages of the code and name rules (spec: no special characters). */
const OWN_MESSAGES: Record<string, string> = { 'Letters, digits, - and _ only': 'packages.validation.code', 'No special characters': 'packages.validation.name' };
const translate = (t: TFunction, message: string) => (OWN_MESSAGES[message] ? t(OWN_MESSAGES[message]) : translateValidation(t, message));

/** Issues by their full path ('options.0.months'), translated. */
function pathErrors(t: TFunction, issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.map(String).join('.') || '_'] ??= translate(t, i.message);
  return out;
}

/** Create or edit a package / add-on pack, checked inline with the contract; the server's field errors shown the same way. */
export function PackageFormPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const list = useQuery({ queryKey: packageKeys.list(kind), queryFn: () => packages.list(kind), enabled: Boolean(id), meta: { inlineError: true } });
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
  const [v, setV] = useState<Values>(() => initial(kind, existing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, value: Values[K], errorKey: string = k) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => { if (!(errorKey in e)) return e; const n = { ...e }; delete n[errorKey]; return n; });
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
        out[field] = tr === t('validation.invalid') && e.code !== 'VALIDATION_ERROR' ? errorText(t, e) : tr;
      }
      setErrors(out);
    },
  });
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const { input, moneyErrors } = toInput(kind, v);
    const parsed = ZPackageInput.safeParse(input);
    const errs = parsed.success ? {} : pathErrors(t, parsed.error.issues);
    for (const k of Object.keys(moneyErrors)) errs[k] = t('validation.invalid');
    if (!parsed.success || Object.keys(errs).length > 0) { setErrors(errs); return; }
    setErrors({});
    save.mutate(parsed.data);
  };
  const fieldless = save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0;
  const digits = CURRENCY_MINOR_DIGITS[v.currency];
  const priceHint = t('packages.form.priceHint', { currency: v.currency, digits });
  const title = existing ? t('packages.form.editTitle', { name: existing.name }) : t(kind === 'plan' ? 'packages.form.newPlan' : 'packages.form.newAddon');
  const setOption = (i: number, k: keyof OptionRow, value: string) =>
    set('options', v.options.map((o, j) => (j === i ? { ...o, [k]: value } : o)), `options.${i}.${k === 'months' ? 'months' : 'monthlyPriceMinor'}`);
  return (
    <Stack maw={880}>
      <Anchor component={Link} to={listPath(kind)} size="sm">{t('packages.form.back')}</Anchor>
      <Title order={1}>{title}</Title>
      {existing?.isDefault && <Text c="dimmed" size="sm">{t('packages.form.defaultHint')}</Text>}
      <Card withBorder>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            {fieldless && <Alert color="red" role="alert">{errorText(t, save.error)}</Alert>}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('packages.fields.code')} required maxLength={40} value={v.code} error={errors.code} onChange={(e) => set('code', e.currentTarget.value)} />
              <TextInput label={t('packages.fields.name')} required maxLength={80} value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
              {kind === 'plan' && (
                <NativeSelect label={t('packages.fields.tier')} value={v.tier} error={errors.tier} onChange={(e) => set('tier', e.currentTarget.value)}
                  data={PACKAGE_TIERS.map((x) => ({ value: x, label: t(`packages.tiers.${x}`) }))} />
              )}
              <NativeSelect label={t('packages.fields.currency')} value={v.currency} error={errors.currency} onChange={(e) => set('currency', e.currentTarget.value as TCurrency)}
                data={CURRENCIES.map((c) => ({ value: c, label: c }))} />
              <NativeSelect label={t('packages.fields.icon')} value={v.icon} error={errors.icon} onChange={(e) => set('icon', e.currentTarget.value)}
                data={[{ value: '', label: t('packages.form.chooseIcon') }, ...PACKAGE_ICONS.map((x) => ({ value: x, label: t(`packages.icons.${x}`) }))]} />
            </SimpleGrid>
            <Textarea label={t('packages.fields.description')} autosize minRows={2} maxLength={2000} value={v.description} error={errors.description}
              onChange={(e) => set('description', e.currentTarget.value)} />
            {kind === 'plan' ? (
              <Stack gap="xs" role="group" aria-label={t('packages.fields.options')}>
                <Text fw={500}>{t('packages.fields.options')}</Text>
                {errors.options && <Text c="red" size="sm" role="alert">{errors.options}</Text>}
                {v.options.map((o, i) => (
                  <Group key={i} align="flex-start">
                    <TextInput label={`${t('packages.form.option', { n: i + 1 })}: ${t('packages.fields.months')}`} inputMode="numeric" w={200} value={o.months}
                      error={errors[`options.${i}.months`]} onChange={(e) => setOption(i, 'months', e.currentTarget.value)} />
                    <TextInput label={`${t('packages.form.option', { n: i + 1 })}: ${t('packages.fields.monthlyPrice')}`} inputMode="decimal" w={260} value={o.price}
                      description={priceHint} error={errors[`options.${i}.monthlyPriceMinor`]} onChange={(e) => setOption(i, 'price', e.currentTarget.value)} />
                    <ActionIcon variant="subtle" color="red" mt={28} aria-label={t('packages.form.removeOption', { n: i + 1 })}
                      onClick={() => set('options', v.options.filter((_, j) => j !== i))}>×</ActionIcon>
                  </Group>
                ))}
                <Group><Button variant="light" size="xs" onClick={() => set('options', [...v.options, { months: '', price: '' }])} disabled={v.options.length >= 12}>{t('packages.form.addOption')}</Button></Group>
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('packages.fields.addonUses')} required inputMode="numeric" value={v.addonUses} error={errors.addonUses} onChange={(e) => set('addonUses', e.currentTarget.value)} />
                <TextInput label={t('packages.fields.addonPrice')} required inputMode="decimal" description={priceHint} value={v.addonPrice} error={errors.addonPriceMinor}
                  onChange={(e) => set('addonPrice', e.currentTarget.value, 'addonPriceMinor')} />
              </SimpleGrid>
            )}
            {kind === 'plan' && (
              <Checkbox.Group label={t('packages.fields.features')} value={v.features} onChange={(x) => set('features', x)} error={errors.features}>
                <Group mt="xs">{PACKAGE_FEATURES.map((f) => <Checkbox key={f} value={f} label={t(`packages.features.${f}`)} />)}</Group>
              </Checkbox.Group>
            )}
            <Stack gap="xs" role="group" aria-label={t('packages.fields.limits')}>
              <Text fw={500}>{t('packages.fields.limits')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {(['timeMinutes', 'storageMb', 'uses'] as const).map((k) => (
                  <TextInput key={k} label={t(`packages.fields.${k}`)} inputMode="numeric" description={t('packages.form.limitsHint')} value={v[k]}
                    error={errors[`limits.${k}`]} onChange={(e) => set(k, e.currentTarget.value, `limits.${k}`)} />
                ))}
              </SimpleGrid>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={listPath(kind)}>{t('packages.form.cancel')}</Button>
              <Button type="submit" loading={save.isPending}>{t('packages.form.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
