import { describe, expect, test } from 'vitest';
import type { TIngestResponse, TReading } from '@carewatch/contracts/vitals';
import { runAppleHealthImport, splitBySize } from './import-runner.ts';
import { writeAppleHealthExport } from './apple-health-export-generator.ts';

describe('splitBySize', () => {
  test('keeps every request body under the limit, in order, nothing lost', () => {
    const readings: TReading[] = Array.from({ length: 50 }, (_, i) => ({
      metric: 'sleep',
      measuredAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      source: 'apple_health',
      values: {
        stages: Array.from({ length: 20 }, (_, k) => ({
          stage: 'light' as const,
          start: `2024-01-01T0${k % 10}:00:00Z`,
          end: `2024-01-01T0${k % 10}:30:00Z`,
        })),
      },
    }));
    const parts = splitBySize(readings, 10_000);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(readings);
    for (const p of parts) expect(JSON.stringify({ readings: p }).length).toBeLessThanOrEqual(10_000);
  });
});

describe('runAppleHealthImport against a server that keeps each (metric, time, source) once', () => {
  const parts: Uint8Array[] = [];
  const info = writeAppleHealthExport({ records: 3_000, seed: 3 }, (c) => parts.push(c));
  const stored = Object.values(info.stored).reduce((a, b) => a + b, 0);
  async function* chunks() {
    for (const p of parts) yield p;
  }
  const server = () => {
    const keys = new Set<string>();
    const send = async (readings: TReading[]): Promise<TIngestResponse> => {
      let accepted = 0;
      for (const r of readings) {
        const k = `${r.metric}|${Date.parse(r.measuredAt)}|${r.source}`;
        if (!keys.has(k)) {
          keys.add(k);
          accepted += 1;
        }
      }
      return { accepted, duplicates: readings.length - accepted, rejected: [] };
    };
    return { keys, send };
  };

  test('cancelled, then run again: only the missing readings are added; a third run adds none', async () => {
    const s = server();
    let sent = 0;
    const cut = await runAppleHealthImport({
      chunks: chunks(),
      send: s.send,
      batchSize: 100,
      onProgress: (p) => {
        sent = p.sent;
      },
      cancelled: () => sent >= 300,
    });
    expect(cut.status).toBe('cancelled');
    expect(cut.progress.sent).toBe(300);
    const rest = await runAppleHealthImport({ chunks: chunks(), send: s.send });
    expect(rest.status).toBe('done');
    expect(cut.progress.added + rest.progress.added).toBe(stored);
    expect(s.keys.size).toBe(stored);
    const again = await runAppleHealthImport({ chunks: chunks(), send: s.send });
    expect(again.progress).toMatchObject({ added: 0, duplicates: again.progress.sent });
  });

  test('a failed request stops the import with the error (what was sent stays)', async () => {
    let calls = 0;
    const failing = async (readings: TReading[]): Promise<TIngestResponse> => {
      calls += 1;
      if (calls === 3) throw new Error('network');
      return { accepted: readings.length, duplicates: 0, rejected: [] };
    };
    await expect(runAppleHealthImport({ chunks: chunks(), send: failing, batchSize: 100 })).rejects.toThrow('network');
    expect(calls).toBe(3);
  });
});
