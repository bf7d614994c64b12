import { Alert, Button, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import {
  CONTACT_RELATIONSHIPS,
  ZCreateContactRequest,
  type TCreateContactRequest,
} from '@carewatch/contracts/contacts';
import { SPECIALTY_CODES } from '@carewatch/contracts/specialties';
import { serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { specialtyLabel } from './contact-card.tsx';
import { CONTACT_KEYS, contactErrorText, myContactsApi } from './contacts-api.ts';
import { BackToContacts, MaxNote } from './shared.tsx';
import { DoctorSearch } from './doctor-search.tsx';
import { UpgradeOr } from '../subscription/upgrade-to-basic.tsx';

/** Field messages for a refused request: only the form's own validation; the §8 errors show once, above the button. */
function fieldErrorsOf(t: TFunction, err: unknown): Record<string, string> {
  return isApiError(err) && err.code === 'VALIDATION_ERROR' ? serverFieldErrors(t, err) : {};
}

type FollowerValues = {
  direction: 'invite' | 'follow';
  kind: 'emergency' | 'caring';
  phone: string;
  name: string;
  relationship: string | null;
  aliasName: string;
};
const EMPTY: FollowerValues = {
  direction: 'invite',
  kind: 'caring',
  phone: '',
  name: '',
  relationship: null,
  aliasName: '',
};

/** Sends a request and, on success, shows the Requests tab (where it is listed as sent). */
function useSend() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TCreateContactRequest> & Pick<TCreateContactRequest, 'kind'>) =>
      myContactsApi.send(body),
    onSuccess: async (res) => {
      const plain = res.status === 'accepted' && res.contact.userId === null;
      notifications.show({ message: plain ? t('contacts.add.plainAdded') : t('contacts.add.sent') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.requests }),
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.overview }),
      ]);
      void navigate(plain ? '/contacts' : '/contacts?tab=requests');
    },
  });
}

/** Add follower by phone (spec §2), with the links to the QR code screens. */
export function AddFollowerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <BackToContacts />
      <Title order={1} size="h3">
        {t('contacts.add.title')}
      </Title>
      <MaxNote />
      <Title order={2} size="h5">
        {t('contacts.add.byPhone')}
      </Title>
      <FollowerForm />
      <Title order={2} size="h5">
        {t('contacts.add.byQr')}
      </Title>
      <Stack gap="xs">
        <Button variant="default" onClick={() => void navigate('/contacts/qr')}>
          {t('contacts.actions.showQr')}
        </Button>
        <Button variant="default" onClick={() => void navigate('/contacts/scan')}>
          {t('contacts.actions.scanQr')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The follower request form: by phone, or (`qrToken`) for the person of a scanned QR code. An emergency invitation to
 * a phone that is not registered becomes a plain emergency number when a name is given.
 */
export function FollowerForm({ qrToken }: { qrToken?: string }) {
  const { t } = useTranslation();
  const send = useSend();
  const [v, setV] = useState<FollowerValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FollowerValues>(k: K, value: FollowerValues[K]) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors((e) => {
      const n = { ...e };
      delete n[k];
      return n;
    });
  };
  const notRegistered = isApiError(send.error) && send.error.code === 'CONTACT_NOT_REGISTERED';
  const plainPossible = !qrToken && v.direction === 'invite' && v.kind === 'emergency';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      kind: v.kind,
      direction: v.direction,
      ...(qrToken ? { qrToken } : { phone: v.phone }),
      ...(plainPossible && v.name.trim() ? { name: v.name } : {}),
      ...(v.relationship ? { relationship: v.relationship } : {}),
      ...(v.aliasName.trim() ? { aliasName: v.aliasName } : {}),
    };
    const parsed = ZCreateContactRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    send.mutate(parsed.data, { onError: (err) => setErrors(fieldErrorsOf(t, err)) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('contacts.add.direction')}
          </Text>
          <SegmentedControl
            fullWidth
            value={v.direction}
            onChange={(x) => set('direction', x as FollowerValues['direction'])}
            data={[
              { value: 'invite', label: t('contacts.add.invite') },
              { value: 'follow', label: t('contacts.add.follow') },
            ]}
          />
        </div>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('contacts.add.kind')}
          </Text>
          <SegmentedControl
            fullWidth
            value={v.kind}
            onChange={(x) => set('kind', x as FollowerValues['kind'])}
            data={[
              { value: 'caring', label: t('contacts.kinds.caring') },
              { value: 'emergency', label: t('contacts.kinds.emergency') },
            ]}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('contacts.add.kindHelp')}
          </Text>
        </div>
        {!qrToken && (
          <TextInput
            label={t('contacts.add.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={v.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={errors.phone}
          />
        )}
        {plainPossible && (
          <TextInput
            label={t('contacts.add.name')}
            description={t('contacts.add.nameHint')}
            value={v.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            maxLength={128}
          />
        )}
        <Select
          label={t('contacts.add.relationship')}
          clearable
          value={v.relationship}
          onChange={(x) => set('relationship', x)}
          data={CONTACT_RELATIONSHIPS.map((r) => ({ value: r, label: t(`contacts.relationships.${r}`) }))}
          error={errors.relationship}
        />
        <TextInput
          label={t('contacts.add.alias')}
          value={v.aliasName}
          onChange={(e) => set('aliasName', e.currentTarget.value)}
          error={errors.aliasName}
          maxLength={64}
        />
        {send.isError && (
          <Alert color={notRegistered ? 'yellow' : 'red'} role="alert">
            {notRegistered && plainPossible ? t('contacts.add.notRegistered') : contactErrorText(t, send.error)}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending}>
          {t('contacts.add.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Add a family doctor (only 1; accepting replaces) or a specialist (specialty, at most 5) by phone. */
export function AddDoctorPage() {
  const { t, i18n } = useTranslation();
  const send = useSend();
  const [kind, setKind] = useState<'family_doctor' | 'specialist'>('family_doctor');
  const [phone, setPhone] = useState('');
  const [specialty, setSpecialty] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      kind,
      direction: 'invite' as const,
      phone,
      ...(kind === 'specialist' && specialty ? { specialty } : {}),
    };
    const parsed = ZCreateContactRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(t, parsed.error));
      return;
    }
    send.mutate(parsed.data, { onError: (err) => setErrors(fieldErrorsOf(t, err)) });
  };
  const specialties = SPECIALTY_CODES.map((c) => ({ value: c, label: specialtyLabel(c, i18n.language) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );

  return (
    <Stack gap="md">
      <BackToContacts />
      <Title order={1} size="h3">
        {t('contacts.doctor.title')}
      </Title>
      <DoctorSearch />
      <Title order={2} size="h5">
        {t('doctors.search.byPhone')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('contacts.doctor.kind')}
            </Text>
            <SegmentedControl
              fullWidth
              value={kind}
              onChange={(x) => {
                setKind(x as typeof kind);
                setErrors({});
              }}
              data={[
                { value: 'family_doctor', label: t('contacts.kinds.family_doctor') },
                { value: 'specialist', label: t('contacts.kinds.specialist') },
              ]}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {kind === 'family_doctor' ? t('contacts.doctor.familyNote') : t('contacts.doctor.specialistNote')}
            </Text>
          </div>
          <TextInput
            label={t('contacts.doctor.phone')}
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
          {kind === 'specialist' && (
            <Select
              label={t('contacts.doctor.specialty')}
              placeholder={t('contacts.doctor.specialtyPlaceholder')}
              searchable
              required
              data={specialties}
              value={specialty}
              onChange={(x) => {
                setSpecialty(x);
                setErrors({});
              }}
              error={errors.specialty}
            />
          )}
          {send.isError && (
            <UpgradeOr error={send.error} compact>
              <Alert color="red" role="alert">
                {contactErrorText(t, send.error)}
              </Alert>
            </UpgradeOr>
          )}
          <Button type="submit" loading={send.isPending}>
            {t('contacts.doctor.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
