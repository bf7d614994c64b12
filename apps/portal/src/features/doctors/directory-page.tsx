import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SPECIALTIES } from '@carewatch/contracts/specialties';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { type ListSpec } from '../../app/list-state.ts';
import { useFilterText, useListState } from '../../app/use-list-state.ts';
import { SavedViews } from '../../app/saved-views.tsx';
import { useProfile } from '../../app/queries.ts';
import { specialtyLabel } from '../staff/staff-shared.tsx';
import { doctorKeys, doctors } from './doctors-shared.ts';

const SIZE = 20;
const LIST: ListSpec<'name' | 'specialty' | 'centerId'> = {
  filters: ['name', 'specialty', 'centerId'],
  pageSize: SIZE,
};

/** The doctor directory: filters specialty (any of the doctor's), branch and name; paged. */
export function DirectoryPage() {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const state = useListState(LIST);
  const name = useFilterText(state, 'name');
  const { page, setPage } = state;
  const { name: debounced, specialty, centerId } = state.filters;
  // The branches to filter by: those of the doctors the caller may see (no StaffView needed).
  const everyone = useQuery({
    queryKey: doctorKeys.list({}),
    queryFn: () => doctors.list({}),
    meta: { inlineError: true },
  });
  const centers = [
    ...new Map(
      (everyone.data?.items ?? []).flatMap((d) =>
        d.centerId && d.centerName ? [[d.centerId, { id: d.centerId, name: d.centerName }] as const] : [],
      ),
    ).values(),
  ];
  const query = {
    page,
    size: SIZE,
    ...(debounced ? { name: debounced } : {}),
    ...(specialty ? { specialty } : {}),
    ...(centerId ? { centerId } : {}),
  };
  const list = useQuery({
    queryKey: doctorKeys.list(query),
    queryFn: () => doctors.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SIZE)) : 1;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('doctors.directory.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('doctors.directory.subtitle')}
          </Text>
        </Stack>
        {profile?.role === 'doctor' && (
          <Button component={Link} to={`/doctor-directory/${profile.id}`} variant="light">
            {t('doctors.directory.myProfile')}
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('doctors.directory.name')}
          value={name.value}
          onChange={(e) => name.set(e.currentTarget.value)}
          w={240}
        />
        <NativeSelect
          label={t('doctors.directory.specialty')}
          value={specialty}
          onChange={(e) => state.setFilter('specialty', e.currentTarget.value)}
          w={240}
          data={[
            { value: '', label: t('doctors.directory.all') },
            ...SPECIALTIES.map((s) => ({ value: s.code, label: specialtyLabel(t, s.code) })),
          ]}
        />
        {centers.length > 0 && (
          <NativeSelect
            label={t('doctors.directory.center')}
            value={centerId}
            onChange={(e) => state.setFilter('centerId', e.currentTarget.value)}
            w={240}
            data={[
              { value: '', label: t('doctors.directory.all') },
              ...centers.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        )}
        <SavedViews list="doctors" />
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('doctors.directory.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('doctors.directory.total', { count: list.data.total })}
          </Text>
          <Table striped aria-label={t('doctors.directory.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('doctors.directory.name')}</Table.Th>
                <Table.Th>{t('doctors.directory.specialty')}</Table.Th>
                <Table.Th>{t('doctors.directory.center')}</Table.Th>
                <Table.Th>{t('doctors.directory.type')}</Table.Th>
                <Table.Th>{t('doctors.directory.degree')}</Table.Th>
                <Table.Th>{t('doctors.directory.experience')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/doctor-directory/${d.id}`}
                      aria-label={t('doctors.directory.open', { name: d.fullName })}
                    >
                      {d.fullName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {d.specialties.map((s) => (
                        <Badge key={s} variant="light">
                          {specialtyLabel(t, s)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{d.centerName ?? t('doctors.profile.none')}</Table.Td>
                  <Table.Td>{t(`staff.doctorTypes.${d.doctorType}`)}</Table.Td>
                  <Table.Td>{d.degree ? t(`staff.degrees.d${d.degree}`) : t('doctors.profile.none')}</Table.Td>
                  <Table.Td>
                    {d.yearsOfExperience == null
                      ? t('doctors.profile.none')
                      : t('doctors.directory.years', { count: d.yearsOfExperience })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              aria-label={t('doctors.directory.page', { page: page + 1, pages })}
              getControlProps={(c) =>
                c === 'previous'
                  ? { 'aria-label': t('doctors.directory.previous') }
                  : c === 'next'
                    ? { 'aria-label': t('doctors.directory.next') }
                    : {}
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
