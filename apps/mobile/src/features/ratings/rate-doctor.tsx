import { Alert, Button, Card, Group, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ratingsApi } from '@carewatch/api-client/ratings';
import { RATING_COMMENT_MAX, ZRateDoctorRequest, type TMyRating } from '@carewatch/contracts/ratings';
import { api } from '../../app/api.ts';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { dateText } from '../../app/format.ts';

export const ratings = ratingsApi(api.request);
export const RATING_KEYS = {
  all: ['ratings'] as const,
  mine: ['ratings', 'mine'] as const,
  doctor: (id: string) => ['ratings', 'doctor', id] as const,
};

/** Five large star buttons (a radio group): each names its count, the chosen ones are filled. */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (n: number) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Group gap={4} role="radiogroup" aria-label={t('ratings.starsGroup')}>
        {[1, 2, 3, 4, 5].map((n) => (
          <UnstyledButton
            key={n}
            role="radio"
            aria-checked={value === n}
            aria-label={t('ratings.star', { count: n })}
            onClick={() => onChange(n)}
            style={{
              fontSize: 36,
              lineHeight: 1,
              minWidth: 44,
              minHeight: 44,
              color: n <= value ? '#f59f00' : '#ced4da',
            }}
          >
            ★
          </UnstyledButton>
        ))}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}

/** "★★★★☆" with the count as its accessible name. */
export function StarsText({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <Text span c="yellow.7" role="img" aria-label={t('ratings.starsLabel', { count: value })}>
      {'★'.repeat(value)}
      <Text span c="gray.4">
        {'★'.repeat(5 - value)}
      </Text>
    </Text>
  );
}

/**
 * Rate a doctor: after a completed appointment (`appointmentId`) or from the doctor's profile. The form starts from my
 * earlier rating of the same visit (or profile), so sending again updates it. Validated with the contract's schema.
 */
export function RateDoctorForm({
  doctorId,
  doctorName,
  appointmentId,
}: {
  doctorId: string;
  doctorName: string;
  appointmentId?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: RATING_KEYS.mine, queryFn: () => ratings.mine() });
  const existing: TMyRating | undefined = mine.data?.items.find(
    (r) => r.doctorId === doctorId && r.appointmentId === (appointmentId ?? null),
  );
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shownStars = stars ?? existing?.stars ?? 0;
  const shownComment = comment ?? existing?.comment ?? '';
  const save = useMutation({
    mutationFn: async () => {
      const parsed = ZRateDoctorRequest.safeParse({
        doctorId,
        stars: shownStars || undefined,
        comment: shownComment || null,
        ...(appointmentId ? { appointmentId } : {}),
      });
      if (!parsed.success) throw parsed.error;
      return ratings.rate(parsed.data);
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('ratings.saved') });
      setStars(null);
      setComment(null);
      await queryClient.invalidateQueries({ queryKey: RATING_KEYS.all });
    },
    onError: (e) => {
      const fields =
        e && typeof e === 'object' && 'issues' in e ? zodFieldErrors(t, e as { issues: [] }) : serverFieldErrors(t, e);
      setErrors(fields.stars ? { ...fields, stars: t('ratings.pickStars') } : fields);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate();
  };
  const other = save.isError && Object.keys(errors).length === 0;
  return (
    <Card withBorder component="section" aria-labelledby={`rate-${doctorId}-${appointmentId ?? 'profile'}`}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h5" id={`rate-${doctorId}-${appointmentId ?? 'profile'}`}>
            {t('ratings.titleFor', { name: doctorName })}
          </Title>
          {existing && (
            <Text size="sm" c="dimmed">
              {t('ratings.yours', { count: existing.stars })} · {dateText(existing.updatedAt)}
            </Text>
          )}
          <StarPicker
            value={shownStars}
            onChange={(n) => {
              setStars(n);
              setErrors({});
            }}
            error={errors.stars}
          />
          <Textarea
            label={t('ratings.comment')}
            description={t('ratings.commentHint')}
            value={shownComment}
            maxLength={RATING_COMMENT_MAX}
            autosize
            minRows={2}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.comment}
          />
          {other && (
            <Alert color="red" role="alert">
              {errorText(t, save.error)}
            </Alert>
          )}
          <Button type="submit" size="md" loading={save.isPending}>
            {existing ? t('ratings.update') : t('ratings.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** On the doctor's card (doctor search), once opened: the average and count, the latest reviews, and the rating form when allowed. */
export function DoctorRatings({ doctorId, doctorName }: { doctorId: string; doctorName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Loaded when opened: a search lists many doctors, each would cost a request.
  const q = useQuery({
    queryKey: RATING_KEYS.doctor(doctorId),
    queryFn: () => ratings.doctor(doctorId),
    enabled: open,
  });
  const s = q.data?.summary;
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" role="status">
          {!s || !open
            ? ''
            : s.average === null
              ? t('ratings.noRatings')
              : t('ratings.summary', { average: s.average.toFixed(1), count: s.count })}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={`${open ? t('ratings.hideReviews') : t('ratings.showReviews')} · ${doctorName}`}
        >
          {open ? t('ratings.hideReviews') : t('ratings.showReviews')}
        </Button>
      </Group>
      {open && q.data && (
        <Stack gap="xs">
          {q.data.reviews.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('ratings.noReviews')}
            </Text>
          ) : (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('ratings.reviews')}>
              {q.data.reviews.map((r) => (
                <li key={r.id}>
                  <StarsText value={r.stars} />{' '}
                  <Text span size="xs" c="dimmed">
                    {r.authorName || t('ratings.anonymous')} · {dateText(r.createdAt)}
                  </Text>
                  {r.comment && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {r.comment}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
          {q.data.canRate ? (
            <RateDoctorForm doctorId={doctorId} doctorName={doctorName} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('ratings.needRelationship')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
