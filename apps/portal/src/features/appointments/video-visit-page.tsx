import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { meetingsApi } from '@carewatch/api-client/meetings';
import { MediaVideo, useVideoCall } from '@carewatch/api-client/video-hooks';
import { api } from '../../app/api.ts';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { VideoCallAlerts } from '@carewatch/web/video-alerts';
import { useProfile } from '../../app/queries.ts';
import { realtime } from '../../app/realtime.ts';
import { appointmentKeys, appointments } from './appointments-shared.tsx';

const meetings = meetingsApi(api.request);
const TILE = { width: '100%', aspectRatio: '4 / 3', background: '#111', borderRadius: 8, objectFit: 'cover' } as const;

/** After the doctor leaves: complete now (diagnosis required) or later. */
function CompleteAfterCall({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [diagnosis, setDiagnosis] = useState('');
  const [advice, setAdvice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const complete = useMutation({
    mutationFn: () => appointments.complete(id, { diagnosis, ...(advice.trim() ? { advice } : {}) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      onDone();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  return (
    <Modal opened onClose={onDone} title={t('video.completeAsk')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('video.completeHint')}
        </Text>
        <Textarea
          label={t('appointments.fields.diagnosis')}
          value={diagnosis}
          onChange={(e) => setDiagnosis(e.currentTarget.value)}
          required
          autosize
          minRows={3}
          error={errors.diagnosis}
        />
        <Textarea
          label={t('appointments.fields.advice')}
          value={advice}
          onChange={(e) => setAdvice(e.currentTarget.value)}
          autosize
          minRows={2}
          error={errors.advice}
        />
        {complete.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, complete.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('video.completeLater')}
          </Button>
          <Button color="green" onClick={() => complete.mutate()} loading={complete.isPending}>
            {t('appointments.detail.completeSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The staff side of a video visit: waiting room admission, camera and microphone, leave (and complete). */
export function VideoVisitPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useProfile().data;
  const { snap, failure, start, leave, call } = useVideoCall(meetings, realtime, id, me?.id);
  const [asking, setAsking] = useState(false);
  const m = snap?.meeting;
  const isDoctor = m?.me.role === 'doctor' || m?.me.role === 'assistant';
  const names = new Map((m?.participants ?? []).map((p) => [p.userId, p.name]));
  const waiting = (m?.participants ?? []).filter((p) => p.state === 'waiting');
  const connected = (snap?.remotes ?? []).some((r) => r.connected);
  const hangUp = async () => {
    await leave();
    if (isDoctor) setAsking(true);
    else void navigate(`/appointments/${id}`);
  };
  return (
    <Stack>
      <Anchor component={Link} to={`/appointments/${id}`}>
        {t('video.back')}
      </Anchor>
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('video.title', { code: m?.code ?? '' })}</Title>
          {m && <Text c="dimmed">{t('video.with', { name: m.patientName })}</Text>}
        </div>
        {call && (
          <Badge color={connected ? 'green' : 'gray'} size="lg" tt="none" role="status">
            {connected ? t('video.connected') : t('video.connecting')}
          </Badge>
        )}
      </Group>
      <VideoCallAlerts failure={failure} error={snap?.error} />
      {!call ? (
        <Group>
          <Button size="lg" color="teal" onClick={() => void start()} disabled={!me}>
            {t('video.start')}
          </Button>
        </Group>
      ) : (
        <>
          {isDoctor && waiting.length > 0 && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                {t('video.waitingList')}
              </Title>
              <Group>
                {waiting.map((w) => (
                  <Button key={w.userId} onClick={() => void call.admit(w.userId)}>
                    {t('video.admit', { name: w.name })}
                  </Button>
                ))}
              </Group>
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder padding="xs">
              <Text size="sm" fw={500}>
                {t('video.you')}
              </Text>
              <MediaVideo stream={snap?.local ?? null} muted label={t('video.localVideo')} style={TILE} />
            </Card>
            {(snap?.remotes ?? []).map((r) => (
              <Card withBorder padding="xs" key={r.userId}>
                <Text size="sm" fw={500}>
                  {names.get(r.userId) ?? ''}
                </Text>
                <MediaVideo
                  stream={r.stream}
                  label={t('video.remoteVideo', { name: names.get(r.userId) ?? '' })}
                  style={TILE}
                />
              </Card>
            ))}
            {(snap?.remotes ?? []).length === 0 && (
              <Card withBorder>
                <Text c="dimmed">{t('video.nobody')}</Text>
              </Card>
            )}
          </SimpleGrid>
          <Group>
            <Button variant="default" onClick={() => call.setCamera(!snap?.camera)}>
              {snap?.camera ? t('video.cameraOn') : t('video.cameraOff')}
            </Button>
            <Button variant="default" onClick={() => call.setMicrophone(!snap?.microphone)}>
              {snap?.microphone ? t('video.micOn') : t('video.micOff')}
            </Button>
            <Button color="red" onClick={() => void hangUp()}>
              {t('video.leave')}
            </Button>
          </Group>
        </>
      )}
      {asking && (
        <CompleteAfterCall
          id={id}
          onDone={() => {
            setAsking(false);
            void navigate(`/appointments/${id}`);
          }}
        />
      )}
    </Stack>
  );
}
