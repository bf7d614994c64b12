import { describe, expect, test } from 'vitest';
import { countGroups, matchSettlement, type OurOrder, type SettlementLine } from './reconcile-match.ts';
import {
  looksLikeText,
  mapHeader,
  parseAmountMinor,
  parseCsv,
  parseSettlementDay,
  readSettlementRows,
} from './settlement-file.ts';

const order = (code: string, totalMinor: number, status: OurOrder['status'] = 2, paidDay = '2026-11-20'): OurOrder => ({
  id: `id-${code}`,
  code,
  status,
  totalMinor,
  providerRef: `ref-${code}`,
  paidDay,
});
const line = (n: number, orderCode: string, amountMinor: number): SettlementLine => ({
  line: n,
  orderCode,
  amountMinor,
  providerRef: `p${n}`,
  date: '2026-11-20',
});

describe('matchSettlement', () => {
  test('sorts one of each group', () => {
    const a = order('CW261120AAAA0001', 140_000);
    const b = order('CW261120BBBB0002', 120_000);
    const c = order('CW261120CCCC0003', 96_000);
    const lines = [
      line(2, 'CW261120AAAA0001', 140_000),
      line(3, 'CW261120BBBB0002', 100_000),
      line(4, 'CW261120ZZZZ9999', 50_000),
    ];
    const items = matchSettlement(lines, [a, b], [a, b, c]);
    expect(items.map((i) => [i.group, i.orderCode, i.line])).toEqual([
      ['matched', a.code, 2],
      ['amount_mismatch', b.code, 3],
      ['missing_ours', 'CW261120ZZZZ9999', 4],
      ['missing_theirs', c.code, null],
    ]);
    expect(items[1]).toMatchObject({ fileAmountMinor: 100_000, ourAmountMinor: 120_000, orderId: b.id });
    expect(items[2]).toMatchObject({ orderId: null, ourStatus: null, ourAmountMinor: null });
    expect(items[3]).toMatchObject({
      fileAmountMinor: null,
      ourAmountMinor: 96_000,
      providerRef: c.providerRef,
      date: '2026-11-20',
    });
    expect(countGroups(items)).toEqual({ matched: 1, missing_ours: 1, missing_theirs: 1, amount_mismatch: 1 });
  });

  test('an order that is not successful here is missing on our side, with our status', () => {
    for (const status of [0, 1, 3] as const) {
      const o = order('CW1', 10, status);
      const [item] = matchSettlement([line(2, 'CW1', 10)], [o], []);
      expect(item).toMatchObject({ group: 'missing_ours', orderId: o.id, ourStatus: status, ourAmountMinor: 10 });
    }
  });

  test('codes compare without case or blanks; the order keeps our spelling', () => {
    const o = order('CW261120AbCd0001', 5);
    const items = matchSettlement([line(2, ' cw261120abcd0001 ', 5)], [o], [o]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ group: 'matched', orderCode: 'CW261120AbCd0001' });
  });

  test('only successful orders of the period can be missing on theirs, sorted by day then code', () => {
    const items = matchSettlement(
      [],
      [],
      [
        order('B', 1, 2, '2026-11-21'),
        order('A', 1, 2, '2026-11-21'),
        order('C', 1, 1),
        order('D', 1, 2, '2026-11-19'),
      ],
    );
    expect(items.map((i) => i.orderCode)).toEqual(['D', 'A', 'B']);
    expect(items.every((i) => i.group === 'missing_theirs')).toBe(true);
  });

  test('an empty file against no orders gives nothing', () => {
    expect(matchSettlement([], [], [])).toEqual([]);
  });
});

describe('settlement file', () => {
  test('amounts become minor units without floating point', () => {
    expect(parseAmountMinor('140000', 'VND')).toBe(140_000);
    expect(parseAmountMinor('140,000', 'VND')).toBe(140_000);
    expect(parseAmountMinor('140000.00', 'VND')).toBe(140_000);
    expect(parseAmountMinor('140000.5', 'VND')).toBeNull();
    expect(parseAmountMinor('12.34', 'USD')).toBe(1234);
    expect(parseAmountMinor('0.1', 'USD')).toBe(10);
    expect(parseAmountMinor('1,234.5', 'CAD')).toBe(123_450);
    expect(parseAmountMinor('12.345', 'USD')).toBeNull();
    expect(parseAmountMinor('-5', 'VND')).toBeNull();
    expect(parseAmountMinor('1e5', 'VND')).toBeNull();
    expect(parseAmountMinor('', 'VND')).toBeNull();
    expect(parseAmountMinor('12,34', 'USD')).toBeNull();
    expect(parseAmountMinor('99999999999999999999', 'VND')).toBeNull();
  });

  test('dates in the usual spellings, real calendar days only', () => {
    expect(parseSettlementDay('2026-11-20')).toBe('2026-11-20');
    expect(parseSettlementDay('2026-11-20T23:10:00+07:00')).toBe('2026-11-20');
    expect(parseSettlementDay('20/11/2026')).toBe('2026-11-20');
    expect(parseSettlementDay('5/1/2026 08:00')).toBe('2026-01-05');
    expect(parseSettlementDay('20261120143000')).toBe('2026-11-20');
    expect(parseSettlementDay('46346')).toBe('2026-11-20');
    expect(parseSettlementDay('2026-02-30')).toBeNull();
    expect(parseSettlementDay('yesterday')).toBeNull();
  });

  test('headers in any order and several spellings', () => {
    expect(mapHeader(['Date', 'Provider reference', 'Amount', 'Order code'])).toEqual({
      ok: true,
      index: { date: 0, providerRef: 1, amount: 2, orderCode: 3 },
    });
    expect(mapHeader(['Mã đơn hàng', 'Số tiền', 'Mã giao dịch', 'Ngày'])).toMatchObject({ ok: true });
    expect(mapHeader(['order_code', 'amount'])).toEqual({ ok: false, missing: ['providerRef', 'date'] });
  });

  test('CSV: quotes, escaped quotes, CRLF, semicolons, BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x,1","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x,1', 'say "hi"'],
    ]);
    expect(parseCsv('a;b\n1,5;2')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });

  test('bad lines are all listed with their reasons', () => {
    const rows = parseCsv(
      'order code,amount,provider reference,date\nCW1,100,r1,2026-11-20\n,abc,r2,2026-13-01\n\nCW1,100,r3,2026-11-20\n',
    ).map((cells, i) => ({ line: i + 1, cells }));
    const out = readSettlementRows(rows, 'VND', 100);
    expect(out.ok).toBe(false);
    if (out.ok || out.reason !== 'lines') throw new Error('expected bad lines');
    expect(out.bad.map((b) => b.line)).toEqual([3, 5]);
    expect(out.bad[0]!.problems).toEqual(['code_missing', 'amount_invalid', 'date_invalid']);
    expect(out.bad[1]).toMatchObject({ problems: ['code_repeated'], repeatOf: 2 });
    expect(out.bad[0]!.reason).toContain('order code missing');
    expect(out.bad[0]!.reason).toContain('amount');
    expect(out.bad[0]!.reason).toContain('date');
    expect(out.bad[1]!.reason).toContain('repeated (line 2)');
  });

  test('a code repeated after a bad line is flagged too (the file is fixed in one go)', () => {
    const rows = parseCsv('order code,amount,reference,date\nCW1,x,r,2026-11-20\ncw1,100,r,2026-11-20\n').map(
      (cells, i) => ({ line: i + 1, cells }),
    );
    const out = readSettlementRows(rows, 'VND', 100);
    expect(out).toMatchObject({
      ok: false,
      reason: 'lines',
      bad: [
        { line: 2, problems: ['amount_invalid'] },
        { line: 3, problems: ['code_repeated'], repeatOf: 2 },
      ],
    });
  });

  test('good file, empty file, missing header column, too many lines', () => {
    const rows = (text: string) => parseCsv(text).map((cells, i) => ({ line: i + 1, cells }));
    expect(
      readSettlementRows(rows('Order code,Amount,Reference,Date\nCW1,"140,000",R1,20/11/2026\n'), 'VND', 10),
    ).toEqual({
      ok: true,
      lines: [{ line: 2, orderCode: 'CW1', amountMinor: 140_000, providerRef: 'R1', date: '2026-11-20' }],
    });
    expect(readSettlementRows(rows(''), 'VND', 10)).toEqual({ ok: false, reason: 'empty' });
    expect(readSettlementRows(rows('order code,amount,reference,date\n'), 'VND', 10)).toEqual({
      ok: false,
      reason: 'empty',
    });
    expect(readSettlementRows(rows('order code,amount\nCW1,1\n'), 'VND', 10)).toEqual({
      ok: false,
      reason: 'header',
      missing: ['providerRef', 'date'],
    });
    expect(
      readSettlementRows(rows('order code,amount,reference,date\nA,1,r,2026-01-01\nB,1,r,2026-01-01\n'), 'VND', 1),
    ).toEqual({ ok: false, reason: 'too_many' });
  });

  test('text sniffing refuses binary content', () => {
    expect(looksLikeText(Buffer.from('order code,amount\n'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
  });
});
