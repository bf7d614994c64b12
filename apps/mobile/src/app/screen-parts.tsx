import { DayInput } from '@carewatch/web/day-input';
import { Alert, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import { BackLink } from '../features/profile/back-link.tsx';
import { dateTimeText } from './format.ts';
import { CardsSkeleton, ErrorState } from './states.tsx';
import type { AppSubject } from './subject.ts';

// Pieces that several feature screens showed word for word: one copy, so that they cannot drift apart.

const notPatient = (e: unknown) => isApiError(e) && (e.code === 'NOT_A_PATIENT' || e.code === 'PATIENT_NOT_FOUND');

/**
 * A screen of the subject being viewed (mine, or read only a followed patient's / sub-user's): back link, title, intro
 * or read-only notice, and the loaded data — or why there is none. Offline (or the server unreachable), the data this
 * phone last loaded stays, marked with its age. Texts are the keys `<i18nPrefix>.title`, `.intro`, `.readOnly`,
 * `.offline`, `.notPatient` and `.offlineNone` of the feature's catalogue.
 */
export function SubjectScreen<T>({
  query,
  subject,
  i18nPrefix,
  children,
}: {
  query: UseQueryResult<T>;
  subject: AppSubject | null;
  i18nPrefix: string;
  /** The loaded data; `online` is the same network state the stale notice uses. */
  children: (data: T, online: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const network = useNetwork();
  const data = query.data;
  const stale = data !== undefined && (!network.online || query.isError);

  let body: ReactNode;
  if (data === undefined && query.isError && notPatient(query.error) && !subject)
    body = <Text c="dimmed">{t(`${i18nPrefix}.notPatient`)}</Text>;
  else if (data === undefined && query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (data === undefined && query.fetchStatus === 'paused')
    body = <Text c="dimmed">{t(`${i18nPrefix}.offlineNone`)}</Text>;
  else if (data === undefined) body = <CardsSkeleton rows={3} />;
  else body = children(data, network.online);

  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t(`${i18nPrefix}.title`)}
      </Title>
      {subject ? (
        <Alert color="grape" variant="light" role="status" p="xs">
          {t(`${i18nPrefix}.readOnly`, { name: subject.name })}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t(`${i18nPrefix}.intro`)}
        </Text>
      )}
      {stale && (
        <Text role="status" size="sm" c="orange.9">
          {t(`${i18nPrefix}.offline`, { time: dateTimeText(new Date(query.dataUpdatedAt)) })}
        </Text>
      )}
      {body}
    </Stack>
  );
}

/** A titled list section of a subject screen (`id` labels it), with its text when the list is empty. */
export function ListSection({
  id,
  title,
  empty,
  n,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  n: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {n === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children}
        </Stack>
      )}
    </section>
  );
}

type PersonKey = 'firstName' | 'middleName' | 'lastName' | 'birthday' | 'gender' | 'address';

/** What the person fields use of a `useFormState` form whose values include them (as strings). */
type PersonForm = {
  values: Record<PersonKey, string>;
  errors: Record<string, string>;
  set: (key: 'birthday' | 'gender', value: string) => void;
  text: (key: PersonKey) => {
    value: string;
    onChange: (e: { currentTarget: { value: string } }) => void;
    error: ReactNode;
  };
};

/**
 * The person's names, birthday, gender and address, asked the same way at registration and in the profile. Rendered
 * as siblings (a fragment) so they keep the spacing of the form's own stack; the profile's extra fields go in the slots.
 */
export function PersonFields({
  form,
  afterNames,
  beforeAddress,
}: {
  form: PersonForm;
  afterNames?: ReactNode;
  beforeAddress?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('access.register.firstName')}
        autoComplete="given-name"
        required
        {...form.text('firstName')}
      />
      <TextInput label={t('access.register.middleName')} autoComplete="additional-name" {...form.text('middleName')} />
      <TextInput label={t('access.register.lastName')} autoComplete="family-name" required {...form.text('lastName')} />
      {afterNames}
      <DayInput
        label={t('access.register.birthday')}
        required
        value={form.values.birthday}
        error={form.errors.birthday}
        onValue={(v) => form.set('birthday', v)}
      />
      <Radio.Group
        label={t('access.register.gender')}
        required
        value={form.values.gender}
        onChange={(v) => form.set('gender', v)}
        error={form.errors.gender}
      >
        <Group mt={4}>
          <Radio value="male" label={t('options.gender.male')} />
          <Radio value="female" label={t('options.gender.female')} />
        </Group>
      </Radio.Group>
      {beforeAddress}
      <TextInput
        label={t('access.register.address')}
        autoComplete="street-address"
        required
        {...form.text('address')}
      />
    </>
  );
}
