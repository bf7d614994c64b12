import { Alert, Button, Card, Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import {
  ZPutAlertSettingsRequest,
  type TPatientAlertSettings,
  type TPutAlertSettingsRequest,
} from '@carewatch/contracts/alerts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { ALERT_KEYS, alertErrorText, myAlertsApi } from './alerts-api.ts';

type Form = {
  push: boolean;
  sms: boolean;
  automaticCall: boolean;
  inApp: boolean;
  allDay: boolean;
  validFrom: string;
  validTo: string;
};
const SWITCHES = ['push', 'sms', 'automaticCall', 'inApp'] as const;

const toForm = (s: TPatientAlertSettings): Form => ({
  push: s.push,
  sms: s.sms,
  automaticCall: s.automaticCall,
  inApp: s.inApp,
  allDay: s.validFrom === null,
  validFrom: s.validFrom ?? '',
  validTo: s.validTo ?? '',
});
const toBody = (f: Form): TPutAlertSettingsRequest => ({
  push: f.push,
  sms: f.sms,
  automaticCall: f.automaticCall,
  inApp: f.inApp,
  validFrom: f.allDay ? null : f.validFrom,
  validTo: f.allDay ? null : f.validTo,
});

function settingMessage(t: TFunction, message: string): string {
  if (/Give both times or neither/.test(message)) return t('alerts.validation.bothTimes');
  if (/must differ/.test(message)) return t('alerts.validation.sameTimes');
  if (/Invalid time/.test(message)) return t('alerts.validation.time');
  return t('validation.invalid');
}

/** Alert settings (spec §3): push, SMS, automatic call, in-app and the valid time window. */
export function AlertSettingsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ALERT_KEYS.settings, queryFn: () => myAlertsApi.settings(), staleTime: 5 * 60_000 });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data && !form) setForm(toForm(q.data));
  }, [q.data, form]);

  const save = useMutation({
    mutationFn: (body: TPutAlertSettingsRequest) => myAlertsApi.putSettings(body),
    onSuccess: (data) => {
      queryClient.setQueryData(ALERT_KEYS.settings, data);
      setForm(toForm(data));
      notifications.show({ color: 'teal', message: t('alerts.settings.saved'), autoClose: 2500 });
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const out: Record<string, string> = {};
      for (const [field, info] of Object.entries(e.fieldErrors())) out[field] = settingMessage(t, info.message);
      setErrors(out);
    },
  });

  if (q.isPending || (q.isSuccess && !form)) return <CardsSkeleton rows={2} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!form) return null;
  const set = (change: Partial<Form>) => {
    setForm({ ...form, ...change });
    setErrors({});
  };
  const submit = () => {
    const body = toBody(form);
    const parsed = ZPutAlertSettingsRequest.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= settingMessage(t, issue.message);
      setErrors(out);
      return;
    }
    save.mutate(parsed.data);
  };
  const other = Object.keys(errors).filter((k) => k !== 'validFrom' && k !== 'validTo');

  return (
    <Card withBorder component="section" aria-labelledby="alerts-settings">
      <Title order={2} size="h5" id="alerts-settings" mb="xs">
        {t('alerts.settings.title')}
      </Title>
      <Stack gap="sm">
        {SWITCHES.map((k) => (
          <Switch
            key={k}
            label={t(`alerts.settings.${k}`)}
            checked={form[k]}
            onChange={(e) => set({ [k]: e.currentTarget.checked })}
          />
        ))}
        <Switch
          label={t('alerts.settings.allDay')}
          checked={form.allDay}
          onChange={(e) =>
            set({
              allDay: e.currentTarget.checked,
              ...(e.currentTarget.checked
                ? {}
                : { validFrom: form.validFrom || '08:00', validTo: form.validTo || '20:00' }),
            })
          }
        />
        {!form.allDay && (
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={t('alerts.settings.validFrom')}
              value={form.validFrom}
              error={errors.validFrom}
              onChange={(e) => set({ validFrom: e.currentTarget.value })}
            />
            <TextInput
              type="time"
              label={t('alerts.settings.validTo')}
              value={form.validTo}
              error={errors.validTo}
              onChange={(e) => set({ validTo: e.currentTarget.value })}
            />
          </Group>
        )}
        {other.length > 0 && (
          <Alert color="red" role="alert">
            {errors[other[0]!]}
          </Alert>
        )}
        {save.error && !isApiError(save.error) && (
          <Alert color="red" role="alert">
            {alertErrorText(t, save.error)}
          </Alert>
        )}
        {save.error && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0 && (
          <Alert color="red" role="alert">
            {alertErrorText(t, save.error)}
          </Alert>
        )}
        <Button onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('alerts.settings.save')}
        </Button>
      </Stack>
    </Card>
  );
}
