import { PassThrough, type Readable } from 'node:stream';
import { formatDateTime } from '@carewatch/i18n/datetime';
import { CURRENCY_MINOR_DIGITS, type TCurrency } from '@carewatch/contracts/billing';
import {
  TRANSACTION_EXPORT_COLUMNS,
  type TTransactionExportColumn,
  type TTransactionExportRequest,
  type TTransactionRow,
} from '@carewatch/contracts/transactions';
import type { AuthedCtx } from '../../platform/context.ts';
import { loadExcel } from '../../platform/lazy.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './transactions.repo.ts';
import { filterOf, readerZone, toRow } from './transactions.service.ts';

type Lang = 'en' | 'vi';
const langOf = (l: string | null | undefined): Lang => ((l ?? 'en').startsWith('vi') ? 'vi' : 'en');

export const EXPORT_HEADERS: Record<Lang, Record<TTransactionExportColumn, string>> = {
  en: {
    code: 'Order code',
    createdAt: 'Time',
    paidAt: 'Paid at',
    customerName: 'Customer',
    phone: 'Phone',
    packageName: 'Package',
    category: 'Category',
    itemType: 'Item type',
    provider: 'Payment method',
    channel: 'Channel',
    amount: 'Amount',
    tax: 'Tax',
    total: 'Total amount',
    currency: 'Currency',
    status: 'Status',
    referenceId: 'Reference id',
    merchant: 'Merchant',
    responseCode: 'Response code',
    responseMessage: 'Response message',
  },
  vi: {
    code: 'Mã đơn hàng',
    createdAt: 'Thời gian',
    paidAt: 'Thời gian thanh toán',
    customerName: 'Khách hàng',
    phone: 'Số điện thoại',
    packageName: 'Gói dịch vụ',
    category: 'Danh mục',
    itemType: 'Loại mục',
    provider: 'Phương thức thanh toán',
    channel: 'Kênh',
    amount: 'Số tiền',
    tax: 'Thuế',
    total: 'Tổng tiền',
    currency: 'Tiền tệ',
    status: 'Trạng thái',
    referenceId: 'Mã tham chiếu',
    merchant: 'Đơn vị chấp nhận',
    responseCode: 'Mã phản hồi',
    responseMessage: 'Thông điệp phản hồi',
  },
};
const STATUS: Record<Lang, readonly string[]> = {
  en: ['Failed', 'Pending', 'Success', 'Refund'],
  vi: ['Thất bại', 'Đang chờ', 'Thành công', 'Hoàn tiền'],
};
const CATEGORY: Record<Lang, Record<TTransactionRow['category'], string>> = {
  en: { plan: 'Service plan', addon: 'Add-on pack' },
  vi: { plan: 'Gói dịch vụ', addon: 'Gói bổ sung' },
};

/**
 * Minor units → the amount in major units as a spreadsheet number (VND has no minor unit: 140000 stays 140000; 1234
 * USD cents → 12.34). Built from the decimal digits, never by dividing a float.
 */
export function majorUnits(minor: number, currency: TCurrency): number {
  const digits = CURRENCY_MINOR_DIGITS[currency];
  if (digits === 0) return minor;
  const neg = minor < 0;
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return Number(`${neg ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`);
}
const MONEY_FORMAT: Record<TCurrency, string> = { VND: '#,##0', USD: '#,##0.00', CAD: '#,##0.00' };
const MONEY_COLUMNS: ReadonlySet<TTransactionExportColumn> = new Set(['amount', 'tax', 'total']);

type Full = TTransactionRow & {
  referenceId: string | null;
  merchant: string | null;
  responseCode: string | null;
  responseMessage: string | null;
};
function cell(r: Full, c: TTransactionExportColumn, l: Lang, tz: string): string | number {
  switch (c) {
    case 'code':
      return r.code;
    case 'createdAt':
      return formatDateTime(r.createdAt, tz);
    case 'paidAt':
      return r.paidAt ? formatDateTime(r.paidAt, tz) : '';
    case 'customerName':
      return r.customerName;
    case 'phone':
      return r.phone ?? '';
    case 'packageName':
      return r.packageName;
    case 'category':
      return CATEGORY[l][r.category];
    case 'itemType':
      return r.itemType;
    case 'provider':
      return r.provider ?? '';
    case 'channel':
      return r.channel;
    case 'amount':
      return majorUnits(r.amountMinor, r.currency);
    case 'tax':
      return majorUnits(r.taxMinor, r.currency);
    case 'total':
      return majorUnits(r.totalMinor, r.currency);
    case 'currency':
      return r.currency;
    case 'status':
      return STATUS[l][r.status] ?? String(r.status);
    case 'referenceId':
      return r.referenceId ?? '';
    case 'merchant':
      return r.merchant ?? '';
    case 'responseCode':
      return r.responseCode ?? '';
    case 'responseMessage':
      return r.responseMessage ?? '';
  }
}

/**
 * The transactions of the chosen channel, days (the reader's, inclusive) and filters as .xlsx with the chosen
 * attributes in a fixed order; read in keyset chunks and written with exceljs' streaming writer (bounded memory).
 * Amounts are numbers in major units formatted for their currency; times dd/MM/yyyy HH:mm:ss in the reader's zone.
 */
export async function exportTransactions(
  ctx: AuthedCtx,
  q: TTransactionExportRequest,
): Promise<{ stream: Readable; name: string }> {
  const t = ctx.auth.tenantId;
  const tz = await readerZone(ctx);
  const l = langOf(ctx.auth.language);
  const columns = TRANSACTION_EXPORT_COLUMNS.filter((c) => q.attributes.includes(c));
  const f = filterOf({ ...q, channel: q.channel === 'ALL' ? undefined : q.channel }, tz);
  await audit(ctx, {
    action: 'transaction.export',
    resource: 'transaction',
    details: {
      channel: q.channel,
      from: q.from,
      to: q.to,
      status: q.status,
      provider: q.provider ?? null,
      attributes: columns.length,
      search: q.search ? true : false,
    },
  });
  const out = new PassThrough();
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(l === 'vi' ? 'Giao dịch' : 'Transactions');
  void (async () => {
    ws.addRow(columns.map((c) => EXPORT_HEADERS[l][c])).commit();
    for await (const chunk of repo.exportTransactions(ctx.db, t, f)) {
      for (const r of chunk) {
        const full: Full = {
          ...toRow(r, ctx.auth.language),
          referenceId: r.provider_ref,
          merchant: r.merchant,
          responseCode: r.response_code,
          responseMessage: r.response_message,
        };
        const row = ws.addRow(columns.map((c) => cell(full, c, l, tz)));
        columns.forEach((c, i) => {
          if (MONEY_COLUMNS.has(c)) row.getCell(i + 1).numFmt = MONEY_FORMAT[full.currency];
        });
        row.commit();
      }
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error('export failed')));
  return { stream: out, name: `transactions-${q.from}-${q.to}.xlsx` };
}
