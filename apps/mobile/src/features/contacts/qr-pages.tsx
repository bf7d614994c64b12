import { Alert, Button, Center, FileButton, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { FollowerForm } from './add-pages.tsx';
import { CONTACT_KEYS, myContactsApi } from './contacts-api.ts';
import { decodeFile, frameDecoder, qrDataUrl } from './qr.ts';
import { mmss } from './rules.ts';
import { BackToContacts, MaxNote } from './shared.tsx';
import { useNow } from './use-now.ts';

/** "Show QR": my contact token (valid 5 minutes) as a QR image, with its countdown and a new code on demand. */
export function MyQrPage() {
  const { t } = useTranslation();
  const now = useNow();
  // Never reused from the cache: an old token may have expired.
  const qr = useQuery({ queryKey: CONTACT_KEYS.qr, queryFn: () => myContactsApi.qr(), gcTime: 0, staleTime: Infinity });
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (qr.data)
      void qrDataUrl(qr.data.token).then((url) => {
        if (live) setImage(url);
      });
    return () => {
      live = false;
    };
  }, [qr.data]);
  const left = qr.data ? new Date(qr.data.expiresAt).getTime() - now : 0;

  let body;
  if (qr.isPending) body = <CardsSkeleton rows={1} />;
  else if (qr.isError) body = <ErrorState error={qr.error} onRetry={() => void qr.refetch()} />;
  else {
    body = (
      <Stack gap="sm" align="center">
        {left > 0 && image ? (
          <Image src={image} alt={t('contacts.qr.alt')} w={280} h={280} data-testid="contact-qr" />
        ) : (
          <Alert color="yellow" w="100%">
            {t('contacts.qr.expired')}
          </Alert>
        )}
        {left > 0 && <Text aria-live="polite">{t('contacts.qr.expiresIn', { time: mmss(left) })}</Text>}
        <Button variant="light" loading={qr.isFetching} onClick={() => void qr.refetch()}>
          {t('contacts.qr.refresh')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <BackToContacts />
      <Title order={1} size="h3">
        {t('contacts.qr.title')}
      </Title>
      <Text size="sm">{t('contacts.qr.intro')}</Text>
      <MaxNote />
      {body}
    </Stack>
  );
}

/**
 * "Scan QR": the camera (native BarcodeDetector, else getUserMedia frames decoded by jsQR) or a photo file; the token
 * read then goes with the request form.
 */
export function ScanQrPage() {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<'noCamera' | 'notFound' | null>(null);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const decode = await frameDecoder();
        const tick = async () => {
          if (stopped || !video.current) return;
          const found = video.current.readyState >= 2 ? await decode(video.current) : null;
          if (found) {
            setToken(found);
            setScanning(false);
            return;
          }
          timer = setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        if (!stopped) {
          setProblem('noCamera');
          setScanning(false);
        }
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning]);

  const fromPhoto = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const found = await decodeFile(file).catch(() => null);
    if (found) setToken(found);
    else setProblem('notFound');
  };

  return (
    <Stack gap="md">
      <BackToContacts />
      <Title order={1} size="h3">
        {t('contacts.scan.title')}
      </Title>
      {token ? (
        <>
          <Alert color="teal">{t('contacts.scan.found')}</Alert>
          <MaxNote />
          <FollowerForm qrToken={token} />
        </>
      ) : (
        <>
          <Text size="sm">{t('contacts.scan.intro')}</Text>
          {scanning && (
            <Center>
              <video
                ref={video}
                muted
                playsInline
                aria-label={t('contacts.scan.video')}
                style={{ width: '100%', maxWidth: 360, borderRadius: 8 }}
              />
            </Center>
          )}
          {problem && (
            <Alert color="yellow" role="alert">
              {t(`contacts.scan.${problem}`)}
            </Alert>
          )}
          {typeof navigator !== 'undefined' && navigator.mediaDevices?.getUserMedia !== undefined && (
            <Button
              variant="light"
              onClick={() => {
                setProblem(null);
                setScanning((s) => !s);
              }}
            >
              {scanning ? t('contacts.scan.stopCamera') : t('contacts.scan.camera')}
            </Button>
          )}
          <FileButton onChange={(f) => void fromPhoto(f)} accept="image/*">
            {(props) => (
              <Button variant="default" {...props}>
                {t('contacts.scan.fromPhoto')}
              </Button>
            )}
          </FileButton>
        </>
      )}
    </Stack>
  );
}
