import type { TAlertTrailEntry } from '@carewatch/contracts/alerts';

export type DeliveryAnswer = { dedupe_key: string; status: string; provider_answer: string | null };

/**
 * An alert's trail with the provider answers of its outbox deliveries (matched by template, recipient and channel)
 * shown on the matching notification steps.
 */
export function withProviderAnswers(
  trail: readonly TAlertTrailEntry[],
  answers: readonly DeliveryAnswer[],
): TAlertTrailEntry[] {
  const answer = new Map<string, string>();
  for (const a of answers) {
    const parts = a.dedupe_key.split(':');
    const recipient = parts[4];
    const channel = parts[5];
    const template = parts[3];
    if (recipient && channel)
      answer.set(
        `${template}:${recipient}:${channel}`,
        a.provider_answer ? `${a.status} ${a.provider_answer}` : a.status,
      );
  }
  return trail.map((e) => {
    if (e.kind === 'notification' && e.channel) {
      const template = (e.detail ?? '').split(':')[1] ?? '';
      const found = answer.get(`${template}:${e.recipientId ?? ''}:${e.channel}`);
      if (found) return { ...e, providerStatus: found };
    }
    return e;
  });
}
