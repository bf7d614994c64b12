import { describe, expect, it } from 'vitest';
import type { TFirmwarePackage } from '@carewatch/contracts/firmware';
import { appliedFace, compareVersions, installErrorCode, parseVersion, updateOffer } from './firmware-rules.ts';

const pkg = (version: string, kind: 'firmware' | 'watch_face' = 'firmware'): TFirmwarePackage => ({
  id: '00000000-0000-4000-8000-000000000001',
  model: 'GT5',
  kind,
  version,
  name: version,
  notes: '',
  sizeBytes: 100,
  sha256: '0'.repeat(64),
  isCurrent: true,
  uploadedAt: '2026-11-27T10:00:00.000Z',
  uploadedBy: null,
});

describe('firmware rules', () => {
  it('parses versions with an optional tag', () => {
    expect(parseVersion('5.1.0-sim')).toEqual({ parts: [5, 1, 0], tag: 'sim' });
    expect(parseVersion('10.0.12')).toEqual({ parts: [10, 0, 12], tag: null });
    expect(parseVersion('latest')).toBeNull();
    expect(parseVersion(null)).toBeNull();
  });

  it('compares numerically, a tagged version before the same untagged one', () => {
    expect(compareVersions('5.2.0', '5.1.0-sim')).toBe(1);
    expect(compareVersions('5.10.0', '5.9.9')).toBe(1);
    expect(compareVersions('5.1.0-sim', '5.1.0')).toBe(-1);
    expect(compareVersions('5.1.0', '5.1.0')).toBe(0);
    expect(compareVersions('5.1.0-a', '5.1.0-b')).toBe(-1);
    expect(compareVersions('1.0.0', 'garbage')).toBe(1);
    expect(compareVersions(null, undefined)).toBe(0);
  });

  it('offers only a newer current firmware', () => {
    expect(updateOffer('5.1.0-sim', pkg('5.2.0'))?.version).toBe('5.2.0');
    expect(updateOffer('5.2.0', pkg('5.2.0'))).toBeNull();
    expect(updateOffer('5.3.0', pkg('5.2.0'))).toBeNull();
    expect(updateOffer('5.1.0', null)).toBeNull();
    expect(updateOffer('5.1.0', pkg('9.0.0', 'watch_face'))).toBeNull();
    // A watch that reports no version takes any package.
    expect(updateOffer(null, pkg('1.0.0'))?.version).toBe('1.0.0');
  });

  it('finds the applied face and names install failures', () => {
    const faces = [pkg('1.0.0', 'watch_face'), pkg('1.1.0', 'watch_face')];
    expect(appliedFace(faces, '1.1.0')?.version).toBe('1.1.0');
    expect(appliedFace(faces, null)).toBeNull();
    expect(installErrorCode({ code: 'BAD_PACKAGE' })).toBe('BAD_PACKAGE');
    expect(installErrorCode({ code: 'BLUETOOTH_LOST' })).toBe('TRANSFER_ABORTED');
    expect(installErrorCode(new Error('x'))).toBe('UNKNOWN');
  });
});
