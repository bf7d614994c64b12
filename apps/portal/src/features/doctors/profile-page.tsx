import { useState } from 'react';
import { Alert, Anchor, Avatar, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { Permission } from '@carewatch/contracts/permissions';
import type { TDoctorProfile } from '@carewatch/contracts/staff';
import type { TDoctorDetail } from '@carewatch/contracts/doctors';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { notifySuccess } from '../../app/notify.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { DoctorProfileForm } from '../staff/doctor-profile-shared.tsx';
import { specialtyLabel, useAuthedImage } from '../staff/staff-shared.tsx';
import { doctorKeys, doctors } from './doctors-shared.ts';
import { LicensesSection } from './licenses-section.tsx';
import { DoctorRatingSummary } from '../ratings/ratings-page.tsx';

function ProfileView({ d }: { d: TDoctorDetail }) {
  const { t } = useTranslation();
  const p: TDoctorProfile = d.profile;
  const none = t('doctors.profile.none');
  const rows: Array<[string, string]> = [
    [t('staff.profile.specialties'), p.specialties.map((s) => specialtyLabel(t, s)).join(', ') || none],
    [t('staff.profile.degree'), p.degree ? `${p.degree} · ${t(`staff.degrees.d${p.degree}`)}` : none],
    [t('staff.profile.doctorType'), t(`staff.doctorTypes.${p.doctorType}`)],
    [t('doctors.profile.branch'), d.centerName ?? none],
    [t('staff.profile.examinationCost'), p.examinationCost == null ? none : p.examinationCost.toLocaleString()],
    [t('staff.profile.yearsOfExperience'), p.yearsOfExperience == null ? none : String(p.yearsOfExperience)],
    [t('staff.profile.officeAddress'), p.officeAddress ?? none],
    [t('staff.profile.officeEmail'), p.officeEmail ?? none],
    [t('staff.profile.officePhone'), p.officePhone ?? none],
    [t('doctors.profile.education'), p.placeOfEducation ?? none],
    [t('doctors.profile.introduction'), p.introduction ?? none],
  ];
  return (
    <Stack gap={6} maw={860} component="dl" m={0}>
      {rows.map(([k, v]) => (
        <Group key={k} gap="md" wrap="nowrap" align="flex-start">
          <Text component="dt" fw={500} w={200} size="sm">
            {k}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {v}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ProfileForm({ d, onDone }: { d: TDoctorDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <DoctorProfileForm
      profile={d.profile}
      save={(input) => doctors.update(d.id, input)}
      onSaved={async (saved) => {
        queryClient.setQueryData(doctorKeys.detail(d.id), saved);
        await queryClient.invalidateQueries({ queryKey: [...doctorKeys.all, 'list'] });
        notifySuccess(t('doctors.profile.saved'));
        onDone();
      }}
      actions={(saving) => (
        <Group>
          <Button type="submit" loading={saving}>
            {t('doctors.profile.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('doctors.profile.cancel')}
          </Button>
        </Group>
      )}
    />
  );
}

/** A doctor's profile (view; edit by the doctor or an admin with StaffUpdate) and medical licences (the doctor or StaffView). */
export function DoctorProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const me = useProfile().data;
  const has = useHasPermission();
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: doctorKeys.detail(id),
    queryFn: () => doctors.get(id),
    retry: false,
    meta: { inlineError: true },
  });
  const avatar = useAuthedImage(q.data?.hasAvatar ? doctors.avatarUrl(id) : null);
  const back = (
    <Anchor component={Link} to="/doctor-directory" size="sm">
      {t('doctors.profile.back')}
    </Anchor>
  );
  if (q.isPending)
    return (
      <Stack>
        {back}
        <ListSkeleton rows={6} />
      </Stack>
    );
  if (q.isError) {
    return (
      <Stack>
        {back}
        {isApiError(q.error) && q.error.status === 404 ? (
          <Alert color="gray" role="alert">
            {t('doctors.profile.notFound')}
          </Alert>
        ) : (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        )}
      </Stack>
    );
  }
  const d = q.data;
  const self = me?.id === d.id;
  return (
    <Stack>
      {back}
      <Group justify="space-between" align="flex-start">
        <Group>
          <Avatar
            src={avatar}
            size={64}
            radius={64}
            alt={t('doctors.profile.avatar', { name: d.fullName })}
            color="brand"
          >
            {`${d.firstName.charAt(0)}${d.lastName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Title order={1}>{d.fullName}</Title>
            <Group gap="xs">
              <Badge variant="light">{t(`staff.doctorTypes.${d.doctorType}`)}</Badge>
              {d.centerName && <Badge variant="outline">{d.centerName}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {[d.email, d.phone].filter(Boolean).join(' · ')}
            </Text>
            <DoctorRatingSummary doctorId={d.id} />
          </Stack>
        </Group>
        {d.canEdit && !editing && (
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('doctors.profile.edit')}
          </Button>
        )}
      </Group>
      {editing ? <ProfileForm d={d} onDone={() => setEditing(false)} /> : <ProfileView d={d} />}
      {(self || has(Permission.StaffView)) && (
        <LicensesSection doctorId={d.id} canEdit={self || has(Permission.StaffUpdate)} />
      )}
    </Stack>
  );
}
