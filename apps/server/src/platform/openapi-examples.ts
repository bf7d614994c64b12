/**
 * Examples of the main resources in the OpenAPI document, by component name (the schema's `examples`); openapi.test.ts
 * parses each with its Zod schema, so an example cannot drift from the contract.
 */
const PATIENT_ID = '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b';
const DOCTOR_ID = '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a01';
const DEVICE_ID = '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a02';
const ALERT_ID = '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a03';
const CENTER_ID = '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a04';

export const SCHEMA_EXAMPLES: Record<string, unknown[]> = {
  Patient: [
    {
      id: PATIENT_ID,
      patientCode: 'P-0042',
      firstName: 'Lan',
      lastName: 'Nguyen',
      fullName: 'Nguyen Lan',
      birthday: '1948-03-14',
      gender: 'female',
      heightCm: 156,
      weightKg: 52.5,
      bloodType: 'A+',
      phone: '+84901234567',
      email: 'lan.nguyen@example.org',
      address: '12 Le Loi, District 1, Ho Chi Minh City',
      status: 'at_risk',
      packageExpiry: '2027-03-31',
      contractId: 'C-2026-118',
      centerId: CENTER_ID,
      centerName: 'District 1 Health Center',
      userId: null,
      accountCreatedAt: null,
      doctors: [{ id: DOCTOR_ID, name: 'Dr. Tran Minh' }],
      relatives: [
        { id: '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a05', name: 'Nguyen Huy', phone: '+84907654321', relationship: 'son' },
      ],
      attachments: [],
      sleepTargetMinutes: 420,
      stepsTarget: 4000,
      createdAt: '2026-01-15T08:00:00.000Z',
      updatedAt: '2026-11-20T09:30:00.000Z',
    },
  ],
  Alert: [
    {
      id: ALERT_ID,
      patientId: PATIENT_ID,
      level: 'high_risk',
      status: 'open',
      source: 'reading',
      metric: 'heart_rate',
      index: 'heart_rate',
      value: 132,
      rule: { index: 'heart_rate', side: 'high', tier: 'highRisk', limit: 120 },
      openedAt: '2026-11-22T07:58:12.000Z',
      acknowledgedAt: null,
      acknowledgedBy: null,
      closedAt: null,
      sosCaseId: null,
      trail: [],
    },
  ],
  Device: [
    {
      id: DEVICE_ID,
      model: 'GT5',
      category: 'watch',
      name: 'Lan’s watch',
      mac: 'A4:C1:38:2F:11:9B',
      imei: null,
      serial: 'GT5-2026-000184',
      account: null,
      userId: null,
      patientId: PATIENT_ID,
      patientName: 'Nguyen Lan',
      osVersion: null,
      firmwareVersion: '2.4.1',
      connectionStatus: 1,
      appStatus: 'online',
      status: 'connected',
      latestSync: '2026-11-22T07:58:00.000Z',
      firstConnect: '2026-02-01T10:00:00.000Z',
      lastConnect: '2026-11-22T07:58:00.000Z',
      activated: true,
      hasCredentials: false,
      importDate: '2026-01-20T00:00:00.000Z',
    },
  ],
  /** Readings as an app or a device sends them (POST …/vitals): a heart rate and a blood pressure. */
  IngestRequestInput: [
    {
      readings: [
        { metric: 'heart_rate', measuredAt: '2026-11-22T07:58:00+07:00', value: 72, unit: '/min', deviceId: DEVICE_ID },
        {
          metric: 'blood_pressure',
          measuredAt: '2026-11-22T07:59:30+07:00',
          values: { systolic: 128, diastolic: 82, pulse: 70 },
          unit: 'mmHg',
        },
      ],
    },
  ],
  /** A reading as the server answers it (the latest of an index). */
  LatestVital: [
    {
      metric: 'blood_pressure',
      measuredAt: '2026-11-22T00:59:30.000Z',
      value: 128,
      value2: 82,
      unit: 'mmHg',
      data: null,
    },
  ],
};
