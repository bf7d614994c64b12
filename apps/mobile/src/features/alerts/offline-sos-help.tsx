import { personName } from '@carewatch/contracts/names';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLocation, TSosMessage } from '@carewatch/contracts/alerts';
import { useProfile } from '../../app/queries.ts';
import { sosContactsQuery } from './pending-sos.ts';
import { emergencyNumberFallback, mapLink, smsHref } from './offline-sos-rules.ts';

/**
 * While an SOS cannot reach the server, the phone can still call for help by itself: one tap calls an SOS contact or
 * the region's emergency number (`tel:`), another opens a text with the prepared message and location (`sms:`).
 * The contacts come from the phone's copy (fetched while online); without one, the emergency number is still offered.
 */
export function OfflineSosHelp({ message, location }: { message: TSosMessage; location?: TLocation | undefined }) {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const kit = useQuery(sosContactsQuery);
  const emergency = kit.data?.emergencyNumber ?? emergencyNumberFallback(i18n.language);
  const contacts = kit.data?.contacts ?? [];
  const name = profile.data ? personName(profile.data, i18n.language) : '';
  const what =
    message.kind === 'choice' ? t(`alerts.sos.messages.${message.choice}`) : t('alerts.sos.messages.need_help');
  const where = location ? t('alerts.offline.smsWhere', { link: mapLink(location) }) : '';
  const text = t('alerts.offline.smsText', { name, message: what, where }).trim();
  return (
    <Stack gap="xs" aria-label={t('alerts.offline.helpLabel')} role="group">
      <Button component="a" href={`tel:${emergency}`} color="red" size="lg" fullWidth>
        {t('alerts.offline.callEmergency', { number: emergency })}
      </Button>
      {contacts.map((c) => (
        <Button
          key={`${c.phone}-${c.name}`}
          component="a"
          href={`tel:${c.phone}`}
          variant="light"
          color="red"
          size="md"
          fullWidth
        >
          {t('alerts.offline.callContact', { name: c.name || c.phone })}
        </Button>
      ))}
      {contacts.length > 0 && (
        <Button
          component="a"
          href={smsHref(
            contacts.map((c) => c.phone),
            text,
          )}
          variant="outline"
          color="red"
          size="md"
          fullWidth
        >
          {t('alerts.offline.sendText')}
        </Button>
      )}
      {contacts.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('alerts.offline.noContacts')}
        </Text>
      )}
    </Stack>
  );
}
