import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '../profile/back-link.tsx';
import { readPermissions, requestPermission, watchPermissions } from './browser-permissions.ts';
import {
  actionFor,
  settingsPlatform,
  shownKinds,
  withAnswer,
  type PermissionKind,
  type PermissionState,
} from './permissions-rules.ts';

type States = Record<PermissionKind, PermissionState>;

const BADGE_COLOR: Record<PermissionState, string> = {
  granted: 'teal',
  denied: 'red',
  prompt: 'gray',
  onUse: 'blue',
  unsupported: 'gray',
};

/** `/settings/permissions`: what the app may use on this phone, why, and the way to allow it (spec §2, §8). */
export function PermissionsPage() {
  const { t } = useTranslation();
  const [probed, setProbed] = useState<States | null>(null);
  const [answers, setAnswers] = useState<Partial<States>>({});
  const [busy, setBusy] = useState<PermissionKind | null>(null);
  const [failed, setFailed] = useState<PermissionKind | null>(null);
  // A refused persist() leaves no trace the browser reports: remembered for this visit of the screen.
  const storageRefused = useRef(false);

  const refresh = useCallback(() => {
    void readPermissions(storageRefused.current)
      .then(setProbed)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    return watchPermissions(refresh);
  }, [refresh]);

  const ask = async (kind: PermissionKind) => {
    setBusy(kind);
    setFailed(null);
    try {
      const answer = await requestPermission(kind);
      if (kind === 'storage' && answer === 'denied') storageRefused.current = true;
      setAnswers((a) => ({ ...a, [kind]: answer }));
    } catch {
      setFailed(kind);
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const platform = settingsPlatform(navigator.userAgent, navigator.maxTouchPoints);
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('help.permissions.title')}
      </Title>
      <Text size="sm">{t('help.permissions.intro')}</Text>
      {!probed && (
        <Text size="sm" aria-busy="true">
          {t('app.loading')}
        </Text>
      )}
      {probed &&
        shownKinds(probed).map((kind) => {
          const state = withAnswer(probed[kind], answers[kind]);
          const action = actionFor(kind, state);
          const name = t(`help.permissions.kinds.${kind}.name`);
          const id = `permission-${kind}`;
          return (
            <Card key={kind} withBorder component="section" aria-labelledby={id}>
              <Group justify="space-between" wrap="wrap" gap={6} align="flex-start" mb={4}>
                <Title order={2} size="h5" id={id}>
                  {name}
                </Title>
                <Badge color={BADGE_COLOR[state]} variant="light">
                  {t(`help.permissions.states.${state}`)}
                </Badge>
              </Group>
              <Text size="sm" mb="sm">
                {t(`help.permissions.kinds.${kind}.reason`)}
              </Text>
              {action === 'request' && (
                <Button fullWidth loading={busy === kind} onClick={() => void ask(kind)}>
                  {t('help.permissions.allow', { name })}
                </Button>
              )}
              {action === 'pair' && (
                <Button fullWidth variant="light" component={Link} to="/devices/add">
                  {t('help.permissions.pair')}
                </Button>
              )}
              {action === 'openSettings' && (
                <Alert color="red" variant="light" role="status">
                  <Stack gap={6}>
                    <Text size="sm" fw={600}>
                      {t(`help.permissions.kinds.${kind}.denied`)}
                    </Text>
                    <Text size="sm">{t(`help.permissions.kinds.${kind}.effect`)}</Text>
                    <Text size="sm" fw={600}>
                      {t('help.permissions.howTo')}
                    </Text>
                    <Text size="sm">{t(`help.permissions.steps.${platform}`, { name })}</Text>
                    <Button variant="default" onClick={refresh} style={{ alignSelf: 'flex-start' }}>
                      {t('help.permissions.recheck')}
                    </Button>
                  </Stack>
                </Alert>
              )}
              {failed === kind && (
                <Alert color="red" role="alert" mt="sm">
                  {t('help.permissions.failed')}
                </Alert>
              )}
            </Card>
          );
        })}
    </Stack>
  );
}
