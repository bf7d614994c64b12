import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ZCreateContactRequest, type TCreateContactRequest } from '@carewatch/contracts/contacts';
import { zodFieldErrors } from '@carewatch/web/errors';
import { CONTACT_KEYS, contactErrorText, myContactsApi } from '../contacts/contacts-api.ts';
import { BackToContacts } from '../contacts/shared.tsx';

/**
 * /join-coach (issue 21): a player asks a coach, by the coach's phone, to join their team (a contact request of kind
 * `coach`); once the coach accepts, the coach sees the player on the team dashboard.
 */
export function JoinCoachPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: TCreateContactRequest) => myContactsApi.send(body),
    onSuccess: async () => {
      notifications.show({ message: t('contacts.add.sent') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.requests }),
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.overview }),
      ]);
      void navigate('/contacts?tab=requests');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateContactRequest.safeParse({ kind: 'coach', direction: 'invite', phone });
    if (!parsed.success) {
      setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    send.mutate(parsed.data);
  };
  return (
    <Stack gap="md">
      <BackToContacts />
      <Title order={1} size="h3">
        {t('dashboards.join.title')}
      </Title>
      <Text size="sm">{t('dashboards.join.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('dashboards.join.phone')}
            type="tel"
            inputMode="tel"
            required
            value={phone}
            onChange={(e) => {
              setPhone(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.phone}
          />
          {send.isError && (
            <Alert color="red" role="alert">
              {contactErrorText(t, send.error)}
            </Alert>
          )}
          <Button type="submit" loading={send.isPending}>
            {t('dashboards.join.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
