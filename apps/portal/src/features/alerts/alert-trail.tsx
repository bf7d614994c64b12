import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAlertTrailEntry } from '@carewatch/contracts/alerts';
import { formatDateTime } from '../../app/format.ts';
import { useProfile } from '../../app/queries.ts';
import { LevelBadge, ruleText } from './alerts-shared.tsx';

/** reading → rule → tier → each notification (channel, recipient, provider answer, time) → acknowledgement. */
export function AlertTrail({ trail }: { trail: readonly TAlertTrailEntry[] }) {
  const { t } = useTranslation();
  const tz = useProfile().data?.timezone;
  const none = t('alerts.common.none');
  if (trail.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('alerts.common.empty')}
      </Text>
    );
  return (
    <Table withTableBorder striped aria-label={t('alerts.trail.table')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={170}>{t('alerts.trail.at')}</Table.Th>
          <Table.Th>{t('alerts.trail.step')}</Table.Th>
          <Table.Th>{t('alerts.trail.channel')}</Table.Th>
          <Table.Th>{t('alerts.trail.recipient')}</Table.Th>
          <Table.Th>{t('alerts.trail.provider')}</Table.Th>
          <Table.Th>{t('alerts.trail.detail')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trail.map((e, i) => (
          <Table.Tr key={`${e.at}-${i}`} data-kind={e.kind}>
            <Table.Td>{formatDateTime(e.at, tz)}</Table.Td>
            <Table.Td>
              {t(`alerts.trail.kind.${e.kind}`)} {e.level ? <LevelBadge t={t} level={e.level} /> : null}
            </Table.Td>
            <Table.Td>{e.channel ? t(`alerts.channel.${e.channel}`) : none}</Table.Td>
            <Table.Td>{e.recipient ?? none}</Table.Td>
            <Table.Td>{e.providerStatus ?? none}</Table.Td>
            <Table.Td>
              {[
                e.value !== null && e.value !== undefined ? String(e.value) : null,
                e.rule ? ruleText(t, e.rule) : null,
                e.detail ?? null,
              ]
                .filter(Boolean)
                .join(' · ') || none}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
