import { Badge, Box, Group, Image, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { prescriptionsApi } from '@carewatch/api-client/prescriptions';
import type {
  TIntakeState,
  TMedicine,
  TPrescriptionDisplayState,
  TReminderRule,
} from '@carewatch/contracts/prescriptions';
import { INTAKE_STATES } from '@carewatch/contracts/prescriptions';
import { INTAKE_WINDOWS } from '@carewatch/clinical/medication';
import { formatCalendarDay } from '@carewatch/i18n/datetime';
import { api } from '../../app/api.ts';
import { translateValidation } from '@carewatch/web/errors';
import { isApiError } from '@carewatch/api-client/client';
import { portalEn } from '@carewatch/i18n/portal-en';

export const prescriptions = prescriptionsApi(api.request);

export const rxKeys = {
  all: ['prescriptions'] as const,
  list: (patientId: string, state: string) => ['prescriptions', 'list', patientId, state] as const,
  detail: (id: string) => ['prescriptions', 'detail', id] as const,
  adherence: (patientId: string) => ['prescriptions', 'adherence', patientId] as const,
  intakes: (patientId: string) => ['prescriptions', 'intakes', patientId] as const,
  ranking: (q: object) => ['prescriptions', 'ranking', q] as const,
};

const STATE_COLOR: Record<TPrescriptionDisplayState, string> = {
  IN_USE: 'green',
  EXPIRED: 'yellow',
  DEACTIVATED: 'gray',
};
export function RxStateBadge({ t, state }: { t: TFunction; state: TPrescriptionDisplayState }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="light" tt="none" style={{ maxWidth: 'none', overflow: 'visible' }}>
      {t(`prescriptions.status.${state}`)}
    </Badge>
  );
}

/** One colour per dose state, the same in the card, the legend and the detail page. */
export const INTAKE_COLOR: Record<TIntakeState, string> = {
  to_take: 'blue',
  taken: 'green',
  taken_early: 'teal',
  taken_late: 'orange',
  skipped: 'red',
  unconfirmed: 'gray',
};
export function IntakeBadge({ t, state }: { t: TFunction; state: TIntakeState }) {
  return (
    <Badge color={INTAKE_COLOR[state]} variant="filled" tt="none" style={{ maxWidth: 'none', overflow: 'visible' }}>
      {t(`prescriptions.intake.${state}`)}
    </Badge>
  );
}

/** The dose states with their colours and what each window means (INTAKE_WINDOWS of packages/clinical). */
export function IntakeLegend({ t }: { t: TFunction }) {
  const vars = {
    onTime: INTAKE_WINDOWS.onTimeMinutes,
    early: INTAKE_WINDOWS.earlyLimitMinutes,
    confirm: INTAKE_WINDOWS.confirmWindowMinutes,
  };
  return (
    <div role="list" aria-label={t('prescriptions.intake.legendTitle')}>
      <Text size="xs" fw={600} mb={4}>
        {t('prescriptions.intake.legendTitle')}
      </Text>
      <Group gap="md">
        {INTAKE_STATES.map((s) => (
          <Group key={s} gap={6} role="listitem" wrap="nowrap">
            <IntakeBadge t={t} state={s} />
            <Text size="xs" c="dimmed">
              {t(`prescriptions.intake.legend.${s}`, vars)}
            </Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}

/** A percentage figure, or "no dose due yet". */
export function Percent({ t, value }: { t: TFunction; value: number | null }) {
  if (value === null)
    return (
      <Tooltip label={t('prescriptions.adherence.noData')}>
        <Text span c="dimmed">
          —
        </Text>
      </Tooltip>
    );
  const color = value >= 80 ? 'green' : value >= 50 ? 'orange' : 'red';
  return (
    <Text span fw={700} c={color}>
      {t('prescriptions.adherence.percent', { n: value })}
    </Text>
  );
}

export const day = (d: string | null | undefined) => (d ? formatCalendarDay(d) || d : '');

/** "1.5 tablet" in the reader's language. */
export const doseText = (t: TFunction, m: Pick<TMedicine, 'dose' | 'doseUnit'>) =>
  `${m.dose} ${t(`prescriptions.doseUnits.${m.doseUnit}`)}`;

/** The rule in words: "Every Mon, Wed at 08:00, 20:00". */
export function ruleText(t: TFunction, rule: TReminderRule, times: Array<{ time: string; label: string }>): string {
  const at = times.length
    ? ` ${t('prescriptions.reminder.summary.at', { times: times.map((x) => (x.label ? `${x.time} (${x.label})` : x.time)).join(', ') })}`
    : '';
  switch (rule.kind) {
    case 'daily':
      return t('prescriptions.reminder.summary.daily') + at;
    case 'weekly':
      return (
        t('prescriptions.reminder.summary.weekly', {
          days: rule.daysOfWeek.map((d) => t(`prescriptions.weekdays.${d}`)).join(', '),
        }) + at
      );
    case 'monthly':
      return t('prescriptions.reminder.summary.monthly', { days: rule.daysOfMonth.join(', ') }) + at;
    case 'cycle':
      return t('prescriptions.reminder.summary.cycle', { on: rule.onDays, off: rule.offDays }) + at;
    case 'once':
      return t('prescriptions.reminder.summary.once', { date: day(rule.date) }) + at;
    case 'hourly':
      return (
        t('prescriptions.reminder.summary.hourly', { n: rule.everyHours, from: rule.from }) +
        (rule.until ? ` – ${rule.until}` : '')
      );
  }
}

// The English catalogue holds the contract's own words, so the message → key map is its inverse.
const messageKeys = new Map(Object.entries(portalEn.prescriptions.messages).map(([k, v]) => [v as string, k]));
/** A contract/server validation message in the reader's language (the rule's own words when known). */
export function rxMessage(t: TFunction, message: string): string {
  const key = messageKeys.get(message);
  return key ? t(`prescriptions.messages.${key}`) : translateValidation(t, message);
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };
/** Full dotted path ("medicines.0.reminder.times") → message, from a Zod error: the form shows each under its field. */
export function rxZodErrors(t: TFunction, error: { issues: ReadonlyArray<Issue> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= rxMessage(t, issue.message);
  }
  return out;
}
/** The same from the server's 400 (details.fields use the same dotted paths). */
export function rxServerErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors())) out[field] = rxMessage(t, info.message);
  return out;
}

/** A medicine image as an object URL (the image route needs the auth header, so it is fetched, not linked). */
export function useMedicineImage(imageId: string | null): string | null {
  const q = useQuery({
    queryKey: ['prescriptions', 'image', imageId],
    queryFn: async () => {
      const get = () => {
        const token = api.tokens.access();
        return fetch(prescriptions.medicineImageUrl(imageId!), {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
      };
      let res = await get();
      if (res.status === 401 && (await api.refresh())) res = await get();
      if (!res.ok) throw new Error(`image ${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    enabled: !!imageId,
    staleTime: Infinity,
    meta: { inlineError: true },
  });
  return q.data ?? null;
}

/** A medicine's swatch: its image, or its colour. */
export function MedicineSwatch({
  m,
  alt,
  size = 28,
}: {
  m: { color: string | null; imageId: string | null };
  alt: string;
  size?: number;
}) {
  const src = useMedicineImage(m.imageId);
  if (m.imageId) return src ? <Image src={src} alt={alt} h={size} w={size} fit="contain" /> : <Box w={size} h={size} />;
  if (m.color)
    return (
      <Box
        w={size * 0.65}
        h={size * 0.65}
        style={{ borderRadius: '50%', background: m.color, border: '1px solid #ccc' }}
        aria-hidden
      />
    );
  return null;
}
