import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appFirmwareApi } from '@carewatch/api-client/firmware';
import { FIRMWARE_MODELS, type TFirmwareModel, type TFirmwarePackage } from '@carewatch/contracts/firmware';
import type { InstallPhase } from '@carewatch/devices/firmware-sim';
import { fetchBlob } from '@carewatch/web/files';
import { api } from '../../app/api.ts';
import type { DeviceManager, DeviceSnapshot } from './device-manager.ts';
import { appliedFace, installErrorCode, phaseKey, updateOffer, type InstallErrorCode } from './firmware-rules.ts';

const firmwareApi = appFirmwareApi(api.request);

type Run =
  | { status: 'running'; pkg: TFirmwarePackage; phase: 'downloading' | InstallPhase; percent: number }
  | { status: 'success'; pkg: TFirmwarePackage }
  | { status: 'failed'; pkg: TFirmwarePackage; code: InstallErrorCode; kept: string };

const isFirmwareModel = (m: string | null | undefined): m is TFirmwareModel =>
  (FIRMWARE_MODELS as readonly string[]).includes(m ?? '');

/**
 * Firmware update and watch faces of the paired simulated watch (issue 21; spec §2 Devices, §8 "Firmware or UI upgrade
 * failed"): its firmware version, the tenant's current firmware when newer ("Update firmware" → progress → success or
 * failure, the old version kept), and the faces of its model to apply.
 */
export function FirmwarePanel({ manager, snapshot }: { manager: DeviceManager; snapshot: DeviceSnapshot }) {
  const { t } = useTranslation();
  const paired = snapshot.paired;
  const model = paired?.model;
  const packages = useQuery({
    queryKey: ['firmware', 'watch', model],
    queryFn: () => firmwareApi.forModel(model as TFirmwareModel),
    enabled: isFirmwareModel(model),
    meta: { inlineError: true },
  });
  const [run, setRun] = useState<Run | null>(null);
  if (!paired || paired.kind !== 'simulated' || !isFirmwareModel(model)) return null;
  const connected = snapshot.state === 'connected';
  const running = run?.status === 'running';

  async function install(pkg: TFirmwarePackage) {
    setRun({ status: 'running', pkg, phase: 'downloading', percent: 0 });
    const controls = manager.controls;
    const kept = controls?.firmwareVersion ?? paired?.firmwareVersion ?? '';
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await (await fetchBlob(api, firmwareApi.fileUrl(pkg.id))).arrayBuffer());
    } catch {
      setRun({ status: 'failed', pkg, code: 'DOWNLOAD_FAILED', kept });
      return;
    }
    if (!controls || manager.snapshot.state !== 'connected') {
      setRun({ status: 'failed', pkg, code: 'NOT_CONNECTED', kept });
      return;
    }
    try {
      const applied = await controls.installPackage({ bytes, sha256: pkg.sha256 }, (p) =>
        setRun({ status: 'running', pkg, phase: p.phase, percent: p.percent }),
      );
      manager.recordPackage(applied);
      setRun({ status: 'success', pkg });
    } catch (e) {
      setRun({ status: 'failed', pkg, code: installErrorCode(e), kept: controls.firmwareVersion });
    }
  }

  const data = packages.data;
  const offer = data ? updateOffer(paired.firmwareVersion, data.firmware) : null;
  const face = data ? appliedFace(data.faces, paired.watchFace) : null;
  const firmwareRun = run && run.pkg.kind === 'firmware' ? run : null;
  const faceRun = run && run.pkg.kind === 'watch_face' ? run : null;

  return (
    <Card withBorder component="section" aria-labelledby="firmware-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="firmware-title">
          {t('firmware.title')}
        </Title>
        <Text fw={600}>{t('firmware.version', { version: paired.firmwareVersion ?? '—' })}</Text>
        {!connected && (
          <Text size="sm" c="dimmed">
            {t('firmware.notConnected')}
          </Text>
        )}
        {packages.isError && (
          <Alert color="orange" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('firmware.loadFailed')}</Text>
              <Button size="xs" mih={44} variant="light" onClick={() => void packages.refetch()}>
                {t('firmware.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {firmwareRun?.status === 'running' && <InstallProgress run={firmwareRun} />}
        {firmwareRun?.status === 'success' && (
          <Alert color="teal" role="status">
            {t('firmware.success', { version: firmwareRun.pkg.version })}
          </Alert>
        )}
        {firmwareRun?.status === 'failed' && (
          <Alert color="red" role="alert" title={t('firmware.failed')}>
            <Stack gap={4}>
              <Text size="sm">{t(`firmware.errors.${firmwareRun.code}`)}</Text>
              <Text size="sm">{t('firmware.keptVersion', { version: firmwareRun.kept })}</Text>
            </Stack>
          </Alert>
        )}
        {data && !running && (
          <>
            {offer ? (
              <Stack gap="xs">
                <Text size="sm">{t('firmware.available', { version: offer.version })}</Text>
                {offer.notes && (
                  <Text size="sm" c="dimmed">
                    {t('firmware.notes', { notes: offer.notes })}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('firmware.keepConnected')}
                </Text>
                <Button mih={44} disabled={!connected} onClick={() => void install(offer)}>
                  {firmwareRun?.status === 'failed' ? t('firmware.retry') : t('firmware.update')}
                </Button>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('firmware.upToDate')}
              </Text>
            )}
          </>
        )}

        <Title order={3} size="h6" mt="sm">
          {t('firmware.facesTitle')}
        </Title>
        <Text size="sm">{t('firmware.faceOnWatch', { name: face?.name ?? t('firmware.faceDefault') })}</Text>
        {faceRun?.status === 'running' && <InstallProgress run={faceRun} />}
        {faceRun?.status === 'success' && (
          <Alert color="teal" role="status">
            {t('firmware.faceApplied', { name: faceRun.pkg.name })}
          </Alert>
        )}
        {faceRun?.status === 'failed' && (
          <Alert color="red" role="alert" title={t('firmware.failed')}>
            <Text size="sm">{t(`firmware.errors.${faceRun.code}`)}</Text>
          </Alert>
        )}
        {data && data.faces.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('firmware.facesNone')}
          </Text>
        )}
        {data && data.faces.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.faces.map((f) => (
              <Group key={f.id} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm">{f.name}</Text>
                {face?.id === f.id ? (
                  <Badge color="teal" variant="light">
                    {t('firmware.faceCurrent')}
                  </Badge>
                ) : (
                  <Button
                    size="sm"
                    mih={44}
                    variant="light"
                    disabled={!connected || running}
                    aria-label={t('firmware.faceApplyLabel', { name: f.name })}
                    onClick={() => void install(f)}
                  >
                    {t('firmware.faceApply')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function InstallProgress({ run }: { run: Extract<Run, { status: 'running' }> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {run.pkg.kind === 'watch_face' && run.phase !== 'downloading'
          ? t('firmware.faceApplying', { name: run.pkg.name })
          : t(phaseKey(run.phase))}{' '}
        {t('firmware.progress', { percent: run.percent })}
      </Text>
      <Progress value={run.percent} aria-label={t('firmware.progressLabel')} animated />
    </Stack>
  );
}
