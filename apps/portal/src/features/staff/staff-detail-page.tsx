import { useState } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { DISABLE_PERIODS, type TDisablePeriod } from '@carewatch/contracts/lifecycle';
import { Permission } from '@carewatch/contracts/permissions';
import type { TStaffDetail } from '@carewatch/contracts/staff';
import { ErrorState } from '@carewatch/web/states';
import { errorText } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { PlainTabs, type PlainTab } from '../../app/plain-tabs.tsx';
import { DoctorProfileForm, LicensesPanel } from './doctor-profile-shared.tsx';
import { StaffAccountForm } from './staff-account-form.tsx';
import {
  StatusBadge,
  fullName,
  levelPlace,
  roleLabel,
  staff,
  staffKeys,
  useAuthedImage,
  useDoctorChoices,
} from './staff-shared.tsx';

function DoctorProfileTab({ person, canEdit }: { person: TStaffDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <DoctorProfileForm
      profile={person.doctorProfile}
      save={(input) => staff.updateDoctorProfile(person.id, input)}
      onSaved={async (saved) => {
        queryClient.setQueryData(staffKeys.detail(person.id), saved);
        await queryClient.invalidateQueries({ queryKey: ['staff', 'list'] });
        notifySuccess(t('staff.profile.saved'));
      }}
      actions={(saving) =>
        canEdit && (
          <Group>
            <Button type="submit" loading={saving}>
              {t('staff.profile.save')}
            </Button>
          </Group>
        )
      }
    />
  );
}

function LicensesTab({ person, canEdit }: { person: TStaffDetail; canEdit: boolean }) {
  return (
    <Stack>
      <LicensesPanel
        api={staff}
        ownerId={person.id}
        queryKey={staffKeys.licenses(person.id)}
        canEdit={canEdit}
        header={(addButton) => canEdit && <Group>{addButton}</Group>}
      />
    </Stack>
  );
}

function DoctorsTab({ person, canEdit }: { person: TStaffDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = useDoctorChoices(canEdit);
  const [pick, setPick] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ id: string; name: string } | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: staffKeys.detail(person.id) });
  };
  const follow = useMutation({
    mutationFn: (doctorId: string) => staff.follow(person.id, doctorId),
    onSuccess: async () => {
      setPick(null);
      await refresh();
      notifySuccess(t('staff.followed.followed'));
    },
    meta: { inlineError: true },
  });
  const unfollow = useMutation({
    mutationFn: (doctorId: string) => staff.unfollow(person.id, doctorId),
    onSuccess: async () => {
      setConfirm(null);
      await refresh();
      notifySuccess(t('staff.followed.unfollowed'));
    },
    onError: () => setConfirm(null),
    meta: { inlineError: true },
  });
  const followedIds = new Set(person.doctors.map((d) => d.id));
  const err = follow.error ?? unfollow.error;
  return (
    <Stack maw={720}>
      {err && (
        <Alert color="red" role="alert">
          {errorText(t, err)}
        </Alert>
      )}
      {canEdit && (
        <Group align="flex-end">
          <Select
            label={t('staff.followed.doctor')}
            searchable
            value={pick}
            onChange={setPick}
            w={360}
            nothingFoundMessage={t('common.empty')}
            data={(choices.data?.items ?? [])
              .filter((d) => !followedIds.has(d.id))
              .map((d) => ({ value: d.id, label: `${fullName(d)}${d.email ? ` (${d.email})` : ''}` }))}
          />
          <Button disabled={!pick} loading={follow.isPending} onClick={() => pick && follow.mutate(pick)}>
            {t('staff.followed.follow')}
          </Button>
        </Group>
      )}
      {person.doctors.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('staff.followed.empty')}
        </Text>
      ) : (
        <Table withTableBorder>
          <Table.Tbody>
            {person.doctors.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/staff/${d.id}`}>
                    {fullName(d)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{d.email ?? t('common.none')}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setConfirm({ id: d.id, name: fullName(d) })}
                    >
                      {t('staff.followed.unfollow', { name: fullName(d) })}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {t('staff.followed.lastHint')}
      </Text>
      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title={t('staff.followed.unfollowTitle')}>
        <Stack>
          <Text>{confirm ? t('staff.followed.unfollowConfirm', { name: confirm.name }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={unfollow.isPending} onClick={() => confirm && unfollow.mutate(confirm.id)}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function DisableControls({ person }: { person: TStaffDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'disable' | 'enable' | null>(null);
  const [period, setPeriod] = useState<TDisablePeriod>('3d');
  const [reason, setReason] = useState('');
  const done = async (msg: string) => {
    setMode(null);
    await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    notifySuccess(msg);
  };
  const disable = useMutation({
    mutationFn: () => staff.disable(person.id, { period, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    onSuccess: () => done(t('staff.detail.disabled')),
    meta: { inlineError: true },
  });
  const enable = useMutation({
    mutationFn: () => staff.enable(person.id),
    onSuccess: () => done(t('staff.detail.enabled')),
    meta: { inlineError: true },
  });
  const error = disable.error ?? enable.error;
  return (
    <>
      {person.status === 'disabled' ? (
        <Button color="teal" variant="light" onClick={() => setMode('enable')}>
          {t('staff.detail.enable')}
        </Button>
      ) : (
        person.status === 'active' && (
          <Button color="orange" variant="light" onClick={() => setMode('disable')}>
            {t('staff.detail.disable')}
          </Button>
        )
      )}
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title={mode === 'enable' ? t('staff.detail.enable') : t('staff.detail.disableTitle')}
      >
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {errorText(t, error)}
            </Alert>
          )}
          {mode === 'disable' ? (
            <>
              <Text size="sm">{t('staff.detail.disableConfirm')}</Text>
              <NativeSelect
                label={t('staff.detail.disablePeriod')}
                value={period}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setPeriod(DISABLE_PERIODS.find((p) => p === v) ?? '3d');
                }}
                data={DISABLE_PERIODS.map((p) => ({ value: p, label: t(`staff.periods.${p}`) }))}
              />
              <Textarea
                label={t('staff.detail.disableReason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            </>
          ) : (
            <Text>{t('staff.detail.enableConfirm')}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMode(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={mode === 'enable' ? 'teal' : 'orange'}
              loading={disable.isPending || enable.isPending}
              onClick={() => (mode === 'enable' ? enable.mutate() : disable.mutate())}
            >
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** One staff account: header with status and disable/enable; tabs account, doctor profile, licenses, followed doctors. */
export function StaffDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const has = useHasPermission();
  const tz = useProfile().data?.timezone;
  const q = useQuery({
    queryKey: staffKeys.detail(id),
    queryFn: () => staff.get(id),
    retry: false,
    meta: { inlineError: true },
  });
  const avatar = useAuthedImage(q.data?.hasAvatar ? `/api/account/staff/${encodeURIComponent(id)}/avatar` : null);
  if (q.isPending)
    return (
      <Stack role="status" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton height={40} w={320} />
        <Skeleton height={240} />
      </Stack>
    );
  if (q.isError) {
    return (
      <Stack>
        <Anchor component={Link} to="/staff">
          {t('staff.detail.back')}
        </Anchor>
        {isApiError(q.error) && q.error.status === 404 ? (
          <Alert color="gray" role="alert">
            {t('staff.detail.notFound')}
          </Alert>
        ) : (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        )}
      </Stack>
    );
  }
  const person = q.data;
  const name = fullName(person);
  const canEdit = has(Permission.StaffUpdate);
  const isDoctor = person.levels.some((l) => l.roleCode === 'doctor');
  const isAssistant = person.levels.some((l) => l.roleCode === 'doctor_assistant');
  const tabs: PlainTab[] = [
    {
      value: 'account',
      label: t('staff.detail.tabAccount'),
      content: () => <StaffAccountForm key={person.id} existing={person} />,
    },
  ];
  if (isDoctor) {
    tabs.push({
      value: 'profile',
      label: t('staff.detail.tabProfile'),
      content: () => <DoctorProfileTab person={person} canEdit={canEdit} />,
    });
    tabs.push({
      value: 'licenses',
      label: t('staff.detail.tabLicenses'),
      content: () => <LicensesTab person={person} canEdit={canEdit} />,
    });
  }
  if (isAssistant)
    tabs.push({
      value: 'doctors',
      label: t('staff.detail.tabDoctors'),
      content: () => <DoctorsTab person={person} canEdit={canEdit} />,
    });
  return (
    <Stack>
      <Anchor component={Link} to={isDoctor ? '/doctors' : '/staff'} size="sm">
        {t('staff.detail.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group>
          <Avatar src={avatar} size={56} radius={56} alt={name} color="brand">
            {`${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Title order={1}>{name}</Title>
            <Group gap="xs">
              <StatusBadge
                t={t}
                s={person.status}
                until={
                  person.disabledUntil
                    ? t('staff.list.disabledUntil', { date: formatDateTime(person.disabledUntil, tz) })
                    : null
                }
              />
              {person.levels.map((l) => (
                <Badge
                  key={l.id}
                  variant="outline"
                >{`${roleLabel(t, l.roleCode, l.roleName)} · ${levelPlace(t, l)}`}</Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('staff.detail.created', { date: formatDateTime(person.createdAt, tz) })}
            </Text>
          </Stack>
        </Group>
        {has(Permission.StaffDisable) && <DisableControls person={person} />}
      </Group>
      <PlainTabs id="staff-detail" label={t('staff.detail.tabs')} tabs={tabs} />
    </Stack>
  );
}
