import type { FieldRuleKey } from '@carewatch/contracts/field-rules';
import { fieldRulesEn } from '../portal/field-rules-en.ts';

/** Patient app catalogue, domain "fieldRules": the portal's messages, in the app's friendlier wording where it has one. */
export const appFieldRulesEn: Record<FieldRuleKey, string> = {
  ...fieldRulesEn,
  minLength: 'At least {{n}} characters',
  maxLength: 'At most {{n}} characters',
  email: 'E-mail is not valid',
  otp: 'Enter the complete 6-digit code',
  birthday: 'Date of birth is not valid',
  birthdayFuture: 'Date of birth cannot be later than today',
  gender: 'Choose a gender',
  skinColour: 'Skin color is required',
  acceptTerms: 'You must accept the terms of use',
  passwordMismatch: 'Passwords do not match',
};
