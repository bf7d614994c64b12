import { useEffect, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { patients } from '../patients/patients-shared.tsx';

/**
 * Plays a patient's recorded SOS message. The file needs the staff member's token, which an <audio src> cannot send:
 * it is fetched on demand and played from memory.
 */
export function SosRecordingPlayer({ patientId, recordingId }: { patientId: string; recordingId: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const load = useMutation({
    mutationFn: async () => {
      const get = () => {
        const token = api.tokens.access();
        return fetch(patients.attachmentUrl(patientId, recordingId), {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
      };
      let res = await get();
      if (res.status === 401 && (await api.refresh())) res = await get();
      if (!res.ok) throw new Error(String(res.status));
      return URL.createObjectURL(await res.blob());
    },
    onSuccess: setUrl,
  });
  if (url)
    return (
      <audio controls autoPlay src={url} aria-label={t('alerts.sosMessage.recording')} style={{ maxWidth: '100%' }} />
    );
  return (
    <>
      <Button size="xs" variant="light" loading={load.isPending} onClick={() => load.mutate()}>
        {t('alerts.sosMessage.play')}
      </Button>
      {load.isError && (
        <Text size="xs" c="red" role="alert">
          {t('alerts.sosMessage.playFailed')}
        </Text>
      )}
    </>
  );
}
