import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

export type SimResult = {
  scenario: string;
  patientId: string;
  deviceId: string;
  accepted: number;
  patientCode: string;
  value: number;
  measuredAt: string;
};
/**
 * Runs `npm run simulate` in scenario mode for DEMO-P0001 (one reading sent by the patient's simulated cellular device,
 * over HTTP: the e2e server runs without MQTT); expects exit code 0 and one JSON line on stdout.
 */
export async function simulate(
  baseUrl: string,
  scenario: 'sos' | 'high-risk' | 'normal',
  extra: string[] = [],
): Promise<SimResult> {
  const root = path.resolve(import.meta.dirname, '..');
  // SIM_* variables of the developer's shell would change the simulator's defaults.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SIM_')));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/simulate.ts',
      '--url',
      baseUrl,
      '--scenario',
      scenario,
      '--patient',
      'DEMO-P0001',
      '--transport',
      'http',
      ...extra,
    ],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: AbortSignal.timeout(30_000),
    },
  );
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  expect(code, `simulator failed: ${err}`).toBe(0);
  const lines = out.trim().split('\n');
  expect(lines, `simulator stdout: ${out}`).toHaveLength(1);
  const result = JSON.parse(lines[0]!) as SimResult;
  expect(result).toMatchObject({ scenario, accepted: 1, patientCode: 'DEMO-P0001' });
  return result;
}
