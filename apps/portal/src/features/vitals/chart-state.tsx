import type { ReactNode } from 'react';
import { Center, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@carewatch/web/states';

/** Loading skeleton, error with retry, empty state or the chart, for one query. */
export function ChartState<T>({
  query,
  empty,
  emptyText,
  label,
  children,
  height = 320,
}: {
  query: UseQueryResult<T>;
  empty: (data: T) => boolean;
  emptyText: string;
  label: string;
  children: (data: T) => ReactNode;
  height?: number;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Skeleton
        height={height}
        role="status"
        aria-busy="true"
        aria-label={t('vitals.loadingChart', { metric: label })}
      />
    );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (empty(query.data)) {
    return (
      <Center h={Math.min(height, 160)} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
        <Text c="dimmed" role="status">
          {emptyText}
        </Text>
      </Center>
    );
  }
  return <>{children(query.data)}</>;
}
