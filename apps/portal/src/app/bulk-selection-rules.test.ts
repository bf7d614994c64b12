import { describe, expect, test } from 'vitest';
import { headerState, selectedIn, summarize, togglePage, toggleRow } from './bulk-selection-rules.ts';

const A = 'a',
  B = 'b',
  C = 'c';

describe('row selection', () => {
  test('a row toggles on and off', () => {
    expect([...toggleRow(new Set(), A)]).toEqual([A]);
    expect([...toggleRow(new Set([A, B]), A)]).toEqual([B]);
  });

  test('the header selects the whole page, or clears it when all of it is selected; other pages stay', () => {
    expect([...togglePage(new Set([A]), [A, B])].sort()).toEqual([A, B]);
    expect([...togglePage(new Set([A, B, C]), [A, B])]).toEqual([C]);
    expect([...togglePage(new Set(), [])]).toEqual([]);
  });

  test('header state: none, some (indeterminate), all', () => {
    expect(headerState(new Set(), [A, B])).toEqual({ checked: false, indeterminate: false });
    expect(headerState(new Set([A]), [A, B])).toEqual({ checked: false, indeterminate: true });
    expect(headerState(new Set([A, B]), [A, B])).toEqual({ checked: true, indeterminate: false });
    expect(headerState(new Set(), [])).toEqual({ checked: false, indeterminate: false });
  });

  test('a selection made under another query (page, filters, sort) shows as empty', () => {
    const s = { key: 'page=1', ids: new Set([A]) };
    expect([...selectedIn(s, 'page=1')]).toEqual([A]);
    expect([...selectedIn(s, 'page=2')]).toEqual([]);
  });
});

describe('bulk result summary', () => {
  test('done and failed counts, failures grouped by code, most frequent first', () => {
    expect(
      summarize({
        done: ['1', '2'],
        failed: [
          { id: '3', code: 'PATIENT_NOT_FOUND' },
          { id: '4', code: 'CANNOT_DISABLE_SELF' },
          { id: '5', code: 'PATIENT_NOT_FOUND' },
        ],
      }),
    ).toEqual({
      done: 2,
      failed: 3,
      reasons: [
        { code: 'PATIENT_NOT_FOUND', count: 2 },
        { code: 'CANNOT_DISABLE_SELF', count: 1 },
      ],
    });
    expect(summarize({ done: [], failed: [] })).toEqual({ done: 0, failed: 0, reasons: [] });
  });
});
