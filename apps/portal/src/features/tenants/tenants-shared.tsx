import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { tenantsApi } from '@carewatch/api-client/tenants';
import { api } from '../../app/api.ts';
import { isApiError } from '@carewatch/api-client/client';
import { errorText, translateValidation } from '@carewatch/web/errors';
import { tenantMessageKey } from './tenants-rules.ts';

/** The tenants endpoints over the portal's single API client. */
export const tenants = tenantsApi(api.request);

export const tenantKeys = {
  all: ['tenants'] as const,
  list: (q: unknown) => ['tenants', 'list', q] as const,
  detail: (id: string) => ['tenants', 'detail', id] as const,
  requests: (q: unknown) => ['tenants', 'requests', q] as const,
};

/** A contract validation message in the user's language (this domain's messages, then the common ones). */
export function tenantValidation(t: TFunction, message: string): string {
  const own = tenantMessageKey(message);
  return own ? t(own) : translateValidation(t, message);
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };
/** Field errors keyed by their full path (e.g. connections.2.host), from a Zod error of a contract schema. */
export function zodErrorsByPath(t: TFunction, error: { issues: ReadonlyArray<Issue> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= tenantValidation(t, issue.message);
  }
  return out;
}

/** The server's field errors (details.field / details.fields) translated; codes of the catalogue give their message. */
export function serverErrorsByPath(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors())) {
    out[field] = error.code === 'VALIDATION_ERROR' ? tenantValidation(t, info.message) : errorText(t, error);
  }
  return out;
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? t('tenants.status.active') : t('tenants.status.inactive')}
    </Badge>
  );
}
