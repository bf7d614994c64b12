import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { codePackagesApi } from '@carewatch/api-client/code-packages';
import { isApiError } from '@carewatch/api-client/client';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { dateText } from '../../app/format.ts';
import { SUBSCRIPTION_KEYS } from '../subscription/subscription-api.ts';
import { maskRedeemCode, redeemCodeProblem } from './redeem-code-rules.ts';

const codes = codePackagesApi(api.request);

/** `/redeem-code`: enter a code from a code package; on success the new plan and its end date. */
export function RedeemCodePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: (c: string) => codes.redeem(c),
    meta: { inlineError: true },
    // 'all': the subscription screen is not open now, and its saved copy on the phone must not come back after a reload.
    onSuccess: () => void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.me, refetchType: 'all' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = redeemCodeProblem(code);
    setProblem(p === 'required' ? t('redeemCode.required') : p === 'length' ? t('redeemCode.tooShort') : null);
    if (!p) redeem.mutate(code);
  };
  const again = () => {
    redeem.reset();
    setCode('');
    setProblem(null);
  };
  const serverError = redeem.isError
    ? isApiError(redeem.error) && redeem.error.code === 'RATE_LIMITED'
      ? t('redeemCode.tooMany')
      : errorText(t, redeem.error)
    : null;

  if (redeem.isSuccess) {
    const r = redeem.data;
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('redeemCode.title')}
        </Title>
        <Alert color="teal" role="status" title={t('redeemCode.successTitle')}>
          <Stack gap={4}>
            <Text size="lg" fw={600}>
              {t('redeemCode.success', { plan: r.plan.name, months: r.months })}
            </Text>
            {r.endsAt && <Text>{t('redeemCode.endsAt', { date: dateText(r.endsAt) })}</Text>}
          </Stack>
        </Alert>
        <Button component={Link} to="/subscription" size="lg">
          {t('redeemCode.viewSubscription')}
        </Button>
        <Button variant="light" size="lg" onClick={again}>
          {t('redeemCode.another')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Button
        component={Link}
        to="/subscription"
        variant="subtle"
        size="compact-sm"
        px={0}
        style={{ alignSelf: 'flex-start' }}
      >
        ← {t('redeemCode.back')}
      </Button>
      <Title order={1} size="h3">
        {t('redeemCode.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('redeemCode.intro')}
      </Text>
      <Card withBorder>
        <form onSubmit={submit} noValidate aria-label={t('redeemCode.title')}>
          <Stack gap="md">
            {serverError && (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            )}
            <TextInput
              label={t('redeemCode.label')}
              description={t('redeemCode.hint')}
              placeholder={t('redeemCode.placeholder')}
              required
              size="lg"
              value={code}
              error={problem ?? undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }}
              onChange={(e) => {
                setCode(maskRedeemCode(e.currentTarget.value));
                setProblem(null);
                if (redeem.isError) redeem.reset();
              }}
            />
            <Button type="submit" size="lg" fullWidth loading={redeem.isPending}>
              {t('redeemCode.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
