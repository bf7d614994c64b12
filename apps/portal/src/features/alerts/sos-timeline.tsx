import { Anchor, Group, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSosTimelineItem } from '@carewatch/contracts/alerts';
import { sosTimelineText } from '@carewatch/i18n/sos-timeline';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { LevelBadge, sosMessageText } from './alerts-shared.tsx';

const mapUrl = (l: { lat: number; lng: number }) => {
  const lat = l.lat.toFixed(5);
  const lng = l.lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
};
const COLOR: Record<string, string> = {
  delivered: 'teal',
  failed: 'red',
  retrying: 'orange',
  suppressed: 'gray',
  queued: 'blue',
};

/**
 * The SOS case as people tell it (issue 13): who pressed what, each person told — how, when, whether it reached them —,
 * who acknowledged, where the phone was, how it ended; in the reader's language and time zone. A recipient's phone is
 * a `tel:` link, a position a map link.
 */
export function SosTimeline({ items }: { items: readonly TSosTimelineItem[] }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('sosTimeline.empty')}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} role="list" aria-label={t('sosTimeline.title')}>
      {items.map((x, i) => {
        const { title, detail } = sosTimelineText(t, x, {
          indexName: (idx) => t(`alerts.index.${idx}`, { defaultValue: idx }),
          messageText: (item) => (item.message ? sosMessageText(t, item.message) : null),
        });
        return (
          <Timeline.Item
            key={`${x.at}-${i}`}
            role="listitem"
            color={x.outcome ? COLOR[x.outcome] : x.kind === 'closed' ? 'gray' : 'red'}
            title={title}
          >
            <Stack gap={2}>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {formatDateTime(x.at, tz)}
                </Text>
                {x.kind === 'reading' && x.level && <LevelBadge t={t} level={x.level} />}
              </Group>
              {detail && (
                <Text size="sm" c={x.outcome === 'failed' ? 'red.8' : undefined}>
                  {detail}
                </Text>
              )}
              {x.phone && (
                <Anchor href={`tel:${x.phone}`} size="sm">
                  {t('sosTimeline.call', { phone: x.phone })}
                </Anchor>
              )}
              {x.location && (
                <Anchor href={mapUrl(x.location)} target="_blank" rel="noreferrer" size="sm">
                  {t('sosTimeline.openMap')}
                </Anchor>
              )}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
