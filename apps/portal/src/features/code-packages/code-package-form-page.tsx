import type { FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
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
import { Link, useNavigate } from 'react-router';
import { ITEM_TYPES } from '@carewatch/contracts/billing';
import { ZCodePackageInput, type TCodePackageInput } from '@carewatch/contracts/code-packages';
import { isApiError } from '@carewatch/api-client/client';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { useFormState } from '@carewatch/web/form';
import { codePackageKeys, codePackages } from './code-packages-shared.ts';

const EMPTY = {
  name: '',
  type: '',
  totalCodes: '',
  availableFrom: '',
  expiresOn: '',
  benefits: '',
  totalVouchers: '',
  recipientOrganization: '',
  upgradePackageId: '',
  upgradeMonths: '',
};
type Values = typeof EMPTY;

/** The form's strings as the contract reads them: an empty field is missing (→ "Required"), numbers as numbers. */
function toInput(v: Values): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
  const str = (s: string) => (s.trim() === '' ? undefined : s);
  return {
    name: str(v.name),
    type: str(v.type),
    totalCodes: num(v.totalCodes),
    availableFrom: str(v.availableFrom),
    expiresOn: str(v.expiresOn),
    benefits: str(v.benefits),
    totalVouchers: num(v.totalVouchers),
    recipientOrganization: str(v.recipientOrganization),
    upgradePackageId: str(v.upgradePackageId),
    upgradeMonths: num(v.upgradeMonths),
  };
}

/** New code package: every field required (spec §5), checked inline with the contract; the server's field errors shown the same way. */
export function CodePackageFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useFormState<Values>(EMPTY);
  const plans = useQuery({
    queryKey: codePackageKeys.plans,
    queryFn: () => codePackages.plans(),
    meta: { inlineError: true },
  });
  const paidPlans = (plans.data?.items ?? []).filter((p) => p.kind === 'plan' && !p.isDefault);
  const create = useMutation({
    mutationFn: (input: TCodePackageInput) => codePackages.create(input),
    meta: { inlineError: true },
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: codePackageKeys.all });
      notifySuccess(t('codePackages.form.created', { count: p.totalCodes }));
      void navigate(`/code-packages/${p.id}`);
    },
    onError: (e) => form.setErrors(serverFieldErrors(t, e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCodePackageInput.safeParse(toInput(form.values));
    if (!parsed.success) {
      form.setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    form.setErrors({});
    create.mutate(parsed.data);
  };
  const fieldless = create.isError && isApiError(create.error) && Object.keys(create.error.fieldErrors()).length === 0;
  const f = (k: keyof Values) => ({ label: t(`codePackages.fields.${k}`), required: true, ...form.text(k) });
  return (
    <Stack maw={880}>
      <Anchor component={Link} to="/code-packages" size="sm">
        {t('codePackages.detail.back')}
      </Anchor>
      <Title order={1}>{t('codePackages.form.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('codePackages.form.intro')}
      </Text>
      <Card withBorder>
        <form onSubmit={submit} noValidate aria-label={t('codePackages.form.title')}>
          <Stack>
            {fieldless && (
              <Alert color="red" role="alert">
                {errorText(t, create.error)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...f('name')} maxLength={120} />
              <NativeSelect
                label={t('codePackages.fields.type')}
                required
                value={form.values.type}
                error={form.errors.type}
                onChange={(e) => form.set('type', e.currentTarget.value)}
                data={[
                  { value: '', label: t('codePackages.form.chooseType') },
                  ...ITEM_TYPES.map((v) => ({ value: v, label: t(`codePackages.types.${v}`) })),
                ]}
              />
              <TextInput {...f('totalCodes')} inputMode="numeric" />
              <TextInput {...f('totalVouchers')} inputMode="numeric" />
              <DayInput
                label={t('codePackages.fields.availableFrom')}
                required
                value={form.values.availableFrom}
                onValue={(v) => form.set('availableFrom', v)}
                error={form.errors.availableFrom}
              />
              <DayInput
                label={t('codePackages.fields.expiresOn')}
                required
                value={form.values.expiresOn}
                onValue={(v) => form.set('expiresOn', v)}
                error={form.errors.expiresOn}
              />
              <TextInput {...f('recipientOrganization')} maxLength={200} />
              <NativeSelect
                label={t('codePackages.fields.upgradePackageId')}
                required
                value={form.values.upgradePackageId}
                error={form.errors.upgradePackageId}
                onChange={(e) => form.set('upgradePackageId', e.currentTarget.value)}
                data={[
                  { value: '', label: t('codePackages.form.choosePlan') },
                  ...paidPlans.map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
              <TextInput {...f('upgradeMonths')} inputMode="numeric" description={t('codePackages.form.monthsHint')} />
            </SimpleGrid>
            <Textarea
              label={t('codePackages.fields.benefits')}
              required
              autosize
              minRows={3}
              maxLength={2000}
              value={form.values.benefits}
              onChange={(e) => form.set('benefits', e.currentTarget.value)}
              error={form.errors.benefits}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/code-packages">
                {t('codePackages.form.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('codePackages.form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
