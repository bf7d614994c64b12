import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { meetingsApi } from '@carewatch/api-client/meetings';
import { MediaVideo, useVideoCall } from '@carewatch/api-client/video-hooks';
import { api } from '../../app/api.ts';
import { VideoCallAlerts } from '@carewatch/web/video-alerts';
import { useProfile } from '../../app/queries.ts';
import { appRealtime } from '../../app/realtime.ts';

const meetings = meetingsApi(api.request);
const TILE = { width: '100%', aspectRatio: '3 / 4', background: '#111', borderRadius: 12, objectFit: 'cover' } as const;
const SMALL = { width: '100%', aspectRatio: '3 / 4', background: '#222', borderRadius: 8, objectFit: 'cover' } as const;

/**
 * The patient's side of a video visit: join, wait in the waiting room until the doctor lets them in, then the doctor's
 * video large and their own small; camera and microphone switches; leave.
 */
export function VisitPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useProfile().data;
  const { call, snap, failure, start, leave } = useVideoCall(meetings, appRealtime, id, me?.id);
  const m = snap?.meeting;
  const remote = snap?.remotes[0];
  const connected = (snap?.remotes ?? []).some((r) => r.connected);
  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h3">
        {t('video.title', { code: m?.code ?? '' })}
      </Title>
      {m && <Text c="dimmed">{t('video.with', { name: m.doctorName })}</Text>}
      <VideoCallAlerts failure={failure} error={snap?.error} />
      {!call ? (
        <Stack>
          <Button size="lg" color="teal" onClick={() => void start()} disabled={!me}>
            {t('video.start')}
          </Button>
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('video.back')}
          </Button>
        </Stack>
      ) : (
        <>
          {snap?.phase === 'waiting' && (
            <Card withBorder>
              <Text fw={600}>{t('video.waitingRoom')}</Text>
              <Text>{t('video.waitingForDoctor')}</Text>
            </Card>
          )}
          {snap?.phase === 'in_call' && (
            <Badge color={connected ? 'green' : 'gray'} size="lg" tt="none" role="status">
              {connected ? t('video.connected') : t('video.connecting')}
            </Badge>
          )}
          {remote && (
            <MediaVideo
              stream={remote.stream}
              label={t('video.remoteVideo', { name: m?.doctorName ?? '' })}
              style={TILE}
            />
          )}
          <Group align="flex-start" wrap="nowrap">
            <div style={{ width: '35%' }}>
              <MediaVideo stream={snap?.local ?? null} muted label={t('video.localVideo')} style={SMALL} />
            </div>
            <Stack gap="xs" style={{ flex: 1 }}>
              <Button
                variant="default"
                fullWidth
                styles={{ label: { whiteSpace: 'normal' } }}
                h="auto"
                py={8}
                onClick={() => call.setCamera(!snap?.camera)}
              >
                {snap?.camera ? t('video.cameraOn') : t('video.cameraOff')}
              </Button>
              <Button
                variant="default"
                fullWidth
                styles={{ label: { whiteSpace: 'normal' } }}
                h="auto"
                py={8}
                onClick={() => call.setMicrophone(!snap?.microphone)}
              >
                {snap?.microphone ? t('video.micOn') : t('video.micOff')}
              </Button>
              <Button color="red" fullWidth onClick={() => void leave().then(() => navigate(-1))}>
                {t('video.leave')}
              </Button>
            </Stack>
          </Group>
        </>
      )}
    </Stack>
  );
}
