import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { appEventsApi } from '@carewatch/api-client/app-events';
import { isApiError } from '@carewatch/api-client/client';
import { appEventsEn } from '@carewatch/i18n/app/events-en';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';
import { useSubject } from '../../app/subject.ts';

/** The signed-in user's events calls (same client and session as the rest of the app). */
export const myEventsApi = appEventsApi(api.request);

export const EVENT_KEYS = {
  all: ['me', 'events'] as const,
  /** My events (`null`), or a viewed subject's (read only). */
  list: (subjectId: string | null) =>
    subjectId ? (['me', 'events', 'list', subjectId] as const) : (['me', 'events', 'list'] as const),
  appointment: (id: string) => ['me', 'events', 'appointment', id] as const,
};

const eventCodes = new Set(Object.keys(appEventsEn.errors));

/** Error text with this feature's codes (§8 "Max events (20) reached", "No duplicate event at the same time") first. */
export function eventErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && eventCodes.has(error.code)) return t(`events.errors.${error.code}`);
  return errorText(t, error);
}

/** The events list of the subject being viewed: mine (no subject) or, read only, a followed patient's / sub-user's. */
export function useEvents() {
  const subject = useSubject();
  const subjectId = subject?.patientId ?? null;
  const query = useQuery({
    queryKey: EVENT_KEYS.list(subjectId),
    queryFn: () => (subjectId ? myEventsApi.ofSubject(subjectId) : myEventsApi.list()),
  });
  return { query, subject };
}
