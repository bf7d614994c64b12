import { dateTimeSecondsText } from '../../app/format.ts';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sosTimelineText } from '@carewatch/i18n/sos-timeline';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TMetric } from '@carewatch/contracts/vitals';
import { useProfile } from '../../app/queries.ts';
import { useSubject } from '../../app/subject.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { dashboardItems } from '../home/latest.ts';
import { valueText } from '../home/home-page.tsx';
import { LEVEL_COLOR } from './subject-card.tsx';
import { SUBJECT_KEYS, mySubjectsApi } from './subjects-api.ts';

/** An OpenStreetMap link for a position (opened outside the app: no map tiles are loaded here). */
const mapLink = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

/** SOS case detail (spec §2): reason, the vital indexes at the time, the SOS locations and the timeline. */
export function SosCasePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const subject = useSubject();
  const [params] = useSearchParams();
  // Whose case: named by the link (the history it was opened from), else the subject being viewed.
  const who = params.get('patient') || (subject?.patientId ?? 'me');
  const profile = useProfile();
  const detail = useQuery({ queryKey: SUBJECT_KEYS.sosCase(who, id), queryFn: () => mySubjectsApi.sosCase(who, id) });
  const when = { format: (d: Date) => dateTimeSecondsText(d) };

  let body;
  if (detail.isPending || profile.isPending) body = <CardsSkeleton rows={3} />;
  else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (profile.isError) body = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else {
    const c = detail.data;
    const vitals = dashboardItems(
      c.vitals.map((v) => ({
        metric: v.metric as TMetric,
        measuredAt: v.measuredAt,
        value: v.value,
        value2: v.value2,
        unit: '',
        data: null,
      })),
      [],
      profile.data,
    );
    body = (
      <Stack gap="md">
        <Card withBorder padding="sm">
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{c.patientName}</Text>
              <Group gap={4}>
                <Badge color={LEVEL_COLOR[c.level]}>{t(`levels.${c.level}`)}</Badge>
                <Badge variant="light" color={c.status === 'open' ? 'red' : 'gray'}>
                  {t(`followed.sos.status.${c.status}`)}
                </Badge>
              </Group>
            </Group>
            <Text size="sm">
              <b>{t('followed.sos.reason')}:</b> {t(`followed.sos.reasons.${c.reason}`)}
            </Text>
            {c.message && (
              <Text size="sm">
                <b>{t('followed.sos.message')}:</b>{' '}
                {c.message.kind === 'choice'
                  ? t(`alerts.sos.messages.${c.message.choice}`)
                  : t('followed.sos.recording')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('followed.sos.opened', { when: when.format(new Date(c.openedAt)) })}
            </Text>
            {c.closedAt && (
              <Text size="xs" c="dimmed">
                {t('followed.sos.closed', { when: when.format(new Date(c.closedAt)) })}
              </Text>
            )}
          </Stack>
        </Card>

        <section aria-labelledby="sos-vitals">
          <Title order={2} size="h5" id="sos-vitals" mb="xs">
            {t('followed.sos.vitals')}
          </Title>
          {vitals.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('followed.sos.noVitals')}
            </Text>
          ) : (
            <Table>
              <Table.Tbody>
                {vitals.map((v) => (
                  <Table.Tr key={v.metric}>
                    <Table.Td>{t(`metrics.${v.metric}`)}</Table.Td>
                    <Table.Td fw={600}>{valueText(t, v)}</Table.Td>
                    <Table.Td c="dimmed" fz="xs">
                      {when.format(new Date(v.measuredAt))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>

        <section aria-labelledby="sos-locations">
          <Title order={2} size="h5" id="sos-locations" mb="xs">
            {t('followed.sos.locations')}
          </Title>
          {c.locations.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('followed.sos.noLocation')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {c.locations.map((l) => (
                <li key={`${l.at}-${l.lat}-${l.lng}`}>
                  <Text size="sm" ff="monospace">
                    {l.lat.toFixed(5)}, {l.lng.toFixed(5)}
                    {l.accuracyM !== undefined ? ` ${t('followed.sos.accuracy', { m: Math.round(l.accuracyM) })}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when.format(new Date(l.at))}
                  </Text>
                  <Anchor href={mapLink(l.lat, l.lng)} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('followed.sos.openMap')}
                  </Anchor>
                </li>
              ))}
            </Stack>
          )}
        </section>

        <section aria-labelledby="sos-timeline">
          <Title order={2} size="h5" id="sos-timeline" mb="xs">
            {t('followed.sos.timeline')}
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={c.timeline.length}>
            {c.timeline.map((e, i) => {
              // The same readable lines as the staff see (shared catalogue); a follower's view has no recipients.
              const { title, detail } = sosTimelineText(t, e, {
                indexName: (idx) => t(`metrics.${idx}`, { defaultValue: idx }),
                messageText: (x) =>
                  x.message?.kind === 'choice' ? t(`alerts.sos.messages.${x.message.choice}`) : null,
              });
              return (
                <Timeline.Item key={i} title={title}>
                  <Text size="xs" c="dimmed">
                    {when.format(new Date(e.at))}
                  </Text>
                  {detail && <Text size="sm">{detail}</Text>}
                  {e.phone && (
                    <Anchor href={`tel:${e.phone}`} size="sm">
                      {t('sosTimeline.call', { phone: e.phone })}
                    </Anchor>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        </section>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Group>
        <Button component={Link} to="/alerts" variant="subtle" size="compact-sm" px={0}>
          ← {t('common.back')}
        </Button>
      </Group>
      <Title order={1} size="h3">
        {t('followed.sos.title')}
      </Title>
      {body}
    </Stack>
  );
}
