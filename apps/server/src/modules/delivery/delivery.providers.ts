import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { SecretVault } from '../../platform/secrets.ts';
import { RecordingSmsProvider, type SmsProvider } from '../../platform/providers/messaging.ts';
import { getOrCreateVapidKeys, WebPushSender, type PushSender } from '../../platform/providers/push.ts';
import { TwilioSmsProvider, TwilioVoiceProvider } from '../../platform/providers/twilio.ts';
import { RecordingVoiceProvider, type VoiceProvider } from '../../platform/providers/voice.ts';

/** SMS and voice (recording by default, Twilio-compatible when TWILIO_* is set) and web push with the tenant-wide VAPID keys. */
export async function deliveryProviders(
  db: Db,
  vault: SecretVault,
  config: Pick<Config, 'twilio' | 'vapid'>,
): Promise<{ sms: SmsProvider; voice: VoiceProvider; push: PushSender }> {
  const keys = await getOrCreateVapidKeys(vault, {
    publicKey: config.vapid.publicKey,
    privateKey: config.vapid.privateKey,
  });
  const push = new WebPushSender(keys, config.vapid.subject);
  if (config.twilio)
    return { sms: new TwilioSmsProvider(db, config.twilio), voice: new TwilioVoiceProvider(db, config.twilio), push };
  return { sms: new RecordingSmsProvider(db, 'CareWatch'), voice: new RecordingVoiceProvider(db, 'CareWatch'), push };
}
