import { describe, expect, test } from 'vitest';
import { LICENSE_IMAGE_MAX_BYTES } from '@carewatch/contracts/staff';
import { hasKey } from '../../test-support/portal-t.ts';
import {
  licenseBadge,
  licenseFormValues,
  licenseImageProblem,
  requestStatusColor,
  requestsPath,
} from './doctors-rules.ts';

describe('care requests', () => {
  test('each side has its path', () => {
    expect(requestsPath('doctor')).toBe('doctor-requests');
    expect(requestsPath('patient')).toBe('patient-requests');
  });

  test('status colours: pending yellow, accepted teal, rejected red, the rest grey', () => {
    expect(['pending', 'accepted', 'rejected', 'cancelled', 'removed', 'other'].map(requestStatusColor)).toEqual([
      'yellow',
      'teal',
      'red',
      'gray',
      'gray',
      'gray',
    ]);
  });
});

describe('licences', () => {
  test('a new licence’s form is empty; an edited one shows its fields (no number: blank)', () => {
    expect(licenseFormValues(null)).toEqual({ name: '', number: '', expiryDate: '' });
    expect(licenseFormValues({ name: 'Practice', number: null, expiryDate: '2031-01-31' })).toEqual({
      name: 'Practice',
      number: '',
      expiryDate: '2031-01-31',
    });
  });

  test('an image: PNG or JPEG up to the limit; none chosen is fine', () => {
    expect(licenseImageProblem(null)).toBeNull();
    expect(licenseImageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(licenseImageProblem({ type: 'image/jpeg', size: LICENSE_IMAGE_MAX_BYTES })).toBeNull();
    expect(licenseImageProblem({ type: 'image/gif', size: 10 })).toBe('validation.imageType');
    expect(licenseImageProblem({ type: 'application/pdf', size: LICENSE_IMAGE_MAX_BYTES + 1 })).toBe(
      'validation.imageType',
    );
    expect(licenseImageProblem({ type: 'image/png', size: LICENSE_IMAGE_MAX_BYTES + 1 })).toBe(
      'staff.licenses.imageSize',
    );
    for (const k of ['validation.imageType', 'staff.licenses.imageSize'])
      expect(hasKey(k, 'en') && hasKey(k, 'vi'), k).toBe(true);
  });

  test('expired licences show red, valid ones teal, in both languages', () => {
    expect(licenseBadge({ expired: true })).toEqual({ color: 'red', labelKey: 'staff.licenses.expired' });
    expect(licenseBadge({ expired: false })).toEqual({ color: 'teal', labelKey: 'staff.licenses.valid' });
    expect(hasKey('staff.licenses.expired', 'vi') && hasKey('staff.licenses.valid', 'vi')).toBe(true);
  });
});
