import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { doctorsApi } from '@carewatch/api-client/doctors';
import type { TAppDoctor } from '@carewatch/contracts/doctors';
import { SPECIALTY_CODES } from '@carewatch/contracts/specialties';
import { api } from '../../app/api.ts';
import { specialtyLabel } from './contact-card.tsx';
import { CONTACT_KEYS, contactErrorText, myContactsApi } from './contacts-api.ts';
import { UpgradeOr } from '../subscription/upgrade-to-basic.tsx';
import { DoctorRatings } from '../ratings/rate-doctor.tsx';

const doctors = doctorsApi(api.request);
type Position = { lat: number; lng: number };
type Locate = { state: 'idle' | 'locating' | 'denied' | 'unsupported' } | { state: 'ready'; position: Position };

/** One found doctor: specialties, branch, distance (near me), and the family-doctor / specialist request buttons. */
function DoctorResult({ doctor }: { doctor: TAppDoctor }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'family_doctor' | 'specialist' | null>(null);
  const [specialty, setSpecialty] = useState<string | null>(doctor.specialties[0] ?? null);
  // The same request as "add by phone" (one contacts implementation), naming the doctor by the id the search found.
  const send = useMutation({
    mutationFn: (kind: 'family_doctor' | 'specialist') => {
      const code = SPECIALTY_CODES.find((c) => c === specialty);
      return myContactsApi.send({
        kind,
        userId: doctor.id,
        ...(kind === 'specialist' && code ? { specialty: code } : {}),
      });
    },
    onSuccess: async () => {
      notifications.show({ message: t('contacts.add.sent') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.requests }),
        queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.overview }),
      ]);
      void navigate('/contacts?tab=requests');
    },
  });
  const ask = (kind: 'family_doctor' | 'specialist') =>
    kind === 'specialist' && doctor.specialties.length > 1 && asking !== 'specialist'
      ? setAsking(kind)
      : send.mutate(kind);
  return (
    <Card component="li" withBorder padding="sm" aria-label={doctor.fullName}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{doctor.fullName}</Text>
            <Text size="xs" c="dimmed">
              {t(`doctors.search.types.${doctor.doctorType}`)}
              {doctor.centerName ? ` · ${doctor.centerName}` : ''}
            </Text>
          </Stack>
          {doctor.distanceKm !== null && (
            <Text size="sm" fw={600} c="teal" style={{ whiteSpace: 'nowrap' }} data-testid="distance">
              {t('doctors.search.distance', {
                km: doctor.distanceKm.toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
              })}
            </Text>
          )}
        </Group>
        {doctor.specialties.length > 0 && (
          <Group gap={4}>
            {doctor.specialties.map((s) => (
              <Badge key={s} size="sm" variant="outline">
                {specialtyLabel(s, i18n.language)}
              </Badge>
            ))}
          </Group>
        )}
        {doctor.officeAddress && <Text size="sm">{doctor.officeAddress}</Text>}
        {doctor.examinationCost !== null && (
          <Text size="xs" c="dimmed">
            {t('doctors.search.cost', { cost: doctor.examinationCost.toLocaleString(i18n.language) })}
          </Text>
        )}
        <DoctorRatings doctorId={doctor.id} doctorName={doctor.fullName} />
        {asking === 'specialist' && (
          <Select
            label={t('doctors.search.specialtyFor', { name: doctor.fullName })}
            value={specialty}
            onChange={setSpecialty}
            data={doctor.specialties.map((s) => ({ value: s, label: specialtyLabel(s, i18n.language) }))}
          />
        )}
        {send.isError && (
          <UpgradeOr error={send.error} compact>
            <Alert color="red" role="alert">
              {contactErrorText(t, send.error)}
            </Alert>
          </UpgradeOr>
        )}
        <Stack gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={send.isPending && send.variables === 'family_doctor'}
            onClick={() => ask('family_doctor')}
            aria-label={t('doctors.search.askFamilyLabel', { name: doctor.fullName })}
          >
            {t('doctors.search.askFamily')}
          </Button>
          {doctor.specialties.length > 0 && (
            <Button
              size="xs"
              variant="light"
              loading={send.isPending && send.variables === 'specialist'}
              onClick={() => ask('specialist')}
              aria-label={t('doctors.search.askSpecialistLabel', { name: doctor.fullName })}
            >
              {asking === 'specialist' ? t('doctors.search.send') : t('doctors.search.askSpecialist')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** Add doctor (patient-app spec §2): search by id, e-mail, name, specialty or address, or near me (the browser's location). */
export function DoctorSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [locate, setLocate] = useState<Locate>({ state: 'idle' });
  const position = locate.state === 'ready' ? locate.position : null;
  const enabled = q.length > 0 || position !== null;
  const results = useQuery({
    queryKey: ['me', 'doctorSearch', q, position?.lat ?? null, position?.lng ?? null],
    queryFn: () => doctors.search({ ...(q ? { q } : {}), ...(position ? position : {}) }),
    enabled,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLocate({ state: 'idle' });
    setQ(text.trim());
  };
  const nearMe = () => {
    if (!('geolocation' in navigator)) return setLocate({ state: 'unsupported' });
    setLocate({ state: 'locating' });
    setQ('');
    navigator.geolocation.getCurrentPosition(
      (p) => setLocate({ state: 'ready', position: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => setLocate({ state: 'denied' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="doctor-search-title">
      <Title order={2} size="h5" id="doctor-search-title">
        {t('doctors.search.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('doctors.search.hint')}
      </Text>
      <form onSubmit={submit} role="search">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('doctors.search.label')}
            placeholder={t('doctors.search.placeholder')}
            type="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            {t('doctors.search.submit')}
          </Button>
        </Group>
      </form>
      <Button variant="light" onClick={nearMe} loading={locate.state === 'locating'}>
        {t('doctors.search.nearMe')}
      </Button>
      {locate.state === 'locating' && (
        <Text size="sm" role="status">
          {t('doctors.search.locating')}
        </Text>
      )}
      {locate.state === 'denied' && (
        <Alert color="yellow" role="alert">
          {t('doctors.search.denied')}
        </Alert>
      )}
      {locate.state === 'unsupported' && (
        <Alert color="yellow" role="alert">
          {t('doctors.search.unsupported')}
        </Alert>
      )}
      {enabled &&
        (results.isPending ? (
          <Text size="sm" c="dimmed">
            …
          </Text>
        ) : results.isError ? (
          <UpgradeOr error={results.error}>
            <Alert color="red" role="alert">
              {contactErrorText(t, results.error)}
            </Alert>
          </UpgradeOr>
        ) : results.data.items.length === 0 ? (
          <Text c="dimmed" role="status">
            {t('doctors.search.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {position ? t('doctors.search.nearResults') : t('doctors.search.results')}
            </Text>
            <Stack
              component="ul"
              gap="xs"
              aria-label={position ? t('doctors.search.nearResults') : t('doctors.search.results')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {results.data.items.map((d) => (
                <DoctorResult key={d.id} doctor={d} />
              ))}
            </Stack>
          </Stack>
        ))}
    </Stack>
  );
}
