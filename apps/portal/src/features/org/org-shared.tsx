import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fetchCenterLogo, orgApi } from '@carewatch/api-client/org';
import { api } from '../../app/api.ts';

export const org = orgApi(api.request);
export const PAGE_SIZE = 15;

export const orgKeys = {
  scopes: ['org', 'scopes'] as const,
  scopeList: (q: object) => ['org', 'scopes', 'list', q] as const,
  scopeTree: ['org', 'scopes', 'tree'] as const,
  scope: (id: string) => ['org', 'scopes', 'detail', id] as const,
  centers: ['org', 'centers'] as const,
  centerList: (q: object) => ['org', 'centers', 'list', q] as const,
  center: (id: string) => ['org', 'centers', 'detail', id] as const,
  candidates: (kind: 'scope' | 'center', s: string) => ['org', 'candidates', kind, s] as const,
  mine: ['org', 'mine'] as const,
};

export const scopeTypeLabel = (t: TFunction, type: string | null) =>
  type ? t(`org.scopeTypes.${type}`) : t('common.none');
export const centerTypeLabel = (t: TFunction, type: string | null) =>
  type ? t(`org.centerTypes.${type}`) : t('common.none');

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? t('org.status.active') : t('org.status.inactive')}
    </Badge>
  );
}

export function Paging({
  total,
  page,
  onChange,
  label,
}: {
  total: number;
  page: number;
  onChange: (p: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <nav aria-label={label}>
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(p) => onChange(p - 1)}
        getControlProps={(control) => ({ 'aria-label': t(`org.paging.${control}`) })}
        getItemProps={(p) => ({ 'aria-label': t('org.paging.page', { n: p }) })}
      />
    </nav>
  );
}

/** A destructive or state-changing action asks to confirm first. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading,
  color = 'red',
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The center's logo as an object URL (the endpoint needs the bearer token). */
export function useCenterLogo(centerId: string | undefined, hasLogo: boolean, version: string) {
  const q = useQuery({
    queryKey: ['org', 'logo', centerId, version],
    queryFn: async () => (centerId ? fetchCenterLogo(centerId, api.tokens.access()) : null),
    enabled: Boolean(centerId && hasLogo),
    staleTime: Infinity,
    meta: { inlineError: true },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return url;
}

/** Field → message for the server's error (its field, else none). */
export function fieldOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'details' in error) {
    const d = (error as { details?: { field?: string } }).details;
    return d?.field;
  }
  return undefined;
}
