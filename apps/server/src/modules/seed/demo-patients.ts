// Demo patients, relatives, devices and a month of vitals for one demo tenant. Deterministic per tenant code.
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { insertMeasurements, type MeasurementRow } from '../vitals/measurements.repo.ts';
import * as demo from './demo.repo.ts';
import { generateVitals, prng, seedOf, type Risk, type VitalsProfile } from './demo-vitals.ts';
import type { TMetric } from '@carewatch/contracts/vitals';
import { alertEngine } from '../alerts/alerts.engine.ts';
import { refreshLastReadings } from '../patients/last-reading.service.ts';

export const DEMO_PATIENTS_PER_TENANT = 50;
const SEED_BATCH = 5000;
/** The readings of the last hours of each unwell patient are read by the alert engine at seed time. */
const ENGINE_WINDOW_MS = 3 * 60 * 60_000;
/**
 * A followed patient of center A (normal, GT2 watch: DEMO-P0005) whose watch stopped sending this many hours before
 * the seed time, so the silent-device flag (issue 20, default 6 h) shows from the first start.
 */
export const QUIET_WATCH_PATIENT = 4;
export const QUIET_WATCH_HOURS = 8;

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MALE = [
  'Văn Minh',
  'Đức Anh',
  'Quang Huy',
  'Minh Tuấn',
  'Văn Hùng',
  'Hữu Phước',
  'Thanh Sơn',
  'Công Thành',
  'Quốc Bảo',
  'Đình Khoa',
  'Văn Long',
  'Trọng Nghĩa',
  'Xuân Trường',
  'Hoàng Nam',
];
const FEMALE = [
  'Thị Lan',
  'Thu Hà',
  'Thị Mai',
  'Ngọc Anh',
  'Thị Hương',
  'Minh Thư',
  'Thanh Hằng',
  'Thị Hoa',
  'Phương Linh',
  'Bích Ngọc',
  'Thị Thảo',
  'Kim Oanh',
  'Thị Yến',
  'Diệu Linh',
];
const STREETS_A = [
  'Kim Mã',
  'Đội Cấn',
  'Liễu Giai',
  'Nguyễn Thái Học',
  'Hoàng Hoa Thám',
  'Phan Đình Phùng',
  'Văn Cao',
  'Giảng Võ',
];
const STREETS_B = ['Lạch Tray', 'Tô Hiệu', 'Trần Nguyên Hãn', 'Hai Bà Trưng', 'Cát Cụt', 'Chợ Hàng', 'Nguyễn Văn Linh'];
const RELATIVES: Array<{ rel: string; given: string[] }> = [
  { rel: 'son', given: MALE },
  { rel: 'daughter', given: FEMALE },
  { rel: 'wife', given: FEMALE },
  { rel: 'husband', given: MALE },
  { rel: 'grandchildren', given: FEMALE },
];

/** Removes Vietnamese diacritics (search text matches typed queries with or without accents). */
export const unaccent = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');

/** Status mix of the 49 generated patients: mostly normal, some at risk / high risk, one SOS, a few unassigned/assigned. */
function statusFor(i: number): 'normal' | 'at_risk' | 'high_risk' | 'sos' | 'unassigned' | 'assigned' {
  if (i === 3) return 'sos';
  if ([5, 11, 17, 24, 31, 38].includes(i)) return 'at_risk';
  if ([8, 21, 44].includes(i)) return 'high_risk';
  if ([46, 47, 48].includes(i)) return 'unassigned';
  if ([42, 43].includes(i)) return 'assigned';
  return 'normal';
}

export type DemoTenantRefs = {
  tenantId: string;
  tenantCode: string;
  domain: string;
  phonePrefix: string;
  centerA: string;
  centerB: string;
  doctorId: string;
  demoPatient: {
    id: string;
    userId: string;
    birthday: string;
    gender: 'male' | 'female';
    heightCm: number;
    weightKg: number;
  };
};

/** Adds the demo patients (the demo patient already exists), relatives, devices and `vitalsDays` of vitals ending at `now`. */
export async function seedDemoPatients(
  db: Db,
  refs: DemoTenantRefs,
  opts: { vitalsDays: number; now: Date },
): Promise<{ patients: number; readings: number }> {
  const rnd = prng(seedOf(`patients:${refs.tenantCode}`));
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const usedPhones = new Set<string>();
  const profiles: VitalsProfile[] = [];
  const nowMs = opts.now.getTime();
  const followed: string[] = [];
  /** Whose watch stopped sending QUIET_WATCH_HOURS ago (issue 20: flagged silent from the first start). */
  let quietId: string | null = null;

  // Devices: the demo patient wears a GT5; a few other patients a GT2/GT5; one cellular J2025E.
  const demoWatch = newId();
  profiles.push({
    patientId: refs.demoPatient.id,
    seed: seedOf(`${refs.tenantCode}:0`),
    risk: 'normal',
    ageYears: 68,
    gender: refs.demoPatient.gender,
    heightCm: refs.demoPatient.heightCm,
    weightKg: refs.demoPatient.weightKg,
    glucose: true,
    ecg: true,
    deviceId: demoWatch,
  });
  await demo.insertDevice(db, refs.tenantId, {
    id: demoWatch,
    model: 'GT5',
    name: 'GT5 Watch',
    mac: macFor(refs.tenantCode, 0),
    imei: null,
    serial: `${refs.tenantCode.toUpperCase()}-GT5-0001`,
    account: `patient@${refs.domain}`,
    userId: refs.demoPatient.userId,
    patientId: refs.demoPatient.id,
    connectionStatus: 1,
    appStatus: 'online',
    now: opts.now,
  });

  for (let i = 1; i < DEMO_PATIENTS_PER_TENANT; i++) {
    const gender: 'male' | 'female' = rnd() < 0.5 ? 'male' : 'female';
    const family = pick(FAMILY);
    const given = pick(gender === 'male' ? MALE : FEMALE);
    const age = 35 + Math.floor(rnd() * 50);
    const year = opts.now.getUTCFullYear() - age;
    const birthday = `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
    const heightCm = Math.round(gender === 'male' ? 160 + rnd() * 18 : 148 + rnd() * 16);
    const bmi = 19 + rnd() * 8;
    const weightKg = Math.round(bmi * (heightCm / 100) ** 2 * 10) / 10;
    let phone = '';
    do phone = refs.phonePrefix + String(10000000 + Math.floor(rnd() * 89999999));
    while (usedPhones.has(phone) || phone.slice(2, 8) === '000000');
    usedPhones.add(phone);
    const inA = i <= 30;
    const tier = statusFor(i);
    // A patient's health tier is never written here: it comes from their readings through the alert engine (below),
    // so the status and the open alerts and SOS cases agree from the first start.
    const status = tier === 'unassigned' || tier === 'assigned' ? tier : 'normal';
    const code = `${refs.tenantCode.toUpperCase()}-P${String(i + 1).padStart(4, '0')}`;
    const email =
      i % 3 === 0
        ? `${unaccent(given).toLowerCase().replace(/\s+/g, '.')}.${unaccent(family).toLowerCase()}${i}@example.vn`
        : null;
    const id = newId();
    await demo.insertDemoPatient(db, refs.tenantId, {
      id,
      userId: null,
      centerId: inA ? refs.centerA : refs.centerB,
      code,
      firstName: given,
      lastName: family,
      birthday,
      gender,
      phone,
      email,
      address: `${1 + Math.floor(rnd() * 200)} ${pick(inA ? STREETS_A : STREETS_B)}, ${inA ? 'Ba Đình, Hà Nội' : 'Lê Chân, Hải Phòng'}`,
      status,
      heightCm,
      weightKg,
      createdAt: new Date(nowMs - (60 - i) * 86_400_000 - Math.floor(rnd() * 86_400_000)),
    });
    if (inA && (i % 3 === 1 || tier === 'sos' || tier === 'high_risk') && tier !== 'unassigned') {
      await demo.linkDoctorToPatient(db, refs.tenantId, id, refs.doctorId);
      followed.push(id);
    }
    if (i % 4 === 0 || tier === 'sos' || tier === 'high_risk') {
      const r = RELATIVES[i % RELATIVES.length]!;
      const relGiven = pick(r.given);
      let rphone = '';
      do rphone = refs.phonePrefix + String(10000000 + Math.floor(rnd() * 89999999));
      while (usedPhones.has(rphone));
      usedPhones.add(rphone);
      await demo.insertRelative(db, refs.tenantId, {
        id: newId(),
        patientId: id,
        name: `${r.rel === 'wife' || r.rel === 'husband' ? pick(FAMILY) : family} ${relGiven}`,
        phone: rphone,
        relationship: r.rel,
      });
    }
    let deviceId: string | null = null;
    if (i <= 6 || i === 11 || i === 21) {
      deviceId = newId();
      const model = i % 2 === 0 ? 'GT2' : 'GT5';
      await demo.insertDevice(db, refs.tenantId, {
        id: deviceId,
        model,
        name: `${model} Watch`,
        mac: macFor(refs.tenantCode, i),
        imei: null,
        serial: `${refs.tenantCode.toUpperCase()}-${model}-${String(i + 1).padStart(4, '0')}`,
        account: phone,
        userId: null,
        patientId: id,
        connectionStatus: i % 5 === 0 ? 0 : 1,
        appStatus: i % 5 === 0 ? 'offline' : 'online',
        now: opts.now,
      });
    } else if (i === 8) {
      deviceId = newId();
      await demo.insertDevice(db, refs.tenantId, {
        id: deviceId,
        model: 'J2025E',
        name: 'J2025E Cellular',
        mac: null,
        imei: imeiFor(refs.tenantCode),
        serial: `${refs.tenantCode.toUpperCase()}-J2025E-0001`,
        account: phone,
        userId: null,
        patientId: id,
        connectionStatus: 1,
        appStatus: null,
        now: opts.now,
      });
    }
    if (tier !== 'unassigned') {
      const risk: Risk = tier === 'at_risk' || tier === 'high_risk' || tier === 'sos' ? tier : 'normal';
      if (i === QUIET_WATCH_PATIENT) quietId = id;
      profiles.push({
        patientId: id,
        seed: seedOf(`${refs.tenantCode}:${i}`),
        risk,
        ageYears: age,
        gender,
        heightCm,
        weightKg,
        glucose: risk !== 'normal' || i % 5 === 0,
        ecg: false,
        deviceId,
      });
    }
  }
  // Two spare watches not yet assigned (available).
  for (const n of [90, 91]) {
    await demo.insertDevice(db, refs.tenantId, {
      id: newId(),
      model: n === 90 ? 'GT2' : 'V19',
      name: null,
      mac: macFor(refs.tenantCode, n),
      imei: null,
      serial: `${refs.tenantCode.toUpperCase()}-SPARE-${n}`,
      account: null,
      userId: null,
      patientId: null,
      connectionStatus: -1,
      appStatus: null,
      now: opts.now,
    });
  }

  let readings = 0;
  if (opts.vitalsDays > 0) {
    let batch: MeasurementRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      readings += (await insertMeasurements(db, refs.tenantId, rows, opts.now)).count;
    };
    const recent = new Map<string, MeasurementRow[]>();
    const since = nowMs - ENGINE_WINDOW_MS;
    for (const p of profiles) {
      const rows: MeasurementRow[] = [];
      const quietFrom = p.patientId === quietId ? nowMs - QUIET_WATCH_HOURS * 3600_000 : Infinity;
      generateVitals(p, opts.now, opts.vitalsDays, (r) => {
        if (r.measuredAt.getTime() <= quietFrom) rows.push(r);
      });
      if (p.risk !== 'normal')
        recent.set(
          p.patientId,
          rows.filter((r) => r.measuredAt.getTime() > since),
        );
      for (const r of rows) {
        batch.push(r);
        if (batch.length >= SEED_BATCH) await flush();
      }
    }
    await flush();
    await refreshLastReadings(db, refs.tenantId);
    // The last hours of the unwell patients go through the alert engine, as if just received: alerts, SOS cases,
    // tickets, timers and the patients' status come out exactly as in use.
    const engine = { db, clock: { now: () => opts.now }, config: { alertEngineCacheMs: 0 } };
    for (const [patientId, rows] of recent) {
      await alertEngine(engine, {
        tenantId: refs.tenantId,
        patientId,
        readings: rows.map((r) => ({
          metric: r.metric as TMetric,
          measuredAt: r.measuredAt,
          source: r.source,
          deviceId: r.deviceId,
          value: r.value,
          value2: r.value2,
          data: r.data,
        })),
      });
    }
  }
  return { patients: DEMO_PATIENTS_PER_TENANT, readings };
}

function macFor(tenant: string, i: number): string {
  const h = seedOf(`${tenant}:mac:${i}`);
  const b = [0xc8, 0x2e, (h >>> 24) & 0xff, (h >>> 16) & 0xff, (h >>> 8) & 0xff, i & 0xff];
  return b.map((x) => x.toString(16).padStart(2, '0').toUpperCase()).join(':');
}
function imeiFor(tenant: string): string {
  return `86${String(seedOf(`${tenant}:imei`))
    .padStart(13, '0')
    .slice(0, 13)}`;
}
