import { celsiusToFahrenheit } from '@carewatch/devices/health-thermometer';
import {
  AUTO_MEASURE_INTERVAL_MS,
  COUNTDOWN_PRESS_MS,
  LOW_BATTERY_PERCENT,
  MAX_MEASUREMENT_MS,
} from '@carewatch/devices/simulated-watch';

/** GT2 and GT5 (spec §9 "Files and device"; the same for both models). */
export const WATCH_SPECS = {
  pairingRangeCm: 50,
  batteryMah: 130,
  batteryDays: { min: 5, max: 7 },
  workingTemperatureC: { min: -5, max: 45 },
  waterResistance: 'IP68',
} as const;

/** The numbers the guides and the manual quote, from the watch's own constants (one truth). */
export const HELP_VALUES = {
  range: WATCH_SPECS.pairingRangeCm,
  lowBattery: LOW_BATTERY_PERCENT,
  every: AUTO_MEASURE_INTERVAL_MS / 60_000,
  measure: MAX_MEASUREMENT_MS / 60_000,
  press: COUNTDOWN_PRESS_MS / 1000,
};

/** The manual's specification rows: label key and value interpolation. */
export function specRows(): Array<{
  key: 'pairingRange' | 'battery' | 'temperature' | 'water';
  values: Record<string, string | number>;
}> {
  const { min, max } = WATCH_SPECS.workingTemperatureC;
  // Minus sign, not a hyphen: read as "minus 5", and never split from its number.
  const degrees = (n: number) => String(n).replace('-', '\u2212');
  return [
    { key: 'pairingRange', values: { cm: WATCH_SPECS.pairingRangeCm } },
    {
      key: 'battery',
      values: { mah: WATCH_SPECS.batteryMah, min: WATCH_SPECS.batteryDays.min, max: WATCH_SPECS.batteryDays.max },
    },
    {
      key: 'temperature',
      values: {
        min: degrees(min),
        max: degrees(max),
        minF: degrees(Math.round(celsiusToFahrenheit(min))),
        maxF: degrees(Math.round(celsiusToFahrenheit(max))),
      },
    },
    { key: 'water', values: { rating: WATCH_SPECS.waterResistance } },
  ];
}
