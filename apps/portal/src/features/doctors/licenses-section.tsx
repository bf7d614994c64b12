import { useState } from 'react';
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
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@carewatch/api-client/client';
import { ZLicenseInput, type TLicense } from '@carewatch/contracts/staff';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { serverPathErrors, useAuthedImage, zodPathErrors } from '../staff/staff-shared.tsx';
import { doctorKeys, doctors } from './doctors-shared.ts';
import { licenseBadge, licenseFormValues, licenseImageProblem } from './doctors-rules.ts';

function LicenseImage({ doctorId, license }: { doctorId: string; license: TLicense }) {
  const { t } = useTranslation();
  const src = useAuthedImage(
    license.hasImage
      ? `${doctors.licenseImageUrl(doctorId, license.id)}?v=${encodeURIComponent(license.updatedAt)}`
      : null,
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

/** Add or edit a licence (multipart; PNG/JPEG checked again by content on the server; an expired date is refused). */
function LicenseModal({
  doctorId,
  license,
  onClose,
}: {
  doctorId: string;
  license: TLicense | 'new';
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
        ? doctors.updateLicense(doctorId, editing.id, values, file, file?.name)
        : doctors.addLicense(doctorId, values, file, file?.name);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: doctorKeys.licenses(doctorId) });
      notifySuccess(editing ? t('staff.licenses.saved') : t('staff.licenses.added'));
      onClose();
    },
    onError: (e) =>
      setErrors(
        e && typeof e === 'object' && 'issues' in e ? zodPathErrors(t, e as { issues: [] }) : serverPathErrors(t, e),
      ),
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
  const other = save.isError && isApiError(save.error) && Object.keys(save.error.fieldErrors()).length === 0;
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
          {other && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
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
          <Text size="xs" c="dimmed">
            {t('doctors.licenses.expiredRefused')}
          </Text>
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

/** "Medical licenses" of a doctor: list with validity, image, add and edit. */
export function LicensesSection({ doctorId, canEdit }: { doctorId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: doctorKeys.licenses(doctorId),
    queryFn: () => doctors.licenses(doctorId),
    meta: { inlineError: true },
  });
  const [open, setOpen] = useState<TLicense | 'new' | null>(null);
  return (
    <Stack component="section" aria-labelledby="licenses-title" mt="md">
      <Group justify="space-between">
        <Title order={2} size="h3" id="licenses-title">
          {t('doctors.licenses.title')}
        </Title>
        {canEdit && <Button onClick={() => setOpen('new')}>{t('staff.licenses.add')}</Button>}
      </Group>
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
        <Table withTableBorder striped aria-label={t('doctors.licenses.title')}>
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
                  <LicenseImage doctorId={doctorId} license={l} />
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
          doctorId={doctorId}
          license={open}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
