import { describe, expect, test } from 'vitest';
import { cellText, checkXlsx } from './device-import.ts';
import { checkDevice, deviceStatus, normalizeMac } from './devices.service.ts';

describe('device rules', () => {
  test('models and categories', () => {
    expect(
      checkDevice({ model: 'gt2', account: 'a', mac: 'aa-bb-cc-dd-ee-ff', imei: null, serial: ' S1 ', name: '' }),
    ).toEqual({
      ok: true,
      device: {
        model: 'GT2',
        category: 'watch',
        account: 'a',
        mac: 'AA:BB:CC:DD:EE:FF',
        imei: null,
        serial: 'S1',
        name: null,
      },
    });
    expect(checkDevice({ model: 'X', account: 'a', mac: null, imei: null, serial: 's', name: null })).toMatchObject({
      ok: false,
      field: 'model',
      code: 'UNSUPPORTED_DEVICE_TYPE',
    });
    expect(
      checkDevice({ model: 'V19', account: 'a', mac: null, imei: '123456789012345', serial: 's', name: null }),
    ).toMatchObject({ ok: false, field: 'mac' });
    expect(
      checkDevice({ model: 'J2025E', account: 'a', mac: 'AA:BB:CC:DD:EE:FF', imei: null, serial: 's', name: null }),
    ).toMatchObject({ ok: false, field: 'imei' });
    expect(
      checkDevice({ model: 'J2025B', account: 'a', mac: null, imei: '12345', serial: 's', name: null }),
    ).toMatchObject({ ok: false, field: 'imei', rule: 'format' });
  });

  test('status from the connection status and activation', () => {
    expect(deviceStatus(1, true)).toBe('connected');
    expect(deviceStatus(0, true)).toBe('disconnected');
    expect(deviceStatus(2, true)).toBe('disconnected');
    expect(deviceStatus(-1, true)).toBe('available');
    expect(deviceStatus(0, false)).toBe('available');
    expect(normalizeMac(' aa-bb-cc-dd-ee-0f ')).toBe('AA:BB:CC:DD:EE:0F');
  });

  test('cell text of numbers, hyperlinks, rich text and formulas', () => {
    expect(cellText(351234567890123)).toBe('351234567890123');
    expect(cellText({ text: 'a@b.c', hyperlink: 'mailto:a@b.c' })).toBe('a@b.c');
    expect(cellText({ richText: [{ text: 'G' }, { text: 'T2' }] })).toBe('GT2');
    expect(cellText({ formula: 'A1', result: 'x' })).toBe('x');
    expect(cellText(null)).toBe('');
    expect(cellText(' s ')).toBe('s');
  });

  test('xlsx checks by name and zip signature', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]);
    expect(() => checkXlsx(zip, 'a.xlsx')).not.toThrow();
    expect(() => checkXlsx(zip, 'a.xls')).toThrow(expect.objectContaining({ code: 'INVALID_FILE_TYPE' }));
    expect(() => checkXlsx(Buffer.from('hello'), 'a.xlsx')).toThrow(
      expect.objectContaining({ code: 'INVALID_FILE_TYPE' }),
    );
    expect(() => checkXlsx(Buffer.alloc(0), 'a.xlsx')).toThrow(expect.objectContaining({ code: 'FILE_EMPTY' }));
  });
});
