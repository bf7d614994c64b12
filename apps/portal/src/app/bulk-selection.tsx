import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TBulkResult } from '@carewatch/contracts/bulk';
import { headerState, selectedIn, summarize, togglePage, toggleRow, type Selection } from './bulk-selection-rules.ts';

/**
 * Row selection of a list page for its bulk actions (issue 20). The selection belongs to the list's query `key`
 * (page, filters, sort): another page or filter starts with none, so no hidden row is ever acted on.
 */
export function useBulkSelection(key: string, pageIds: readonly string[]) {
  const [sel, setSel] = useState<Selection>({ key, ids: new Set() });
  const selected = selectedIn(sel, key);
  return {
    selected,
    ids: [...selected],
    header: headerState(selected, pageIds),
    toggle: (id: string) => setSel({ key, ids: toggleRow(selected, id) }),
    togglePage: () => setSel({ key, ids: togglePage(selected, pageIds) }),
    clear: () => setSel({ key, ids: new Set() }),
  };
}
export type BulkSelection = ReturnType<typeof useBulkSelection>;

/** The header cell: selects every row of the page (or none when all are). */
export function SelectPageTh({ sel }: { sel: BulkSelection }) {
  const { t } = useTranslation();
  return (
    <Table.Th w={44}>
      <Checkbox
        aria-label={t('bulk.selectAll')}
        checked={sel.header.checked}
        indeterminate={sel.header.indeterminate}
        onChange={sel.togglePage}
      />
    </Table.Th>
  );
}

/** A row's cell; its clicks stay in the cell (the row itself opens the record). */
export function SelectRowTd({ sel, id, name }: { sel: BulkSelection; id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Table.Td onClick={(e) => e.stopPropagation()}>
      <Checkbox
        aria-label={t('bulk.selectRow', { name })}
        checked={sel.selected.has(id)}
        onChange={() => sel.toggle(id)}
      />
    </Table.Td>
  );
}

/** "n selected", the page's actions, and clear; shown while rows are selected. */
export function BulkBar({ sel, children }: { sel: BulkSelection; children: ReactNode }) {
  const { t } = useTranslation();
  if (sel.ids.length === 0) return null;
  return (
    <Paper withBorder p="xs" role="region" aria-label={t('bulk.toolbar')}>
      <Group justify="space-between" wrap="wrap">
        <Group wrap="wrap">
          <Text fw={600} size="sm">
            {t('bulk.selected', { count: sel.ids.length })}
          </Text>
          {children}
        </Group>
        <Button variant="subtle" onClick={sel.clear}>
          {t('bulk.clear')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The answer of a bulk call as a toast: n done, m failed with their reasons (error codes, translated). */
export function notifyBulkResult(t: TFunction, r: TBulkResult): void {
  const s = summarize(r);
  const reasons = s.reasons.map((x) =>
    t('bulk.resultReason', {
      reason: t(`errors.${x.code}`, { defaultValue: t('errorFallback.generic') }),
      count: x.count,
    }),
  );
  const message = [
    t('bulk.resultDone', { count: s.done }),
    ...(s.failed ? [`${t('bulk.resultFailed', { count: s.failed })}: ${reasons.join('; ')}`] : []),
  ].join(' · ');
  notifications.show({
    color: s.failed ? 'orange' : 'green',
    title: t('bulk.resultTitle'),
    message,
    autoClose: s.failed ? false : 6000,
  });
}
