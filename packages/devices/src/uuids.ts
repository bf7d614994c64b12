/** Bluetooth SIG assigned numbers (16-bit) of the health services and characteristics we read. */
export const SERVICE = {
  HEALTH_THERMOMETER: 0x1809,
  DEVICE_INFORMATION: 0x180a,
  HEART_RATE: 0x180d,
  BATTERY: 0x180f,
  GLUCOSE: 0x1808,
  BLOOD_PRESSURE: 0x1810,
  WEIGHT_SCALE: 0x181d,
  PULSE_OXIMETER: 0x1822,
} as const;

export const CHARACTERISTIC = {
  GLUCOSE_MEASUREMENT: 0x2a18,
  BATTERY_LEVEL: 0x2a19,
  TEMPERATURE_MEASUREMENT: 0x2a1c,
  BLOOD_PRESSURE_MEASUREMENT: 0x2a35,
  HEART_RATE_MEASUREMENT: 0x2a37,
  PLX_SPOT_CHECK_MEASUREMENT: 0x2a5e,
  PLX_CONTINUOUS_MEASUREMENT: 0x2a5f,
  WEIGHT_MEASUREMENT: 0x2a9d,
} as const;

export type ServiceUuid16 = (typeof SERVICE)[keyof typeof SERVICE];
export type CharacteristicUuid16 = (typeof CHARACTERISTIC)[keyof typeof CHARACTERISTIC];

const BASE_SUFFIX = '-0000-1000-8000-00805f9b34fb';

/** 16-bit assigned number → full 128-bit UUID in the lower-case form Web Bluetooth reports. */
export const uuid128 = (short: number): string => `0000${short.toString(16).padStart(4, '0')}${BASE_SUFFIX}`;

/** The 128-bit forms, for `navigator.bluetooth.requestDevice({ filters: [{ services }] })` and comparisons. */
export const SERVICE_UUID128 = Object.fromEntries(Object.entries(SERVICE).map(([k, v]) => [k, uuid128(v)])) as Record<
  keyof typeof SERVICE,
  string
>;
export const CHARACTERISTIC_UUID128 = Object.fromEntries(
  Object.entries(CHARACTERISTIC).map(([k, v]) => [k, uuid128(v)]),
) as Record<keyof typeof CHARACTERISTIC, string>;

/**
 * A UUID given as number (0x2a37), short string ('2A37', '0x2a37') or 128-bit SIG-base string → its 16-bit number;
 * null for a vendor UUID outside the SIG base or anything unparseable.
 */
export const shortUuid = (uuid: number | string): number | null => {
  if (typeof uuid === 'number') return Number.isInteger(uuid) && uuid >= 0 && uuid <= 0xffff ? uuid : null;
  const s = uuid.trim().toLowerCase();
  const short = /^(?:0x)?([0-9a-f]{4})$/.exec(s);
  if (short?.[1] !== undefined) return parseInt(short[1], 16);
  const long = /^0000([0-9a-f]{4})-0000-1000-8000-00805f9b34fb$/.exec(s);
  return long?.[1] !== undefined ? parseInt(long[1], 16) : null;
};
