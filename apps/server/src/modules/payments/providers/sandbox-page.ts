import type { TOrder } from '@carewatch/contracts/billing';
import { formatMoney } from '@carewatch/i18n/money';
import type { SandboxCallback } from './sandbox.ts';

/**
 * The sandbox pay page: server-rendered, no script (the CSP allows none inline), two forms posting the signed
 * callbacks to our own origin (form-action 'self'). Texts in the customer's language (en, vi).
 */
type Lang = 'en' | 'vi';
const TEXTS: Record<
  Lang,
  Record<
    | 'title'
    | 'intro'
    | 'order'
    | 'item'
    | 'amount'
    | 'pay'
    | 'decline'
    | 'notFound'
    | 'notFoundText'
    | 'settled'
    | 'settledText'
    | 'seeResult'
    | 'backToApp',
    string
  >
> = {
  en: {
    title: 'CareWatch test payment',
    intro:
      'This is the sandbox payment page: no money is taken. Choose Pay to complete the payment or Decline to refuse it.',
    order: 'Order',
    item: 'Item',
    amount: 'Amount',
    pay: 'Pay',
    decline: 'Decline',
    notFound: 'Payment not found',
    notFoundText: 'This payment link is not valid or has been used. Go back to the app and try again.',
    settled: 'This payment is finished',
    settledText: 'Nothing more to do on this page.',
    seeResult: 'See the result in the app',
    backToApp: 'Back to the app',
  },
  vi: {
    title: 'Thanh toán thử nghiệm CareWatch',
    intro:
      'Đây là trang thanh toán thử nghiệm (sandbox): không có tiền nào bị trừ. Chọn Thanh toán để hoàn tất hoặc Từ chối để hủy.',
    order: 'Đơn hàng',
    item: 'Mục',
    amount: 'Số tiền',
    pay: 'Thanh toán',
    decline: 'Từ chối',
    notFound: 'Không tìm thấy giao dịch',
    notFoundText: 'Liên kết thanh toán không hợp lệ hoặc đã được sử dụng. Hãy quay lại ứng dụng và thử lại.',
    settled: 'Giao dịch này đã hoàn tất',
    settledText: 'Không cần làm gì thêm trên trang này.',
    seeResult: 'Xem kết quả trong ứng dụng',
    backToApp: 'Quay lại ứng dụng',
  },
};

/** ?lang first, then the Accept-Language header; English otherwise. */
export function pageLang(lang: string | undefined, acceptLanguage: string | undefined): Lang {
  const l = (lang || acceptLanguage?.split(',')[0] || '').trim().toLowerCase();
  return l.startsWith('vi') ? 'vi' : 'en';
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const shell = (lang: Lang, title: string, body: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;margin:0;padding:24px;color:#1a1b1e}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:1.3rem;margin:0 0 8px}p{line-height:1.5}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#555}dd{margin:0;font-weight:600}
.row{display:flex;gap:12px;margin-top:20px}form{flex:1}button{width:100%;font-size:1rem;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1c7ed6;color:#fff}.decline{background:#e9ecef;color:#1a1b1e}
</style></head><body><main>${body}</main></body></html>`;

const hidden = (c: SandboxCallback) =>
  (Object.entries(c) as Array<[string, string]>)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

export function renderPayPage(lang: Lang, order: TOrder, pay: SandboxCallback, decline: SandboxCallback): string {
  const t = TEXTS[lang];
  return shell(
    lang,
    t.title,
    `<h1>${esc(t.title)}</h1><p>${esc(t.intro)}</p>
<dl><dt>${esc(t.order)}</dt><dd>${esc(order.code)}</dd><dt>${esc(t.item)}</dt><dd>${esc(order.packageName)}</dd>
<dt>${esc(t.amount)}</dt><dd>${esc(formatMoney(order.totalMinor, order.currency, lang))}</dd></dl>
<div class="row"><form method="post" action="/api/payments/sandbox/callback">${hidden(pay)}<button class="pay" type="submit">${esc(t.pay)}</button></form>
<form method="post" action="/api/payments/sandbox/callback">${hidden(decline)}<button class="decline" type="submit">${esc(t.decline)}</button></form></div>`,
  );
}

export function renderNotFound(lang: Lang): string {
  const t = TEXTS[lang];
  return shell(
    lang,
    t.notFound,
    `<h1>${esc(t.notFound)}</h1><p>${esc(t.notFoundText)}</p><p><a href="/app/subscription">${esc(t.backToApp)}</a></p>`,
  );
}

/** The link of an order already paid or declined (Back after paying): where to see its result. */
export function renderSettled(lang: Lang, resultHref: string): string {
  const t = TEXTS[lang];
  return shell(
    lang,
    t.settled,
    `<h1>${esc(t.settled)}</h1><p>${esc(t.settledText)}</p><p><a href="${esc(resultHref)}">${esc(t.seeResult)}</a></p>`,
  );
}
