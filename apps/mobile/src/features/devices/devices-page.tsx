import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { CardsSkeleton } from '../../app/states.tsx';
import { AddDeviceOptions, DeviceCard, DeviceError, MeasurePanel } from './device-panel.tsx';
import { useDeviceManager, useDeviceSnapshot } from './device-session.ts';
import { DeviceSettingsPage } from './device-settings-page.tsx';
import { FirmwarePanel } from './firmware-panel.tsx';
import { HealthImportLink } from '../health-import/health-import-link.tsx';

/** Devices (spec §2): my paired device with its status, add (scan or simulated watch), device settings. */
export function DevicesPage() {
  return (
    <Routes>
      <Route index element={<MyDevices />} />
      <Route path="add" element={<AddDevice />} />
      <Route path="settings" element={<DeviceSettingsPage />} />
    </Routes>
  );
}

function MyDevices() {
  const { t } = useTranslation();
  const manager = useDeviceManager();
  const snapshot = useDeviceSnapshot(manager);
  if (!manager) return <CardsSkeleton rows={2} />;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('devices.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('devices.intro')}
      </Text>
      <DeviceError manager={manager} snapshot={snapshot} />
      {snapshot.paired ? (
        <>
          <DeviceCard
            manager={manager}
            snapshot={snapshot}
            settingsLink={
              snapshot.paired.kind === 'simulated' ? (
                <Anchor component={Link} to="/devices/settings">
                  {t('devices.settingsLink')}
                </Anchor>
              ) : undefined
            }
          />
          <MeasurePanel manager={manager} snapshot={snapshot} />
          <FirmwarePanel manager={manager} snapshot={snapshot} />
        </>
      ) : (
        <>
          <Text>{t('devices.none')}</Text>
          <Button component={Link} to="/devices/add">
            {t('devices.add')}
          </Button>
        </>
      )}
      <HealthImportLink />
    </Stack>
  );
}

function AddDevice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const manager = useDeviceManager();
  const snapshot = useDeviceSnapshot(manager);
  const pairedBefore = useRef(snapshot.paired?.mac ?? null);
  // Paired: back to the device list, which shows the new device and its status.
  useEffect(() => {
    if (snapshot.paired && snapshot.paired.mac !== pairedBefore.current && snapshot.busy === null)
      void navigate('/devices', { replace: true });
  }, [snapshot.paired, snapshot.busy, navigate]);
  if (!manager) return <CardsSkeleton rows={2} />;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/devices" size="sm">
        {t('devices.back')}
      </Anchor>
      <Title order={1} size="h3">
        {t('devices.addTitle')}
      </Title>
      <DeviceError manager={manager} snapshot={snapshot} />
      <AddDeviceOptions manager={manager} snapshot={snapshot} />
    </Stack>
  );
}
