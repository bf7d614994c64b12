import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { TRANSACTION_EXPORT_COLUMNS, ZTransactionExportRequest } from '@carewatch/contracts/transactions';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  DEFAULT_EXPORT_ATTRIBUTES,
  exportBody,
  exportErrorKey,
  exportErrors,
  fileNameOf,
  orderedColumns,
  selectAllBox,
  txStatusBadge,
} from './transactions-rules.ts';

describe('transaction status', () => {
  test('failed red, pending yellow, success green, refund grey — labelled in both languages', () => {
    expect([0, 1, 2, 3].map((s) => txStatusBadge(s as 0 | 1 | 2 | 3))).toEqual([
      { labelKey: 'transactions.status.failed', color: 'red' },
      { labelKey: 'transactions.status.pending', color: 'yellow' },
      { labelKey: 'transactions.status.success', color: 'green' },
      { labelKey: 'transactions.status.refund', color: 'gray' },
    ]);
    for (const s of [0, 1, 2, 3] as const) expect(hasKey(txStatusBadge(s).labelKey, 'vi')).toBe(true);
  });
});

describe('the export dialog', () => {
  test('it opens with ten columns ticked, all of them real columns', () => {
    expect(DEFAULT_EXPORT_ATTRIBUTES).toHaveLength(10);
    expect(DEFAULT_EXPORT_ATTRIBUTES.every((c) => (TRANSACTION_EXPORT_COLUMNS as readonly string[]).includes(c))).toBe(
      true,
    );
  });

  test('empty choices are missing; a full dialog passes the contract', () => {
    expect(exportBody({ channel: '', from: '', to: '', attributes: [] })).toEqual({
      channel: undefined,
      from: undefined,
      to: undefined,
      attributes: [],
    });
    const ok = ZTransactionExportRequest.safeParse(
      exportBody({ channel: 'APP', from: '2030-01-01', to: '2030-01-31', attributes: DEFAULT_EXPORT_ATTRIBUTES }),
    );
    expect(ok.success).toBe(true);
  });

  test('an empty dialog names every field once, with its own message', () => {
    const bad = ZTransactionExportRequest.safeParse(exportBody({ channel: '', from: '', to: '', attributes: [] }));
    expect(exportErrors(bad.error!.issues, '', '')).toEqual({
      channel: 'transactions.export.required',
      from: 'transactions.export.required',
      to: 'transactions.export.required',
      attributes: 'transactions.export.atLeastOne',
    });
  });

  test('days out of order are named on the end day', () => {
    const bad = ZTransactionExportRequest.safeParse(
      exportBody({ channel: 'ALL', from: '2030-02-01', to: '2030-01-01', attributes: ['code'] }),
    );
    const errors = exportErrors(bad.error!.issues, '2030-02-01', '2030-01-01');
    expect(errors).toEqual({ to: 'transactions.list.toBeforeFrom' });
    expect(exportErrorKey('to', '2030-01-01', '2030-02-01')).toBe('transactions.export.required');
    expect(portalT('en')(errors.to!)).not.toBe(errors.to);
    expect(portalT('vi')(errors.to!)).not.toBe(portalT('en')(errors.to!));
  });

  test('ticked columns go in the file’s order, unknown values dropped', () => {
    expect(orderedColumns(['status', 'code', 'total'])).toEqual(['code', 'total', 'status']);
    expect(orderedColumns(['nope'])).toEqual([]);
  });

  test('select all: ticked with every column, half-ticked with some, clear with none', () => {
    expect(selectAllBox([...TRANSACTION_EXPORT_COLUMNS])).toEqual({ checked: true, indeterminate: false });
    expect(selectAllBox(['code'])).toEqual({ checked: false, indeterminate: true });
    expect(selectAllBox([])).toEqual({ checked: false, indeterminate: false });
  });

  test('property: ordering any ticked subset keeps exactly its columns, in the file order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...TRANSACTION_EXPORT_COLUMNS]), (ticked) => {
        const out = orderedColumns(ticked);
        expect(new Set(out)).toEqual(new Set(ticked));
        expect(out).toEqual(TRANSACTION_EXPORT_COLUMNS.filter((c) => out.includes(c)));
      }),
    );
  });
});

describe('downloaded file names', () => {
  test('the encoded name first, then the plain one, else the fallback', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''giao-d%E1%BB%8Bch.xlsx", 'x.xlsx')).toBe('giao-dịch.xlsx');
    expect(fileNameOf('attachment; filename="transactions-2030.xlsx"', 'x.xlsx')).toBe('transactions-2030.xlsx');
    expect(fileNameOf('attachment; filename=report.xlsx', 'x.xlsx')).toBe('report.xlsx');
    expect(fileNameOf('attachment', 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });

  test('a badly encoded name is kept as sent rather than failing the download', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''bad%E0.xlsx", 'x.xlsx')).toBe('bad%E0.xlsx');
  });
});
