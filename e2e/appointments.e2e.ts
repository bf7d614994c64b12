import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');
const TZ = 'Asia/Ho_Chi_Minh';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** dd/MM/yyyy of a day `n` days from today in the demo's zone (the demo doctor works 08:00–12:00 there). */
function dayFromToday(n: number): { ymd: string; typed: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + n * 86_400_000));
  const [y, m, d] = parts.split('-');
  return { ymd: parts, typed: `${d}/${m}/${y}` };
}
const hhmm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

async function staffPage(email: string): Promise<Page> {
  const page = await newPage(browser, baseUrl, { lang: 'en' });
  await page.context().grantPermissions(['camera', 'microphone'], { origin: baseUrl });
  await login(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

type Appt = {
  id: string;
  code: string;
  status: string;
  start: string;
  location: string;
  meetingRoom: string | null;
  diagnosis: string | null;
};

describe('appointments and video visits', () => {
  test('operator books a video visit; the doctor and the patient see it; both join from the browser and see each other; the doctor completes it; the slip prints with the QR', async () => {
    // --- The operator books the demo patient with the demo doctor in a free slot.
    const operator = await staffPage('operator@demo.test');
    await operator
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Appointments', exact: true })
      .click();
    await operator.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    await operator.getByRole('button', { name: 'New appointment', exact: true }).click();
    const dialog = operator.getByRole('dialog', { name: 'New appointment' });
    // Nothing chosen: the form names what is missing.
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect.poll(() => dialog.getByText('Pick a slot').count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Patient' }).fill('DEMO-P0001');
    await operator
      .getByRole('listbox')
      .getByRole('option', { name: /DEMO-P0001/ })
      .click();
    await dialog.getByRole('textbox', { name: 'Doctor' }).click();
    await operator
      .getByRole('listbox')
      .getByRole('option', { name: /Duc Nguyen/ })
      .click();
    const day = dayFromToday(5);
    await dialog.getByRole('textbox', { name: 'Day' }).fill(day.typed);
    const slots = dialog.getByRole('radiogroup', { name: 'Free slots' });
    await slots.waitFor();
    const free = slots.getByRole('radio').and(operator.locator(':not([disabled])'));
    await expect.poll(() => free.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const slotText = (await free.last().innerText()).trim();
    await free.last().click();
    await dialog.getByRole('combobox', { name: 'Location' }).selectOption('ONLINE');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Video follow-up of blood pressure');
    await shot(operator, 'appointments-create');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    const heading = operator.getByRole('heading', { level: 1, name: /^Appointment A-\d{6}$/ });
    await heading.waitFor({ timeout: 15_000 });
    const code = (await heading.innerText()).replace('Appointment ', '').trim();
    const id = operator.url().split('/').pop()!;
    // A portal sign-in ends the same user's earlier one: the API checks use another account.
    const staffToken = await apiToken(baseUrl, 'sysadmin@demo.test', 'portal');
    const booked = await getJson<Appt>(baseUrl, `/api/account/appointments/${id}`, staffToken);
    expect(booked).toMatchObject({ code, status: 'UPCOMING', location: 'ONLINE' });
    expect(hhmm(booked.start)).toBe(slotText);
    await shot(operator, 'appointments-detail');

    // --- The print slip and the QR print: the patient's name, and a QR that opens this appointment.
    await operator.goto(`/appointments/${id}/print`);
    await operator.getByRole('heading', { level: 1, name: 'Appointment slip' }).waitFor();
    expect(await operator.getByRole('table', { name: 'Appointment slip' }).innerText()).toContain('Phuong Hoang');
    const qr = operator.getByRole('img', { name: 'Appointment QR code' });
    await qr.waitFor();
    const src = (await qr.getAttribute('src'))!;
    const png = PNG.sync.read(Buffer.from(src.split(',')[1]!, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${baseUrl}/appointments/${id}`);
    await operator.emulateMedia({ media: 'print' });
    expect(await operator.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    const pdf = await operator.pdf({ format: 'A5' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes('/Subtype /Image') || pdf.includes('/Subtype/Image')).toBe(true);
    await operator.context().close();

    // --- The doctor sees it in their list.
    const doctor = await staffPage('doctor@demo.test');
    await doctor.goto('/appointments');
    await doctor.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    await doctor.getByRole('textbox', { name: 'Search' }).fill(code);
    await expect
      .poll(
        () =>
          doctor
            .getByRole('table', { name: 'Appointments' })
            .getByRole('link', { name: `Open appointment ${code}` })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);

    // --- The patient sees it in the app, then enters the video visit and waits.
    const { context: phoneCtx, page: patient } = await phone(browser, baseUrl);
    await phoneCtx.grantPermissions(['camera', 'microphone', 'notifications'], { origin: baseUrl });
    await signIn(patient, 'patient@demo.test');
    await patient.goto('/app/events?tab=medical');
    await expect
      .poll(() => patient.getByText(`${day.typed} ${slotText}`).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await patient.goto(`/app/visits/${id}`);
    await patient.getByRole('button', { name: 'Join the video visit', exact: true }).click();
    await patient.getByText('Please wait: the doctor will let you in shortly.').waitFor({ timeout: 10_000 });
    const waiting = await getJson<Appt>(baseUrl, `/api/account/appointments/${id}`, staffToken);
    expect(waiting.status).toBe('WAITING_FOR_DOCTOR');
    await shot(patient, 'video-patient-waiting');

    // --- The doctor joins, lets the patient in: both see a connected peer with live video.
    await doctor.goto(`/visits/${id}`);
    await doctor.getByRole('button', { name: 'Join the video visit', exact: true }).click();
    await doctor.getByRole('button', { name: 'Let Phuong Hoang in', exact: true }).click({ timeout: 15_000 });
    await expect
      .poll(() => doctor.getByRole('status').filter({ hasText: 'Connected' }).count(), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => patient.getByRole('status').filter({ hasText: 'Connected' }).count(), { timeout: 20_000 })
      .toBe(1);
    const playing = (p: Page, label: string) =>
      p.getByLabel(label).evaluate((v) => (v as HTMLVideoElement).videoWidth > 0 && !(v as HTMLVideoElement).paused);
    await expect.poll(() => playing(patient, 'Video of Duc Nguyen'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => playing(doctor, 'Video of Phuong Hoang'), { timeout: 15_000 }).toBe(true);
    expect((await getJson<Appt>(baseUrl, `/api/account/appointments/${id}`, staffToken)).status).toBe('PROCESSING');
    await shot(doctor, 'video-doctor-connected');
    await shot(patient, 'video-patient-connected');
    // Camera off and on again.
    await doctor.getByRole('button', { name: 'Turn camera off', exact: true }).click();
    await doctor.getByRole('button', { name: 'Turn camera on', exact: true }).click();

    // --- The doctor leaves and completes it with a diagnosis; the patient is told the call ended.
    await doctor.getByRole('button', { name: 'Leave', exact: true }).click();
    const ask = doctor.getByRole('dialog', { name: 'Complete the appointment now?' });
    await ask.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect.poll(() => ask.getByRole('textbox', { name: 'Diagnosis' }).getAttribute('aria-invalid')).toBe('true');
    expect((await getJson<Appt>(baseUrl, `/api/account/appointments/${id}`, staffToken)).status).toBe('PROCESSING');
    await ask.getByRole('textbox', { name: 'Diagnosis' }).fill('Blood pressure controlled on current treatment');
    await ask.getByRole('button', { name: 'Complete', exact: true }).click();
    await doctor.getByRole('heading', { level: 1, name: `Appointment ${code}` }).waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await getJson<Appt>(baseUrl, `/api/account/appointments/${id}`, staffToken)).status, {
        timeout: 10_000,
      })
      .toBe('COMPLETED');
    expect((await getJson<Appt>(baseUrl, `/api/account/appointments/${id}`, staffToken)).diagnosis).toBe(
      'Blood pressure controlled on current treatment',
    );
    await patient.getByText('The call has ended.').waitFor({ timeout: 15_000 });
    expect(cspViolations()).toEqual([]);
    await phoneCtx.close();
    await doctor.context().close();
  });

  test('the appointment screens in Vietnamese', async () => {
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await login(page, 'operator@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByLabel('Language', { exact: true }).selectOption('vi');
    await page
      .getByRole('navigation', { name: 'Điều hướng chính' })
      .getByRole('link', { name: 'Lịch hẹn', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Lịch hẹn' }).waitFor();
    await page.getByRole('tab', { name: 'Lịch sử' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Lịch hẹn' }).getByText('Hoàn thành').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, 'appointments-history-vi');
    await page.context().close();
  });

  test('the operator moves an appointment to another slot: the old slot is free again, the history says where it went', async () => {
    const admin = await apiToken(baseUrl, 'sysadmin@demo.test', 'portal');
    const [patient] = (
      await getJson<{ items: Array<{ id: string }> }>(baseUrl, '/api/account/patients?search=DEMO-P0001&size=1', admin)
    ).items;
    const doctorId = (
      await getJson<{ items: Array<{ id: string; fullName: string }> }>(baseUrl, '/api/account/doctors', admin)
    ).items.find((d) => d.fullName === 'Duc Nguyen')!.id;
    const day = dayFromToday(4);
    const free = async () =>
      (
        await getJson<{ items: Array<{ id: string; start: string; booked: boolean }> }>(
          baseUrl,
          `/api/account/doctors/${doctorId}/slots?date=${day.ymd}`,
          admin,
        )
      ).items.filter((x) => !x.booked);
    const before = await free();
    const res = await fetch(`${baseUrl}/api/account/appointments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        patientId: patient!.id,
        doctorId,
        slotId: before[0]!.id,
        location: 'AT_THE_CLINIC',
        reason: 'Reschedule walk-through',
      }),
    });
    const { id } = (await res.json()) as { id: string };
    const page = await staffPage('operator@demo.test');
    await page.goto(`/appointments/${id}`);
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to another slot' });
    await dialog.getByRole('textbox', { name: 'Day' }).fill(day.typed);
    const target = dialog
      .getByRole('radiogroup', { name: 'Free slots' })
      .getByRole('radio', { name: hhmm(before[1]!.start), exact: true });
    await target.click();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('table', { name: 'Status history' })
            .getByText(`Moved to ${day.typed} ${hhmm(before[1]!.start)}`, { exact: false })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    const after = await free();
    expect(after.map((x) => x.id)).toContain(before[0]!.id);
    expect(after.map((x) => x.id)).not.toContain(before[1]!.id);
    await shot(page, 'appointments-rescheduled');
    await page.context().close();
  });
});
