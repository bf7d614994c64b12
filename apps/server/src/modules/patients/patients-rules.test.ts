import { describe, expect, test } from 'vitest';
import { cellText, validateImportRow } from './patients-import.service.ts';
import { safeFileName, sniffAttachment } from './patients.service.ts';

const row = (over: Record<number, string> = {}) => {
  const r = ['P-1', 'Binh', 'Pham', '1965-03-01', 'male', '170', '68', 'A+', '0977000001', '', '1 Tran Phu', '', ''];
  for (const [i, v] of Object.entries(over)) r[Number(i)] = v;
  return r;
};

describe('import cells', () => {
  test('dates from Date, serial numbers and text; rich text and formulas flattened', () => {
    expect(cellText(new Date(Date.UTC(1980, 0, 2)), true)).toBe('1980-01-02');
    expect(cellText(29000, true)).toBe('1979-05-25');
    expect(cellText(29000)).toBe('29000');
    expect(cellText(' 1980-01-02 ', true)).toBe('1980-01-02');
    expect(cellText({ richText: [{ text: 'Ng' }, { text: 'uyen' }] })).toBe('Nguyen');
    expect(cellText({ formula: 'A1', result: 'x' } as never)).toBe('x');
    expect(cellText(null)).toBe('');
  });

  test('rows follow the form rules and name the field', () => {
    expect('data' in validateImportRow(row(), 'flexible', null)).toBe(true);
    expect(validateImportRow(row({ 4: 'Female' }), 'flexible', null)).toHaveProperty('data.gender', 'female');
    expect(validateImportRow(row({ 8: '12345' }), 'ten_digits', null)).toEqual({
      errors: ['phone: Phone number is not valid'],
    });
    expect(validateImportRow(row({ 0: '', 8: '', 9: '' }), 'flexible', null)).toEqual({
      errors: ['patientCode: At least one of patient id, phone or email is required'],
    });
    const bad = validateImportRow(row({ 1: '', 7: 'Z' }), 'flexible', null);
    expect('errors' in bad && bad.errors.map((e) => e.split(':')[0])).toEqual(['firstName', 'bloodType']);
  });
});

describe('attachments', () => {
  test('type by content only', () => {
    expect(sniffAttachment(Buffer.from('%PDF-1.7\n'))?.type).toBe('application/pdf');
    expect(sniffAttachment(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.type).toBe('image/jpeg');
    expect(sniffAttachment(Buffer.from('<html>%PDF-'))).toBeNull();
  });
  test('download names are safe', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('a"b\r\n.pdf')).toBe('a_b__.pdf');
    expect(safeFileName('...')).toBe('file');
  });
});
