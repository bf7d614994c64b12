import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, login as loginAs, navLinks, newPage, shot } from './browser.ts';

const login = (page: Page, email: string, password = PASSWORD, tenant?: string) =>
  loginAs(page, email, { password, tenant });

const PASSWORD = 'CareWatch@2026';
let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('portal', () => {
  test.each([
    [
      'superadmin@demo.test',
      [
        'Dashboard',
        'Worklist',
        'Patients',
        'Devices',
        'Watch firmware',
        'Patients in SOS',
        'SOS cases',
        'Alerts',
        'Threshold defaults',
        'Tickets',
        'Appointments',
        'Adherence',
        'My calendar',
        'Work calendar',
        'Schedule approvals',
        'Schedule report',
        'Doctor requests',
        'Patient requests',
        'Doctor directory',
        'Scopes',
        'Health centers',
        'My organization',
        'Tenants',
        'Tenant requests',
        'Tenant settings',
        'Staff',
        'Doctors',
        'Customer care',
        'Deactivation requests',
        'Audit log',
        'Registrations',
        'Roles & permissions',
        'Webhooks',
        'Packages',
        'Add-on packs',
        'Code packages',
        'Transactions',
        'Reconciliation',
        'Payment methods',
        'SMS management',
        'Call management',
        'Notifications',
        'Messages',
        'Announcements',
        'Ratings and reviews',
        'Feedback',
        'Account settings',
      ],
    ],
    [
      'doctor@demo.test',
      [
        'Dashboard',
        'Worklist',
        'Patients',
        'Devices',
        'Patients in SOS',
        'SOS cases',
        'Alerts',
        'Threshold defaults',
        'Tickets',
        'Appointments',
        'Adherence',
        'My calendar',
        'Work calendar',
        'Schedule report',
        'Doctor requests',
        'Patient requests',
        'Doctor directory',
        'Account settings',
      ],
    ],
    [
      'cskh@demo.test',
      [
        'Dashboard',
        'Worklist',
        'Patients',
        'Devices',
        'Patients in SOS',
        'SOS cases',
        'Alerts',
        'Tickets',
        'Adherence',
        'Transactions',
        'SMS management',
        'Call management',
        'Messages',
        'Ratings and reviews',
        'Feedback',
        'Account settings',
      ],
    ],
    [
      'operator@demo2.test',
      [
        'Dashboard',
        'Worklist',
        'Patients',
        'Devices',
        'Patients in SOS',
        'SOS cases',
        'Alerts',
        'Tickets',
        'Appointments',
        'Adherence',
        'Work calendar',
        'Schedule report',
        'Doctor requests',
        'Patient requests',
        'Doctor directory',
        'My organization',
        'Staff',
        'Doctors',
        'Customer care',
        'Account settings',
      ],
    ],
  ])('%s sees the menu of their role', async (email, expected) => {
    const page = await newPage(browser, baseUrl);
    await login(page, email, PASSWORD, email.endsWith('demo2.test') ? 'demo2' : 'demo');
    await expect.poll(() => navLinks(page)).toEqual(expected);
    // Every role listed here may read the worklist: it is their home after signing in (issue 20).
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe('Triage worklist');
    await shot(page, `menu-${email.split('@')[0]}`);
    await page.context().close();
  });

  test('a wrong password shows the error and stays on the login page', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'doctor@demo.test', 'Wrong@2026');
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Wrong login information!');
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'login-wrong');
    await page.context().close();
  });

  test('a disallowed page shows page-not-found', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'doctor@demo.test');
    await navLinks(page);
    await page.goto('/roles');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await page.context().close();
  });

  test('switching to Vietnamese changes the labels, on the login page and inside', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByLabel('Language', { exact: true }).selectOption('vi');
    await expect.poll(() => page.getByRole('button', { name: 'Đăng nhập', exact: true }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Email hoặc số điện thoại', exact: true }).fill('superadmin@demo.test');
    await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await nav.waitFor();
    await expect
      .poll(async () => (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim()))
      .toEqual([
        'Bảng điều khiển',
        'Danh sách xử lý',
        'Bệnh nhân',
        'Thiết bị',
        'Phần mềm đồng hồ',
        'Bệnh nhân đang SOS',
        'Ca SOS',
        'Cảnh báo',
        'Ngưỡng mặc định',
        'Phiếu yêu cầu',
        'Lịch hẹn',
        'Tuân thủ dùng thuốc',
        'Lịch của tôi',
        'Lịch làm việc',
        'Duyệt lịch làm việc',
        'Báo cáo lịch làm việc',
        'Yêu cầu bác sĩ',
        'Yêu cầu bệnh nhân',
        'Danh bạ bác sĩ',
        'Phạm vi',
        'Cơ sở y tế',
        'Tổ chức của tôi',
        'Tổ chức',
        'Yêu cầu tổ chức',
        'Cài đặt tổ chức',
        'Nhân sự',
        'Bác sĩ',
        'Chăm sóc khách hàng',
        'Yêu cầu vô hiệu hóa',
        'Nhật ký kiểm toán',
        'Đăng ký chờ duyệt',
        'Vai trò & quyền',
        'Webhook',
        'Gói dịch vụ',
        'Gói bổ sung',
        'Gói mã',
        'Giao dịch',
        'Đối soát',
        'Phương thức thanh toán',
        'Quản lý SMS',
        'Quản lý cuộc gọi',
        'Thông báo',
        'Tin nhắn',
        'Thông cáo',
        'Đánh giá và nhận xét',
        'Góp ý',
        'Cài đặt tài khoản',
      ]);
    await shot(page, 'dashboard-vi');

    // A reload starts in Vietnamese with its texts downloaded beside the entry script (the catalogue's JSON, asked for
    // by the page's first script), not as a chunk asked for after the entry ran; English is not downloaded at all.
    await page.reload();
    await nav.waitFor();
    expect(await navLinks(page, 'Điều hướng chính')).toContain('Bảng điều khiển');
    const downloads = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(downloads.filter((p) => /\/catalogue-[a-z-]+-[0-9a-f]+\.json$/.test(p))).toEqual([
      expect.stringMatching(/\/assets\/catalogue-vi-[0-9a-f]+\.json$/),
    ]);
    expect(downloads.filter((p) => /\/assets\/portal-(en|vi)-[\w-]+\.js$/.test(p))).toEqual([]);

    await page.getByLabel('Ngôn ngữ', { exact: true }).selectOption('en');
    await expect.poll(() => navLinks(page)).toContain('Account settings');
    await page.context().close();
  });

  test('a health-center admin of two centers picks a level, then can switch', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'mhscadmin@demo.test');
    await expect.poll(() => page.getByText('Le Chan Health Center').count()).toBeGreaterThan(0);
    await shot(page, 'level-chooser');
    await page.getByRole('button', { name: /^Choose level .*Le Chan/ }).click();
    await navLinks(page);
    await expect.poll(() => page.getByTestId('current-level').innerText()).toContain('Le Chan');
    await page.context().close();
  });

  test('OTP login: the code is masked under Messages; the super admin reveals it there', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'One-time code', exact: true }).click();
    await page.getByRole('textbox', { name: 'Email or phone', exact: true }).fill('assistant@demo.test');
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await page.getByRole('textbox', { name: 'Verification code', exact: true }).waitFor();
    // The super admin's Messages screen: the code is masked until revealed (the server audits the reveal).
    const admin = await newPage(browser, baseUrl);
    await login(admin, 'superadmin@demo.test');
    await admin.getByRole('link', { name: 'Messages', exact: true }).click();
    await admin.getByRole('searchbox', { name: 'Search messages' }).fill('assistant@demo.test');
    const row = admin.getByRole('row').filter({ hasText: 'assistant@demo.test' }).first();
    await expect.poll(() => row.innerText()).toContain('••••••');
    expect(await row.innerText()).not.toMatch(/\b\d{6}\b/);
    await row.getByRole('button', { name: 'Reveal the code sent to assistant@demo.test' }).click();
    await expect.poll(async () => /\b(\d{6})\b/.exec(await row.innerText())?.[1] ?? '').toMatch(/^\d{6}$/);
    const code = /\b(\d{6})\b/.exec(await row.innerText())![1]!;
    await shot(admin, 'messages-revealed');
    await admin.context().close();
    await page.getByRole('textbox', { name: 'Verification code', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify and log in', exact: true }).click();
    await expect
      .poll(() => navLinks(page))
      .toEqual([
        'Dashboard',
        'Worklist',
        'Patients',
        'Devices',
        'Patients in SOS',
        'SOS cases',
        'Alerts',
        'Threshold defaults',
        'Tickets',
        'Appointments',
        'Adherence',
        'My calendar',
        'Work calendar',
        'Schedule report',
        'Doctor directory',
        'Account settings',
      ]);
    await page.context().close();
  });

  test('a phone-sized screen gets the desktop-only notice', async () => {
    const page = await newPage(browser, baseUrl, { width: 390, height: 800 });
    await page.goto('/login');
    await expect
      .poll(() => page.getByText('This portal is designed for desktop', { exact: false }).count())
      .toBeGreaterThan(0);
    await shot(page, 'desktop-only');
    await page.context().close();
  });

  test('the API docs and the patient app shell are served', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/api/docs');
    await expect.poll(() => page.getByText('CareWatch API').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goto('/app/');
    await expect.poll(() => page.getByRole('heading', { name: 'CareWatch' }).count(), { timeout: 15_000 }).toBe(1);
    await page.context().close();
    // Every page of this spec (portal screens, the docs, the app shell) ran under the server's CSP without a refusal.
    expect(cspViolations()).toEqual([]);
  });
});
