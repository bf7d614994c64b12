/** Subscription notices (sent by the server, so written here in the recipient's language). */
type Lang = 'en' | 'vi';
const langOf = (l: string | null | undefined): Lang => ((l ?? 'en').startsWith('vi') ? 'vi' : 'en');

function day(d: Date, tz: string, l: Lang): string {
  try {
    return new Intl.DateTimeFormat(l === 'vi' ? 'vi-VN' : 'en-GB', {
      timeZone: tz,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(d);
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

/** "About to expire": 7 days and 1 day before the end. */
export function expiryNoticeText(
  lang: string | null,
  tz: string,
  v: { packageName: string; endsAt: Date; days: 7 | 1 },
): { title: string; body: string } {
  const l = langOf(lang);
  const end = day(v.endsAt, tz, l);
  if (l === 'vi') {
    return {
      title: `Gói ${v.packageName} sắp hết hạn`,
      body: `Gói ${v.packageName} của bạn sẽ hết hạn ${v.days === 1 ? 'sau 1 ngày' : 'sau 7 ngày'} (${end}). Gia hạn trong ứng dụng để tiếp tục sử dụng.`,
    };
  }
  return {
    title: `Your ${v.packageName} plan is about to expire`,
    body: `Your ${v.packageName} plan ends in ${v.days === 1 ? '1 day' : '7 days'} (${end}). Extend it in the app to keep its features.`,
  };
}

/** The plan ended: the account is back on Zero. */
export function expiredText(lang: string | null, v: { packageName: string }): { title: string; body: string } {
  return langOf(lang) === 'vi'
    ? {
        title: `Gói ${v.packageName} đã hết hạn`,
        body: 'Tài khoản của bạn đã trở về gói Zero. Cảnh báo và SOS vẫn hoạt động như bình thường.',
      }
    : {
        title: `Your ${v.packageName} plan has expired`,
        body: 'Your account is back on the Zero package. Alerts and SOS keep working as before.',
      };
}
