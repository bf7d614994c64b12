/**
 * The field-rule messages the contracts write (staff-portal spec §5), as the API answers them in a 400's field details
 * and as the apps read them from a Zod error: each names one rule, and the apps show it through the i18n key
 * `fieldRules.<key>` (English and Vietnamese), with the rule's number as `{{n}}` where it has one.
 *
 * Zod's own wording (a field left unselected, a bare `.max()`) is mapped too, so that no rule ends as a vague
 * "Invalid value".
 */
export const FIELD_RULES: ReadonlyArray<readonly [RegExp, FieldRuleKey]> = [
  [/^Required$/, 'required'],
  // Zod's wording of a missing value: a select left empty, an absent field.
  [/^Invalid input: expected \w+, received (undefined|null)$/, 'required'],
  [/^Too small: expected string to have >=1 characters?$/, 'required'],
  [/^(?:Min length is|Too small: expected string to have >=)\s?(\d+)(?: characters?)?$/, 'minLength'],
  [/^(?:Max length is|At most|Too big: expected string to have <=)\s?(\d+)(?: characters?)?$/, 'maxLength'],
  [/^(?:Min value is|Too small: expected number to be >=)\s?(-?\d+)$/, 'minValue'],
  [/^(?:Max value is|Too big: expected number to be <=)\s?(-?\d+)$/, 'maxValue'],
  [/^(?:Email is not valid|Invalid email address)$/, 'email'],
  [/^(?:Phone number is not valid|Invalid phone number)$/, 'phone'],
  [/^The code must be 6 digits$/, 'otp'],
  [/^Names must not contain digits$/, 'nameDigits'],
  [/^(?:Birthday|Date of birth) is not valid$/, 'birthday'],
  [/^Birthday can not from the future$/, 'birthdayFuture'],
  [/^Invalid blood type$/, 'bloodType'],
  [/^Blood type is required$/, 'bloodTypeRequired'],
  [/^Invalid Height and Weight value$/, 'heightWeight'],
  [/^Height must be (?:between 30 and 300 cm|a number)$/, 'height'],
  [/^Weight must be (?:between 1 and 700 kg|above 1 kg and below 700 kg|a number)$/, 'weight'],
  [/^(?:Gender value is missing or invalid|Invalid gender)$/, 'gender'],
  [/^Invalid Mac address format$/, 'mac'],
  [/^IMEI must be 15 digits$/, 'imei'],
  [/^(?:Date is not valid|Invalid date \(YYYY-MM-DD\)|Date must be yyyy-MM-dd)$/, 'date'],
  [/^(?:Invalid time|Invalid time of day)$/, 'time'],
  [/^Start time can'?t after end time$/, 'startAfterEnd'],
  [/^(?:End date must be after start date|End date must be on or after the start date|End must be on or after the start|Must not be before the start)$/, 'endBeforeStart'],
  // A list choice (scope, center, doctor...) that is not one of the list's.
  [/^(?:Invalid id|Invalid UUID|Invalid option: .*)$/, 'choose'],
  [/^(?:Invalid status|Invalid medical status)$/, 'status'],
  [/^(?:Must be a number|Invalid number|Invalid input: expected number, received NaN)$/, 'number'],
  [/^(?:Passwords do not match|Password confirmation does not match)$/, 'passwordMismatch'],
  [/^New password must differ from the current password$/, 'passwordSame'],
  [/^Password does not satisfy the password rule$/, 'passwordRule'],
  [/^Host name is not valid$/, 'host'],
  [/^Port is not valid$/, 'port'],
  [/^(?:URL is not valid|Website is not valid)$/, 'url'],
  [/^(?:Colour is not valid|Invalid colour)$/, 'colour'],
  [/^Tenant code is not valid$/, 'tenantCode'],
  [/^Latitude must be between -90 and 90$/, 'latitude'],
  [/^Longitude must be between -180 and 180$/, 'longitude'],
  [/^Invalid timezone$/, 'timezone'],
  [/^Invalid language$/, 'language'],
  [/^Dial code does not match the country$/, 'dialCode'],
  [/^A reason is required to cancel$/, 'cancelReason'],
  [/^A reason is required to reject$/, 'rejectReason'],
  [/^At least one role must be selected$/, 'role'],
  [/^At least one admin is required$/, 'admin'],
  [/^At most 1 main admin$/, 'mainAdmin'],
  [/^Each tenant must have 3 connections$/, 'connections'],
  [/^At least one of patient id, phone or email is required$/, 'patientContact'],
  [/^Patient id may contain letters, digits, \. _ -$/, 'patientId'],
  [/^No special characters$/, 'noSpecial'],
  [/^Letters, digits, - and _ only$/, 'lettersDigits'],
  [/^At least 1 option$/, 'option'],
  [/^Each medicine needs at least one schedule time$/, 'scheduleTime'],
  [/^On-demand medicines have no reminders$/, 'onDemand'],
  [/^Doctor assistant must follow at least 1 doctor$/, 'assistantDoctor'],
  [/^Choose at least one (?:attribute|column)$/, 'attribute'],
  [/^(?:Relationship is required|Invalid relationship)$/, 'relationship'],
  [/^Medical license expired$/, 'licenseExpired'],
  [/^(?:Values must be unique|Days must be unique|Duplicate index|Each duration once)$/, 'unique'],
  [/^Expiry must not be before the availability date$/, 'expiry'],
  [/^You must accept the terms$/, 'acceptTerms'],
  [/^You must accept the privacy policy$/, 'acceptPrivacy'],
  [/^Skin colou?r is required$/, 'skinColour'],
  [/^Account type is required$/, 'accountType'],
  [/^You must agree to the processing of your health data$/, 'acceptHealth'],
];

export const FIELD_RULE_KEYS = [
  'required', 'minLength', 'maxLength', 'minValue', 'maxValue', 'email', 'phone', 'otp', 'nameDigits', 'birthday',
  'birthdayFuture', 'bloodType', 'bloodTypeRequired', 'heightWeight', 'height', 'weight', 'gender', 'mac', 'imei',
  'date', 'time', 'startAfterEnd', 'endBeforeStart', 'choose', 'status', 'number', 'passwordMismatch',
  'passwordSame', 'passwordRule', 'host', 'port', 'url', 'colour', 'tenantCode', 'latitude', 'longitude', 'timezone',
  'language', 'dialCode', 'cancelReason', 'rejectReason', 'role', 'admin', 'mainAdmin', 'connections',
  'patientContact', 'patientId', 'noSpecial', 'lettersDigits', 'option', 'scheduleTime', 'onDemand',
  'assistantDoctor', 'attribute', 'relationship', 'licenseExpired', 'unique', 'expiry', 'acceptTerms',
  'acceptPrivacy', 'skinColour', 'accountType', 'acceptHealth',
] as const;
export type FieldRuleKey = (typeof FIELD_RULE_KEYS)[number];

/** The rule a contract message names (its i18n key under `fieldRules.` and its number), or null when it names none. */
export function fieldRule(message: string): { key: FieldRuleKey; n?: string } | null {
  for (const [re, key] of FIELD_RULES) {
    const m = re.exec(message.trim());
    if (m) return m[1] === undefined || !/^-?\d+$/.test(m[1]) ? { key } : { key, n: m[1] };
  }
  return null;
}
