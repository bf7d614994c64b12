import i18n from 'i18next';
import { personName } from '@carewatch/contracts/names';
import { useEffect, useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { isApiError } from '@carewatch/api-client/client';
import { staffApi } from '@carewatch/api-client/staff';
import { ROLE_CODES } from '@carewatch/contracts/roles';
import { type TStaffLevel, type TStaffSummary } from '@carewatch/contracts/staff';
import { SPECIALTY_CODES } from '@carewatch/contracts/specialties';
import { api } from '../../app/api.ts';
import { translateValidation } from '@carewatch/web/errors';

export const staff = staffApi(api.request);

export const staffKeys = {
  all: ['staff'] as const,
  list: (q: object) => ['staff', 'list', q] as const,
  detail: (id: string) => ['staff', 'detail', id] as const,
  licenses: (id: string) => ['staff', 'licenses', id] as const,
  options: ['staff', 'options'] as const,
  doctors: ['staff', 'doctorChoices'] as const,
};

export function useStaffOptions() {
  return useQuery({
    queryKey: staffKeys.options,
    queryFn: () => staff.options(),
    staleTime: 60_000,
    meta: { inlineError: true },
  });
}
/** Doctors within the caller's reach (choices for an assistant to follow). */
export function useDoctorChoices(enabled = true) {
  return useQuery({
    queryKey: staffKeys.doctors,
    queryFn: () => staff.list({ role: 'doctor', size: 200, status: 'active' }),
    enabled,
    staleTime: 30_000,
    meta: { inlineError: true },
  });
}

const defaultRoles = new Set<string>(ROLE_CODES);
export const roleLabel = (t: TFunction, code: string, name?: string) =>
  defaultRoles.has(code) ? t(`staff.roles.${code}`) : (name ?? code);
const specialtyCodes = new Set<string>(SPECIALTY_CODES);
export const specialtyLabel = (t: TFunction, code: string) =>
  specialtyCodes.has(code) ? t(`staff.specialties.${code}`) : code;
/** A person's name in the reader's language convention (one function for both apps: contracts/names.ts). */
export const fullName = (p: { firstName: string; lastName: string }) => personName(p, i18n.language);

export function levelPlace(t: TFunction, l: TStaffLevel): string {
  return [l.scopeName, l.centerName].filter(Boolean).join(' · ') || t('staff.list.tenantWide');
}

export function StatusBadge({ t, s, until }: { t: TFunction; s: TStaffSummary['status']; until?: string | null }) {
  const color = s === 'active' ? 'teal' : s === 'disabled' ? 'orange' : s === 'pending_approval' ? 'blue' : 'gray';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={color} variant="light" tt="none" style={{ maxWidth: 'none', overflow: 'visible' }}>
        {t(`staff.status.${s}`)}
      </Badge>
      {until && (
        <Text size="xs" c="dimmed">
          {until}
        </Text>
      )}
    </Group>
  );
}

const RULE_KEYS = new Set(['unknown_center', 'unknown_scope', 'unknown_role', 'unknown_doctor', 'duplicate']);

/** Field → message for a Zod error of a contract schema, keeping the full path (levels.0.centerId). */
export function zodPathErrors(
  t: TFunction,
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= translateValidation(t, issue.message);
  }
  return out;
}

/** Field → message from the server's answer, with the staff rules (unknown center, duplicate level...) translated. */
export function serverPathErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors())) {
    if (error.code !== 'VALIDATION_ERROR') out[field] = t(`errors.${error.code}`, { defaultValue: t('toast.generic') });
    else if (RULE_KEYS.has(info.rule)) out[field] = t(`staff.fieldErrors.${info.rule}`);
    else out[field] = translateValidation(t, info.message);
  }
  return out;
}

/** An image behind the auth header, as an object URL. */
export function useAuthedImage(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let revoked = false;
    let objectUrl: string | null = null;
    const token = api.tokens.access();
    void fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return url ? src : null;
}
