import { Group, NativeSelect, Table, UnstyledButton, type TableThProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nextSort, sortStateOf, type SortOrder } from './list-state.ts';

interface SortableThProps extends Omit<TableThProps, 'children'> {
  label: string;
  /** The sort field (`name` sorts by `name` / `-name`). */
  field: string;
  /** The list's current sort. */
  sort: string;
  onSort: (sort: string) => void;
  /** Direction of the first click (desc: newest first for dates). */
  first?: SortOrder;
}

/**
 * A column header that sorts the list on the server: a button inside the `th` (Enter/Space, focus ring of the theme),
 * `aria-sort` on the `th`, an arrow for sighted users. A click sorts by the column, a second one reverses.
 */
export function SortableTh({ label, field, sort, onSort, first = 'asc', ...th }: SortableThProps) {
  const { t } = useTranslation();
  const state = sortStateOf(sort, field);
  return (
    <Table.Th aria-sort={state} {...th}>
      <UnstyledButton
        onClick={() => onSort(nextSort(sort, field, first))}
        title={t('lists.sortBy', { column: label })}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap', borderRadius: 4 }}
        data-sort={state}
      >
        {label}
        <span
          aria-hidden
          style={{ display: 'inline-block', width: '1.2em', textAlign: 'center', opacity: state === 'none' ? 0.35 : 1 }}
        >
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** "Rows per page": the sizes a list offers; the choice is kept in the URL (`size`). */
export function PageSizeSelect({
  value,
  sizes,
  onChange,
}: {
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <NativeSelect
        label={t('lists.pageSize')}
        size="xs"
        value={String(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        data={sizes.map((s) => ({ value: String(s), label: String(s) }))}
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
      />
    </Group>
  );
}
