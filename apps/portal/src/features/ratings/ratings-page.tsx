import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import { ZReportRatingRequest, type TRating } from '@carewatch/contracts/ratings';
import { DayInput } from '@carewatch/web/day-input';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission, useProfile } from '../../app/queries.ts';
import { Pager } from '../alerts/alerts-shared.tsx';
import { doctorKeys, doctors } from '../doctors/doctors-shared.ts';
import { ratingKeys, ratings } from './ratings-shared.ts';
import {
  RATINGS_PAGE_SIZE as PAGE_SIZE,
  STAR_OPTIONS as STARS,
  averageText,
  ratingStatus,
  ratingsQuery,
  starSplit,
  withFilter,
  withPage,
} from './ratings-rules.ts';

/** "★★★☆☆" with the count as its accessible name. */
export function Stars({ value, label }: { value: number; label: string }) {
  const { filled, empty } = starSplit(value);
  return (
    <Text span c="yellow.7" aria-label={label} role="img">
      {'★'.repeat(filled)}
      <Text span c="gray.4">
        {'★'.repeat(empty)}
      </Text>
    </Text>
  );
}

function ReportModal({ rating, onClose }: { rating: TRating; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = useMutation({
    mutationFn: async () => {
      const parsed = ZReportRatingRequest.safeParse({ message });
      if (!parsed.success) throw parsed.error;
      return ratings.report(rating.id, parsed.data.message);
    },
    onSuccess: async () => {
      notifySuccess(t('ratings.reportedOk'));
      await queryClient.invalidateQueries({ queryKey: ratingKeys.all });
      onClose();
    },
    onError: (e) =>
      setErrors(
        e && typeof e === 'object' && 'issues' in e ? zodFieldErrors(t, e as { issues: [] }) : serverFieldErrors(t, e),
      ),
    meta: { inlineError: true },
  });
  const other = report.isError && Object.keys(errors).length === 0;
  return (
    <Modal opened onClose={onClose} title={t('ratings.reportTitle')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          report.mutate();
        }}
      >
        <Stack>
          <Text size="sm">{rating.comment ?? t('ratings.noComment')}</Text>
          <Textarea
            label={t('ratings.reportMessage')}
            required
            value={message}
            autosize
            minRows={3}
            maxLength={500}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.message}
          />
          {other && (
            <Alert color="red" role="alert">
              {errorText(t, report.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ratings.cancel')}
            </Button>
            <Button type="submit" color="red" loading={report.isPending}>
              {t('ratings.reportSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Ratings and reviews (RatingManage): filters and page in the URL; report an abusive review, restore it. */
export function RatingsPage() {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const has = useHasPermission();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [reporting, setReporting] = useState<TRating | null>(null);
  const doctorId = params.get('doctorId') ?? undefined;
  const stars = params.get('stars') ?? '';
  const reported = params.get('reported') ?? '';
  const from = params.get('from');
  const to = params.get('to');
  const query = ratingsQuery(params);
  const page = query.page;
  /** A filter change and the page reset happen in one URL change. */
  const setFilter = (key: string, value: string | null) => setParams((p) => withFilter(p, key, value));
  const list = useQuery({
    queryKey: ratingKeys.list(query),
    queryFn: () => ratings.list(query),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const canSeeDoctors = has(Permission.AppointmentScheduleView);
  const doctorList = useQuery({
    queryKey: doctorKeys.list({}),
    queryFn: () => doctors.list({}),
    enabled: canSeeDoctors,
    meta: { inlineError: true },
  });
  const restore = useMutation({
    mutationFn: (id: string) => ratings.restore(id),
    onSuccess: async () => {
      notifySuccess(t('ratings.restoredOk'));
      await queryClient.invalidateQueries({ queryKey: ratingKeys.all });
    },
  });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('ratings.title')}</Title>
        <Text c="dimmed">{t('ratings.subtitle')}</Text>
      </div>
      <Group align="flex-end">
        {canSeeDoctors && (
          <Select
            label={t('ratings.doctor')}
            placeholder={t('ratings.allDoctors')}
            searchable
            clearable
            value={doctorId ?? null}
            onChange={(v) => setFilter('doctorId', v)}
            data={(doctorList.data?.items ?? []).map((d) => ({ value: d.id, label: d.fullName }))}
          />
        )}
        <NativeSelect
          label={t('ratings.stars')}
          value={stars}
          onChange={(e) => setFilter('stars', e.currentTarget.value)}
          data={[
            { value: '', label: t('ratings.allStars') },
            ...STARS.map((s) => ({ value: s, label: t('ratings.starsOption', { count: Number(s) }) })),
          ]}
        />
        <NativeSelect
          label={t('ratings.reportedFilter')}
          value={reported}
          onChange={(e) => setFilter('reported', e.currentTarget.value)}
          data={[
            { value: '', label: t('ratings.reportedAll') },
            { value: 'true', label: t('ratings.reportedYes') },
            { value: 'false', label: t('ratings.reportedNo') },
          ]}
        />
        <DayInput label={t('ratings.from')} value={from ?? ''} onValue={(v) => setFilter('from', v)} w={160} />
        <DayInput label={t('ratings.to')} value={to ?? ''} onValue={(v) => setFilter('to', v)} w={160} />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {t('ratings.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('ratings.empty')}
        </Text>
      ) : (
        <>
          <Table striped withTableBorder aria-label={t('ratings.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ratings.createdAt')}</Table.Th>
                <Table.Th>{t('ratings.doctor')}</Table.Th>
                <Table.Th>{t('ratings.author')}</Table.Th>
                <Table.Th>{t('ratings.stars')}</Table.Th>
                <Table.Th>{t('ratings.comment')}</Table.Th>
                <Table.Th>{t('ratings.status')}</Table.Th>
                <Table.Th>{t('ratings.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDateTime(r.createdAt, tz)}</Table.Td>
                  <Table.Td>{r.doctorName}</Table.Td>
                  <Table.Td>{r.authorName}</Table.Td>
                  <Table.Td>
                    <Stars value={r.stars} label={t('ratings.starsLabel', { count: r.stars })} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>
                    {r.comment ?? t('ratings.noComment')}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={ratingStatus(r).color} variant="light" tt="none">
                      {t(ratingStatus(r).labelKey)}
                    </Badge>
                    {r.reported && (
                      <Text size="xs" c="dimmed">
                        {t('ratings.reportedBy', { name: r.reportedByName ?? '', message: r.reportMessage ?? '' })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {ratingStatus(r).action === 'restore' ? (
                      <Button
                        size="xs"
                        variant="light"
                        loading={restore.isPending && restore.variables === r.id}
                        onClick={() => restore.mutate(r.id)}
                        aria-label={t('ratings.restoreLabel', { name: r.authorName })}
                      >
                        {t('ratings.restore')}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setReporting(r)}
                        aria-label={t('ratings.reportLabel', { name: r.authorName })}
                      >
                        {t('ratings.report')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager
            t={t}
            total={list.data.total}
            size={PAGE_SIZE}
            page={page}
            prefix="ratings"
            onChange={(p) => setParams((prev) => withPage(prev, p))}
          />
        </>
      )}
      {reporting && <ReportModal rating={reporting} onClose={() => setReporting(null)} />}
    </Stack>
  );
}

/** The doctor's average and count (reported reviews excluded), for the doctor profile. */
export function DoctorRatingSummary({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ratingKeys.summary(doctorId),
    queryFn: () => ratings.summary(doctorId),
    meta: { inlineError: true },
  });
  if (!q.data) return null;
  return (
    <Group gap="xs" aria-label={t('ratings.average')}>
      <Text fw={500}>{t('ratings.average')}:</Text>
      {q.data.average === null ? (
        <Text c="dimmed">{t('ratings.noRatings')}</Text>
      ) : (
        <Text>{t('ratings.averageValue', { average: averageText(q.data.average), count: q.data.count })}</Text>
      )}
    </Group>
  );
}
