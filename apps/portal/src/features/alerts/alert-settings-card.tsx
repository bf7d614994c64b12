import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import { alertConfigApi } from '@carewatch/api-client/alert-config';
import { ZPutAlertSettingsRequest } from '@carewatch/contracts/alerts';
import { api } from '../../app/api.ts';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, translateValidation } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { alertKeys } from './alerts-shared.tsx';
import {
  ALERT_SETTINGS_FIELDS,
  ALERT_SWITCHES as SWITCHES,
  confirmSecondsFromInput,
  settingsBody,
  settingsMessageKey,
  toSettingsForm as toForm,
  type AlertSettingsForm as Form,
} from './thresholds-rules.ts';

export const alertConfig = alertConfigApi(api.request);
export const alertSettingsKey = (patientId: string) => ['alerts', 'alertSettings', patientId] as const;

/** The contract's (and server's) messages about the valid time have their own texts; the rest are the common ones. */
function fieldMessage(t: TFunction, message: string): string {
  const own = settingsMessageKey(message);
  return own ? t(own) : translateValidation(t, message);
}

/**
 * "Alert settings" of a patient (patient-app spec §3): push, SMS, automatic call and in-app switches, the daily window in
 * which at-risk alerts notify (or all day), and the seconds to answer a high-risk prompt. Saved with PUT alert-settings;
 * a 400 is shown on its field.
 */
export function AlertSettingsCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = alertSettingsKey(patientId);
  const q = useQuery({
    queryKey: key,
    queryFn: () => alertConfig.alertSettings(patientId),
    meta: { inlineError: true },
  });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data) setForm(toForm(q.data));
  }, [q.data]);

  const save = useMutation({
    mutationFn: (body: Parameters<typeof alertConfig.putAlertSettings>[1]) =>
      alertConfig.putAlertSettings(patientId, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(key, saved);
      setErrors({});
      // The confirmation delay is the same stored value the thresholds answer carries: stale, but not refetched now,
      // which would reset unsaved edits of the thresholds table above.
      await queryClient.invalidateQueries({ queryKey: alertKeys.thresholds(patientId), refetchType: 'none' });
      notifySuccess(t('alertConfig.settings.saved'));
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const out: Record<string, string> = {};
      for (const [field, info] of Object.entries(e.fieldErrors()))
        out[field] = info.code === 'VALIDATION_ERROR' ? fieldMessage(t, info.message) : errorText(t, e);
      setErrors(out);
    },
    meta: { inlineError: true },
  });

  if (q.isPending || !form) {
    if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
    return <ListSkeleton rows={3} />;
  }
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const submit = () => {
    const parsed = ZPutAlertSettingsRequest.safeParse(settingsBody(form));
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0] ?? '_')] ??= fieldMessage(t, issue.message);
      return setErrors(out);
    }
    save.mutate(parsed.data);
  };
  const fieldErrorShown = Object.keys(errors).some((f) => ALERT_SETTINGS_FIELDS.includes(f));

  return (
    <Card withBorder component="section" aria-label={t('alertConfig.settings.title')}>
      <Stack>
        <div>
          <Title order={3}>{t('alertConfig.settings.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('alertConfig.settings.subtitle')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SWITCHES.map((s) => (
            <Switch
              key={s}
              label={t(`alertConfig.settings.${s}`)}
              checked={form[s]}
              onChange={(e) => set({ [s]: e.currentTarget.checked })}
              error={errors[s]}
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label={t('alertConfig.settings.allDay')}
          checked={form.allDay}
          onChange={(e) => {
            set({ allDay: e.currentTarget.checked });
            setErrors((x) => ({ ...x, validFrom: '', validTo: '' }));
          }}
        />
        {!form.allDay && (
          <Group align="flex-start">
            <TextInput
              type="time"
              w={180}
              label={t('alertConfig.settings.validFrom')}
              value={form.validFrom}
              onChange={(e) => set({ validFrom: e.currentTarget.value })}
              error={errors.validFrom || undefined}
            />
            <TextInput
              type="time"
              w={180}
              label={t('alertConfig.settings.validTo')}
              value={form.validTo}
              onChange={(e) => set({ validTo: e.currentTarget.value })}
              error={errors.validTo || undefined}
            />
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('alertConfig.settings.validHint')}
        </Text>
        <NumberInput
          label={t('alertConfig.settings.confirmSeconds')}
          w={320}
          min={5}
          max={600}
          allowDecimal={false}
          value={form.confirmSeconds}
          onChange={(v) => set({ confirmSeconds: confirmSecondsFromInput(v) })}
          error={errors.confirmSeconds}
        />
        {save.isError && !fieldErrorShown && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('alertConfig.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
