import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../app/queries.ts';
import { OfflineSosHelp } from './offline-sos-help.tsx';
import { sosQueue, usePendingSosRunner, useSosDialogShowsHelp, useSosQueue } from './pending-sos.ts';
import { useLiveLocation } from './live-location.ts';

/**
 * On every signed-in screen: sends an SOS that waits on the phone (also one pressed before the app was closed), and
 * while it waits keeps the ways to call for help in sight; then says once that it went. While the patient's SOS case
 * is open, it also sends their live location (live-location.ts).
 */
export function PendingSosBanner() {
  const { t } = useTranslation();
  const profile = useProfile();
  const owner = profile.data?.id ?? null;
  const isPatient = profile.data?.role === 'patient';
  usePendingSosRunner(owner, isPatient);
  useLiveLocation(owner !== null && isPatient);
  const queue = useSosQueue();
  const dialogShowsHelp = useSosDialogShowsHelp();
  if (dialogShowsHelp) return null;
  if (queue.step === 'waiting' && queue.pending.owner === owner) {
    return (
      <Alert color="red" role="alert" title={t('alerts.offline.banner')} mb="sm">
        <OfflineSosHelp message={queue.pending.message} location={queue.pending.location} />
      </Alert>
    );
  }
  if (queue.step === 'sent' || queue.step === 'refused') {
    return (
      <Alert color={queue.step === 'sent' ? 'teal' : 'red'} role="status" mb="sm">
        <Stack gap="xs" align="flex-start">
          {t(queue.step === 'sent' ? 'alerts.offline.bannerSent' : 'alerts.offline.bannerRefused')}
          {queue.step === 'refused' && (
            <OfflineSosHelp message={queue.pending.message} location={queue.pending.location} />
          )}
          <Button size="xs" variant="light" onClick={() => sosQueue.acknowledge()}>
            {t('alerts.offline.dismiss')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}
