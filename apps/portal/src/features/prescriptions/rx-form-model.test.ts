import { describe, expect, test } from 'vitest';
import { ZPrescription, ZPrescriptionRequest } from '@carewatch/contracts/prescriptions';
import {
  addDays,
  daysBetween,
  emptyMedicine,
  emptyRx,
  fromPrescription,
  toRequest,
  type RxForm,
} from './rx-form-model.ts';

const DOCTOR = '0190a6f4-0000-7000-8000-000000000001';

function filled(): RxForm {
  const f = emptyRx(DOCTOR, '2026-11-27');
  const m1 = { ...emptyMedicine(), name: 'Amlodipine', dose: 1.5 };
  const m2 = { ...emptyMedicine(), name: 'Metformin', dose: '0.5' };
  m2.reminder = {
    ...m2.reminder,
    kind: 'weekly',
    daysOfWeek: [4, 1],
    times: [
      { time: '20:00', label: 'Dinner' },
      { time: '08:00', label: '' },
    ],
  };
  return { ...f, name: 'BP', rxNumber: 'RX-1', medicines: [m1, m2] };
}
const paths = (f: RxForm) => {
  const r = ZPrescriptionRequest.safeParse(toRequest(f));
  return r.success ? [] : r.error.issues.map((i) => i.path.map(String).join('.'));
};

describe('prescription form model', () => {
  test('a filled form makes a valid request: empty texts are null, weekdays sorted, the reminder named after the medicine', () => {
    const body = toRequest(filled());
    const parsed = ZPrescriptionRequest.parse(body);
    expect(parsed.diagnosis).toBeNull();
    expect(parsed.endDate).toBeNull();
    expect(parsed.medicines[1]!.dose).toBe(0.5);
    expect(parsed.medicines[1]!.reminder).toMatchObject({
      name: 'Metformin',
      rule: { kind: 'weekly', daysOfWeek: [1, 4] },
    });
  });

  test('on-demand medicines send no reminder; every-N-hours sends no times', () => {
    const f = filled();
    f.medicines[0] = { ...f.medicines[0]!, scheduleType: 'ON_DEMAND' };
    f.medicines[1] = {
      ...f.medicines[1]!,
      reminder: { ...f.medicines[1]!.reminder, kind: 'hourly', everyHours: 6, from: '06:00' },
    };
    const parsed = ZPrescriptionRequest.parse(toRequest(f));
    expect(parsed.medicines[0]!.reminder).toBeNull();
    expect(parsed.medicines[1]!.reminder).toMatchObject({
      rule: { kind: 'hourly', everyHours: 6, from: '06:00' },
      times: [],
    });
  });

  test('rule errors carry the full path the form shows them under', () => {
    const f = filled();
    f.medicines[0] = { ...f.medicines[0]!, dose: 1.3 };
    f.medicines[1] = { ...f.medicines[1]!, reminder: { ...f.medicines[1]!.reminder, daysOfWeek: [] } };
    expect(paths(f)).toEqual(expect.arrayContaining(['medicines.0.dose', 'medicines.1.reminder.rule.daysOfWeek']));
    const g = filled();
    g.medicines[1] = {
      ...g.medicines[1]!,
      reminder: {
        ...g.medicines[1]!.reminder,
        times: [
          { time: '08:00', label: 'A' },
          { time: '08:00', label: 'B' },
        ],
      },
    };
    expect(paths(g)).toEqual(['medicines.1.reminder.times']);
    expect(paths({ ...filled(), medicines: [], name: '', rxNumber: '' })).toEqual(
      expect.arrayContaining(['name', 'rxNumber', 'medicines']),
    );
  });

  test('an existing prescription fills the form back to the same request (edit), or with new dates and no reminder dates (reuse)', () => {
    const body = ZPrescriptionRequest.parse(toRequest(filled()));
    const rx = ZPrescription.parse({
      ...body,
      id: DOCTOR,
      patientId: DOCTOR,
      patientName: 'P',
      doctorId: DOCTOR,
      doctorName: 'D',
      status: 'ACTIVE',
      displayState: 'IN_USE',
      previousId: null,
      nextId: null,
      origin: 'NEW',
      createdAt: '2026-11-27T00:00:00.000Z',
      createdBy: null,
      createdByName: null,
      deactivatedAt: null,
      medicines: body.medicines.map((m, i) => ({ ...m, id: DOCTOR.replace(/1$/, String(i + 2)) })),
    });
    expect(ZPrescriptionRequest.parse(toRequest(fromPrescription(rx)))).toEqual(body);
    const reused = fromPrescription(rx, { startDate: '2026-12-01', endDate: '2026-12-31' });
    expect([reused.startDate, reused.endDate, reused.medicines[0]!.reminder.startDate]).toEqual([
      '2026-12-01',
      '2026-12-31',
      '',
    ]);
  });

  test('calendar arithmetic keeps the length of a reused prescription', () => {
    expect(daysBetween('2026-01-30', '2026-03-01')).toBe(30);
    expect(addDays('2026-12-31', 30)).toBe('2027-01-30');
  });
});
