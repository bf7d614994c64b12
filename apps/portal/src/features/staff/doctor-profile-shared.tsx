import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiError } from '@carewatch/api-client/client';
import {
  ZDoctorProfileInput,
  ZLicenseInput,
  type TDoctorProfile,
  type TDoctorProfileInput,
  type TLicense,
} from '@carewatch/contracts/staff';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { licenseBadge, licenseFormValues, licenseImageProblem } from '../doctors/doctors-rules.ts';
import { DoctorProfileFields, profileRequest, profileValues, type ProfileValues } from './staff-fields.tsx';
import { serverPathErrors, useAuthedImage, zodPathErrors, type staff } from './staff-shared.tsx';

/**
 * A doctor's profile form and medical licences, shared by the staff admin screens (staff endpoints) and the doctor's
 * profile page (doctors endpoints): the same records and UI, reached through different calls.
 */

/** Field → message for a failed save: the contract's own check (Zod issues) or the server's answer. */
const saveErrors = (t: TFunction, e: unknown): Record<string, string> =>
  e && typeof e === 'object' && 'issues' in e ? zodPathErrors(t, e as { issues: [] }) : serverPathErrors(t, e);

/** A server error that names no field (field errors show at their fields instead). */
function UnplacedError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!isApiError(error) || Object.keys(error.fieldErrors()).length > 0) return null;
  return (
    <Alert color="red" role="alert">
      {errorText(t, error)}
    </Alert>
  );
}

/** Edits a doctor profile, checked against the contract before sending; the caller saves it and lays out the buttons. */
export function DoctorProfileForm<T>({
  profile,
  save,
  onSaved,
  actions,
}: {
  profile: TDoctorProfile | null;
  save: (input: TDoctorProfileInput) => Promise<T>;
  onSaved: (saved: T) => Promise<void>;
  actions: (saving: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProfileValues>(() => profileValues(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: async (v: ProfileValues) => {
      const parsed = ZDoctorProfileInput.safeParse(profileRequest(v));
      if (!parsed.success) throw parsed.error;
      return save(parsed.data);
    },
    onSuccess: async (saved) => {
      await onSaved(saved);
      // After the caller's update, so a form that closes on save is not redrawn first; one kept open shows no stale errors.
      setErrors({});
    },
    onError: (e) => setErrors(saveErrors(t, e)),
    meta: { inlineError: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={860}>
        <UnplacedError error={mutation.error} />
        <DoctorProfileFields values={values} onChange={setValues} errors={errors} />
        {actions(mutation.isPending)}
      </Stack>
    </form>
  );
}

/** The licence calls both the staff and the doctors API offer, with the same shapes. */
export type LicenseApi = Pick<typeof staff, 'licenses' | 'addLicense' | 'updateLicense' | 'licenseImageUrl'>;

type LicenseOwner = { api: LicenseApi; ownerId: string };

function LicenseImage({ api, ownerId, license }: LicenseOwner & { license: TLicense }) {
  const { t } = useTranslation();
  const src = useAuthedImage(
    license.hasImage ? `${api.licenseImageUrl(ownerId, license.id)}?v=${encodeURIComponent(license.updatedAt)}` : null,
  );
  if (!license.hasImage)
    return (
      <Text size="sm" c="dimmed">
        {t('staff.licenses.noImage')}
      </Text>
    );
  return src ? (
    <Image src={src} alt={t('staff.licenses.imageAlt', { name: license.name })} h={48} w="auto" fit="contain" />
  ) : (
    <Skeleton h={48} w={64} />
  );
}

/** Add or edit a licence (multipart; PNG/JPEG checked again by content on the server). */
function LicenseModal({
  api,
  ownerId,
  queryKey,
  license,
  expiryHint,
  onClose,
}: LicenseOwner & {
  queryKey: QueryKey;
  license: TLicense | 'new';
  expiryHint?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = license !== 'new' ? license : null;
  const [values, setValues] = useState(() => licenseFormValues(editing));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async () => {
      const parsed = ZLicenseInput.safeParse(values);
      if (!parsed.success) throw parsed.error;
      return editing
        ? api.updateLicense(ownerId, editing.id, values, file, file?.name)
        : api.addLicense(ownerId, values, file, file?.name);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      notifySuccess(editing ? t('staff.licenses.saved') : t('staff.licenses.added'));
      onClose();
    },
    onError: (e) => setErrors(saveErrors(t, e)),
    meta: { inlineError: true },
  });
  const choose = (f: File | null) => {
    setErrors((e) => ({ ...e, file: '' }));
    const problem = licenseImageProblem(f);
    if (problem) return setErrors((e) => ({ ...e, file: t(problem) }));
    setFile(f);
  };
  const set = (k: keyof typeof values, v: string) => {
    setValues((o) => ({ ...o, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  return (
    <Modal opened onClose={onClose} title={editing ? t('staff.licenses.editTitle') : t('staff.licenses.addTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        noValidate
      >
        <Stack gap="sm">
          <UnplacedError error={save.error} />
          <TextInput
            label={t('staff.licenses.name')}
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name || undefined}
          />
          <TextInput
            label={t('staff.licenses.number')}
            value={values.number}
            onChange={(e) => set('number', e.currentTarget.value)}
            error={errors.number || undefined}
          />
          <DayInput
            label={t('staff.licenses.expiryDate')}
            required
            value={values.expiryDate}
            onValue={(v) => set('expiryDate', v)}
            error={errors.expiryDate || undefined}
          />
          {expiryHint && (
            <Text size="xs" c="dimmed">
              {expiryHint}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('staff.licenses.image')}
            </Text>
            <Group>
              <FileButton onChange={choose} accept="image/png,image/jpeg">
                {(props) => (
                  <Button variant="default" {...props}>
                    {t('staff.licenses.chooseImage')}
                  </Button>
                )}
              </FileButton>
              {file && <Text size="sm">{t('staff.licenses.imageChosen', { name: file.name })}</Text>}
            </Group>
            <Text size="xs" c="dimmed">
              {t('staff.licenses.imageHint')}
            </Text>
            {errors.file && (
              <Text size="sm" c="red" role="alert">
                {errors.file}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('staff.licenses.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A doctor's licences: list with validity and image, add and edit. Returns siblings for the caller's Stack, which
 * frames them; `header` places the add button (false without canEdit) above the list.
 */
export function LicensesPanel({
  api,
  ownerId,
  queryKey,
  canEdit,
  header,
  tableLabel,
  expiryHint,
}: LicenseOwner & {
  queryKey: QueryKey;
  canEdit: boolean;
  header: (addButton: ReactNode) => ReactNode;
  tableLabel?: string;
  /** A note under the expiry date in the add/edit form. */
  expiryHint?: string;
}) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey,
    queryFn: () => api.licenses(ownerId),
    meta: { inlineError: true },
  });
  const [open, setOpen] = useState<TLicense | 'new' | null>(null);
  return (
    <>
      {header(canEdit && <Button onClick={() => setOpen('new')}>{t('staff.licenses.add')}</Button>)}
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1].map((i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('staff.licenses.empty')}
        </Text>
      ) : (
        <Table withTableBorder striped aria-label={tableLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.licenses.name')}</Table.Th>
              <Table.Th>{t('staff.licenses.number')}</Table.Th>
              <Table.Th>{t('staff.licenses.expiryDate')}</Table.Th>
              <Table.Th>{t('staff.licenses.state')}</Table.Th>
              <Table.Th>{t('staff.licenses.image')}</Table.Th>
              {canEdit && <Table.Th>{t('staff.licenses.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.number ?? t('common.none')}</Table.Td>
                <Table.Td>{l.expiryDate.split('-').reverse().join('/')}</Table.Td>
                <Table.Td>
                  <Badge color={licenseBadge(l).color} variant="light">
                    {t(licenseBadge(l).labelKey)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <LicenseImage api={api} ownerId={ownerId} license={l} />
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('staff.licenses.edit', { name: l.name })}
                      onClick={() => setOpen(l)}
                    >
                      {t('staff.licenses.editTitle')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && (
        <LicenseModal
          key={open === 'new' ? 'new' : open.id}
          api={api}
          ownerId={ownerId}
          queryKey={queryKey}
          license={open}
          expiryHint={expiryHint}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
