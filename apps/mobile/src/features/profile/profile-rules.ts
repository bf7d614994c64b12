import type { TFunction } from 'i18next';
import { kgToLb, lbToKg } from '@carewatch/clinical/units';
import {
  adultBirthdayProblem,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_TYPES,
  ZUpdateAppProfileRequest,
  type TAppProfile,
  type TUpdateAppProfile,
} from '@carewatch/contracts/app-profile';
import { zodFieldErrors } from '@carewatch/web/errors';
import { birthdayProblem, localToday } from '../access/register-rules.ts';

export type UnitSystem = TAppProfile['unitSystem'];
const CM_PER_IN = 2.54;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Height and weight as shown in the user's units (§3 Units: metric kg/m or imperial lbs/ft; height in inches). */
export function displayHeight(cm: number | null, units: UnitSystem): string {
  if (cm === null) return '';
  return String(round1(units === 'imperial' ? cm / CM_PER_IN : cm));
}
export function displayWeight(kg: number | null, units: UnitSystem): string {
  if (kg === null) return '';
  return String(round1(units === 'imperial' ? kgToLb(kg) : kg));
}

/** A typed height/weight back to cm/kg: '' is "not given" (null), anything not a number is NaN (shown as a rule). */
export function parseMeasure(text: string, kind: 'height' | 'weight', units: UnitSystem): number | null {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  if (!/^\d+(\.\d+)?$/.test(s)) return Number.NaN;
  const n = Number(s);
  if (units === 'metric') return n;
  // Two decimals: a value typed in inches or pounds shows back the same after the round trip.
  return Math.round((kind === 'height' ? n * CM_PER_IN : lbToKg(n)) * 100) / 100;
}

export type ProfileForm = {
  firstName: string;
  middleName: string;
  lastName: string;
  nickName: string;
  birthday: string;
  gender: string;
  phone: string;
  email: string;
  address: string;
  height: string;
  weight: string;
};

export function profileFormOf(p: TAppProfile): ProfileForm {
  return {
    firstName: p.firstName,
    middleName: p.middleName ?? '',
    lastName: p.lastName,
    nickName: p.nickName ?? '',
    birthday: p.birthday ?? '',
    gender: p.gender ?? '',
    phone: p.phone ?? '',
    email: p.email ?? '',
    address: p.address ?? '',
    height: displayHeight(p.heightCm, p.unitSystem),
    weight: displayWeight(p.weightKg, p.unitSystem),
  };
}

/**
 * The form checked with the same rules as the server (§5: names without digits, valid date of birth not later than
 * today; §9 no under-18s; optional-but-valid e-mail), messages translated. `body` only when there is no problem.
 */
export function checkProfileForm(
  t: TFunction,
  v: ProfileForm,
  units: UnitSystem,
  now: Date = new Date(),
): { body: TUpdateAppProfile | null; errors: Record<string, string> } {
  const heightCm = parseMeasure(v.height, 'height', units);
  const weightKg = parseMeasure(v.weight, 'weight', units);
  const parsed = ZUpdateAppProfileRequest.safeParse({
    ...v,
    gender: v.gender || undefined,
    heightCm,
    weightKg,
    height: undefined,
    weight: undefined,
  });
  const errors: Record<string, string> = parsed.success ? {} : zodFieldErrors(t, parsed.error);
  // Units and ranges are the form's own words (the contract speaks cm/kg).
  delete errors.heightCm;
  delete errors.weightKg;
  if (heightCm !== null && (Number.isNaN(heightCm) || heightCm <= 30 || heightCm >= 300))
    errors.height = t(Number.isNaN(heightCm) ? 'profile.me.number' : 'profile.me.heightRange');
  if (weightKg !== null && (Number.isNaN(weightKg) || weightKg <= 1 || weightKg >= 700))
    errors.weight = t(Number.isNaN(weightKg) ? 'profile.me.number' : 'profile.me.weightRange');
  if (!errors.birthday && v.birthday) {
    const day = birthdayProblem(v.birthday, now);
    const adult = day ? null : adultBirthdayProblem(v.birthday, localToday(now));
    if (day) errors.birthday = t(day === 'future' ? 'validation.birthdayFuture' : 'validation.birthdayInvalid');
    else if (adult === 'under_18') errors.birthday = t('profile.me.under18');
  }
  if (!v.phone.trim() && !v.email.trim() && !errors.phone) errors.phone = t('profile.me.contactRequired');
  return { body: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}

type FileLike = { size: number; type: string };

/** §5 "Profile picture smaller than 1 MB" (PNG or JPEG: what the server accepts). */
export function avatarProblem(file: FileLike): 'too_large' | 'type' | null {
  if (!['image/png', 'image/jpeg'].includes(file.type)) return 'type';
  return file.size >= 1024 * 1024 ? 'too_large' : null;
}

/** §5 "Feedback image at most 5 MB, png/jpeg/jpg/gif/webp; an error-type feedback needs an attachment". */
export function feedbackImageProblem(file: FileLike | null, kind: string): 'required' | 'too_large' | 'type' | null {
  if (!file) return kind === 'ERROR' ? 'required' : null;
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > FEEDBACK_IMAGE_MAX_BYTES ? 'too_large' : null;
}
