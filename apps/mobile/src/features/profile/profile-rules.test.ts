import { describe, expect, test } from 'vitest';
import type { TFunction } from 'i18next';
import { adultBirthdayProblem } from '@carewatch/contracts/app-profile';
import {
  avatarProblem,
  checkProfileForm,
  displayHeight,
  displayWeight,
  feedbackImageProblem,
  parseMeasure,
  type ProfileForm,
} from './profile-rules.ts';

/** Returns the key (and the interpolation) so the assertions name the rule, not a language. */
const t = ((key: string) => key) as unknown as TFunction;
const NOW = new Date(2026, 10, 22, 12, 0, 0);
const form: ProfileForm = {
  firstName: 'Phuong',
  middleName: '',
  lastName: 'Hoang',
  nickName: '',
  birthday: '1970-03-04',
  gender: 'female',
  phone: '0900000011',
  email: '',
  address: '12 Tran Hung Dao',
  height: '160',
  weight: '55',
};

describe('profile form rules', () => {
  test('a valid form gives the request body in cm/kg, empty optional fields left out', () => {
    const { body, errors } = checkProfileForm(t, form, 'metric', NOW);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ firstName: 'Phuong', heightCm: 160, weightKg: 55, birthday: '1970-03-04' });
    expect(body?.email).toBeUndefined();
    expect(body?.middleName).toBeUndefined();
  });

  test('digits in a name, a bad e-mail, a missing address', () => {
    const { body, errors } = checkProfileForm(
      t,
      { ...form, middleName: 'Th1', email: 'x@', address: ' ' },
      'metric',
      NOW,
    );
    expect(body).toBeNull();
    expect(errors).toEqual({
      middleName: 'fieldRules.nameDigits',
      email: 'fieldRules.email',
      address: 'fieldRules.required',
    });
  });

  test('date of birth: not later than today, 18 or older', () => {
    expect(checkProfileForm(t, { ...form, birthday: '2026-11-23' }, 'metric', NOW).errors.birthday).toBe(
      'validation.birthdayFuture',
    );
    expect(checkProfileForm(t, { ...form, birthday: '2010-01-01' }, 'metric', NOW).errors.birthday).toBe(
      'profile.me.under18',
    );
    expect(checkProfileForm(t, { ...form, birthday: '2008-11-22' }, 'metric', NOW).errors.birthday).toBeUndefined();
    expect(checkProfileForm(t, { ...form, birthday: '2008-11-23' }, 'metric', NOW).errors.birthday).toBe(
      'profile.me.under18',
    );
  });

  test('height and weight ranges and numbers, in the user units', () => {
    expect(checkProfileForm(t, { ...form, weight: '800' }, 'metric', NOW).errors.weight).toBe('profile.me.weightRange');
    expect(checkProfileForm(t, { ...form, height: 'tall' }, 'metric', NOW).errors.height).toBe('profile.me.number');
    const imperial = checkProfileForm(t, { ...form, height: '63', weight: '121' }, 'imperial', NOW);
    expect(imperial.errors).toEqual({});
    expect(imperial.body?.heightCm).toBe(160.02);
    expect(imperial.body?.weightKg).toBe(54.88);
    expect(displayWeight(54.88, 'imperial')).toBe('121');
    expect(displayHeight(160.02, 'imperial')).toBe('63');
    expect(parseMeasure('', 'weight', 'metric')).toBeNull();
  });

  test('a phone or an e-mail is needed', () => {
    expect(checkProfileForm(t, { ...form, phone: '', email: '' }, 'metric', NOW).errors.phone).toBe(
      'profile.me.contactRequired',
    );
  });

  test('the adult rule (shared with the server) counts whole years on the calendar', () => {
    expect(adultBirthdayProblem('2008-02-29', '2026-02-28')).toBe('under_18');
    expect(adultBirthdayProblem('2008-02-28', '2026-02-28')).toBeNull();
    expect(adultBirthdayProblem('1990-02-30', '2026-02-28')).toBe('invalid');
  });
});

describe('file rules', () => {
  test('avatar: PNG or JPEG smaller than 1 MB', () => {
    expect(avatarProblem({ size: 1024 * 1024 - 1, type: 'image/png' })).toBeNull();
    expect(avatarProblem({ size: 1024 * 1024, type: 'image/jpeg' })).toBe('too_large');
    expect(avatarProblem({ size: 10, type: 'image/gif' })).toBe('type');
  });

  test('feedback: image required for ERROR only, at most 5 MB, png/jpeg/gif/webp', () => {
    expect(feedbackImageProblem(null, 'ERROR')).toBe('required');
    expect(feedbackImageProblem(null, 'IMPROVE')).toBeNull();
    expect(feedbackImageProblem({ size: 5 * 1024 * 1024, type: 'image/webp' }, 'ERROR')).toBeNull();
    expect(feedbackImageProblem({ size: 5 * 1024 * 1024 + 1, type: 'image/png' }, 'ERROR')).toBe('too_large');
    expect(feedbackImageProblem({ size: 10, type: 'image/svg+xml' }, 'IMPROVE')).toBe('type');
  });
});
