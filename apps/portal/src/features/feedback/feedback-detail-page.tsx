import { Alert, Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import { ErrorState } from '@carewatch/web/states';
import { ListSkeleton } from '../../app/states.tsx';
import { notifySuccess } from '../../app/notify.ts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { useBlobUrl } from '../records/records-shared.ts';
import { feedback, feedbackKeys } from './feedback-shared.ts';

/** The image behind the auth header, shown and opened in a new tab as an object URL (the CSP forbids frames). */
function FeedbackImage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { src, failed } = useBlobUrl(feedback.imageUrl(id));
  if (failed)
    return (
      <Text c="red" role="alert">
        {t('feedback.imageFailed')}
      </Text>
    );
  if (!src) return <ListSkeleton rows={1} />;
  return (
    <Stack gap="xs">
      <Image src={src} alt={t('feedback.imageAlt')} mah={360} w="auto" fit="contain" />
      <Anchor href={src} target="_blank" rel="noopener noreferrer">
        {t('feedback.openImage')}
      </Anchor>
    </Stack>
  );
}

/** One feedback: what was sent, who sent it, its image, and "Mark handled". */
export function FeedbackDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tz = useProfile().data?.timezone;
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: feedbackKeys.detail(id),
    queryFn: () => feedback.get(id),
    meta: { inlineError: true },
  });
  const mark = useMutation({
    mutationFn: () => feedback.markHandled(id),
    onSuccess: async (f) => {
      notifySuccess(t('feedback.handledOk'));
      queryClient.setQueryData(feedbackKeys.detail(id), f);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
    },
  });
  const back = (
    <Anchor component={Link} to="/feedback">
      {t('feedback.back')}
    </Anchor>
  );
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) {
    return isApiError(q.error) && q.error.status === 404 ? (
      <Stack>
        {back}
        <Alert color="gray" role="alert">
          {t('feedback.notFound')}
        </Alert>
      </Stack>
    ) : (
      <ErrorState error={q.error} onRetry={() => void q.refetch()} />
    );
  }
  const f = q.data;
  return (
    <Stack maw={800}>
      {back}
      <Group justify="space-between">
        <Title order={1}>{t('feedback.detailTitle')}</Title>
        {!f.handled && (
          <Button onClick={() => mark.mutate()} loading={mark.isPending}>
            {t('feedback.markHandled')}
          </Button>
        )}
      </Group>
      <Group gap="xs">
        <Badge color={f.kind === 'ERROR' ? 'red' : 'blue'} variant="light" tt="none">
          {t(`feedback.kinds.${f.kind}`)}
        </Badge>
        <Badge color="gray" variant="light" tt="none">
          {t(`feedback.categories.${f.category}`)}
        </Badge>
        <Badge color={f.handled ? 'teal' : 'yellow'} variant="light" tt="none">
          {f.handled ? t('feedback.handledYes') : t('feedback.handledNo')}
        </Badge>
      </Group>
      <Card withBorder>
        <Stack gap="sm">
          <div>
            <Text fw={500}>{t('feedback.sender')}</Text>
            <Text>{f.senderName ?? t('feedback.anonymous')}</Text>
          </div>
          <div>
            <Text fw={500}>{t('feedback.contact')}</Text>
            <Text>{[f.senderEmail, f.senderPhone].filter(Boolean).join(' · ') || t('feedback.none')}</Text>
          </div>
          <div>
            <Text fw={500}>{t('feedback.createdAt')}</Text>
            <Text>{formatDateTime(f.createdAt, tz)}</Text>
          </div>
          <div>
            <Text fw={500}>{t('feedback.description')}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{f.description}</Text>
          </div>
          <div>
            <Text fw={500}>{t('feedback.suggestion')}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{f.suggestion ?? t('feedback.none')}</Text>
          </div>
          <div>
            <Text fw={500}>{t('feedback.status')}</Text>
            <Text>
              {f.handled && f.handledAt
                ? t('feedback.handledBy', { name: f.handledByName ?? '', at: formatDateTime(f.handledAt, tz) })
                : t('feedback.notHandled')}
            </Text>
          </div>
        </Stack>
      </Card>
      <Card withBorder>
        <Text fw={500} mb="xs">
          {t('feedback.image')}
        </Text>
        {f.hasImage ? <FeedbackImage id={f.id} /> : <Text c="dimmed">{t('feedback.noImage')}</Text>}
      </Card>
    </Stack>
  );
}
