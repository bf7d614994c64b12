import { dateTimeText } from '../../app/format.ts';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { useSubject } from '../../app/subject.ts';
import { mySubjectsApi } from '../followed/subjects-api.ts';
import { AlertSettingsSection } from './alert-settings-section.tsx';
import { ALERT_KEYS, myAlertsApi } from './alerts-api.ts';
import { SosButton } from './sos-button.tsx';
import { alertReadingText } from './alert-text.ts';
import { useProfile } from '../../app/queries.ts';
import { ThresholdsSection } from './thresholds-section.tsx';

const LEVEL_COLOR: Record<TAlertLevel, string> = { normal: 'teal', at_risk: 'yellow', high_risk: 'orange', sos: 'red' };

/** Alerts: the SOS button, the emergency history, thresholds and alert settings. */
export function AlertsPage() {
  const { t } = useTranslation();
  // The SOS button is the main user's only (spec §4): not while viewing someone else's data.
  const subjectId = useSubject()?.patientId ?? null;
  const profile = useProfile();
  const viewingOther = subjectId !== null;
  // Same key as the high-risk prompt's poll: the history follows it. While viewing as someone: their history.
  const list = useQuery({
    queryKey: subjectId ? ['app', 'subjects', subjectId, 'alerts'] : ALERT_KEYS.list,
    queryFn: () => (subjectId ? mySubjectsApi.alerts(subjectId, { size: 50 }) : myAlertsApi.list({ size: 50 })),
  });
  const when = { format: (d: Date) => dateTimeText(d) };

  let history;
  if (list.isPending) history = <CardsSkeleton rows={2} />;
  else if (list.isError) history = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0) history = <Text c="dimmed">{t('alerts.history.empty')}</Text>;
  else {
    history = (
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data.items.map((a) => (
          <Card key={a.id} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>
                  {(profile.data && alertReadingText(t, a, profile.data)) ??
                    (a.index ? t(`alerts.thresholds.indexes.${a.index}`) : t(`alerts.history.source.${a.source}`))}
                </Text>
                <Text size="xs" c="dimmed">
                  {when.format(new Date(a.openedAt))} · {t(`alerts.history.status.${a.status}`)}
                </Text>
                {a.sosCaseId && (
                  <Anchor component={Link} to={`/sos-cases/${a.sosCaseId}?patient=${subjectId ?? 'me'}`} size="sm">
                    {t('followed.sos.open')}
                  </Anchor>
                )}
              </Stack>
              <Badge color={LEVEL_COLOR[a.level]} variant="filled">
                {t(`levels.${a.level}`)}
              </Badge>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('alerts.title')}
      </Title>
      {!viewingOther && <SosButton />}
      <section aria-labelledby="alerts-history">
        <Title order={2} size="h5" id="alerts-history" mb="xs">
          {t('alerts.history.title')}
        </Title>
        {history}
      </section>
      {/* The signed-in user's own settings: not shown while viewing someone else's alerts. */}
      {!viewingOther && <ThresholdsSection />}
      {!viewingOther && <AlertSettingsSection />}
    </Stack>
  );
}
