import { z } from 'zod';
import { EMAIL_RE } from './rules.ts';
import { ZId, page } from './common.ts';
import { ACCOUNT_STATES } from './lifecycle.ts';

/** Doctor degree codes of spec §3. */
export const DOCTOR_DEGREES = {
  1: 'medical_doctor',
  2: 'master_of_science',
  3: 'doctor_of_philosophy',
  4: 'level1_doctor',
  5: 'level2_doctor',
  6: 'associate_professor',
  7: 'professor',
} as const;
export const DOCTOR_DEGREE_CODES = [1, 2, 3, 4, 5, 6, 7] as const;
export type TDoctorDegree = (typeof DOCTOR_DEGREE_CODES)[number];

/** Doctor role of spec §3: family doctor or specialist. */
export const DOCTOR_TYPES = ['family', 'specialist'] as const;

/** Medical specialties (spec §3: "about 60"), stable codes with English and Vietnamese labels. */
export const SPECIALTIES = [
  { code: 'general_practice', en: 'General practice', vi: 'Đa khoa' },
  { code: 'family_medicine', en: 'Family medicine', vi: 'Y học gia đình' },
  { code: 'internal_medicine', en: 'Internal medicine', vi: 'Nội khoa' },
  { code: 'cardiology', en: 'Cardiology', vi: 'Tim mạch' },
  { code: 'interventional_cardiology', en: 'Interventional cardiology', vi: 'Tim mạch can thiệp' },
  { code: 'cardiac_surgery', en: 'Cardiac surgery', vi: 'Phẫu thuật tim' },
  { code: 'endocrinology', en: 'Endocrinology', vi: 'Nội tiết' },
  { code: 'diabetology', en: 'Diabetology', vi: 'Đái tháo đường' },
  { code: 'gastroenterology', en: 'Gastroenterology', vi: 'Tiêu hóa' },
  { code: 'hepatology', en: 'Hepatology', vi: 'Gan mật' },
  { code: 'nephrology', en: 'Nephrology', vi: 'Thận' },
  { code: 'urology', en: 'Urology', vi: 'Tiết niệu' },
  { code: 'pulmonology', en: 'Pulmonology', vi: 'Hô hấp' },
  { code: 'allergy_immunology', en: 'Allergy and immunology', vi: 'Dị ứng - Miễn dịch' },
  { code: 'rheumatology', en: 'Rheumatology', vi: 'Cơ xương khớp' },
  { code: 'hematology', en: 'Hematology', vi: 'Huyết học' },
  { code: 'oncology', en: 'Oncology', vi: 'Ung bướu' },
  { code: 'radiation_oncology', en: 'Radiation oncology', vi: 'Xạ trị' },
  { code: 'infectious_diseases', en: 'Infectious diseases', vi: 'Truyền nhiễm' },
  { code: 'neurology', en: 'Neurology', vi: 'Thần kinh' },
  { code: 'neurosurgery', en: 'Neurosurgery', vi: 'Phẫu thuật thần kinh' },
  { code: 'psychiatry', en: 'Psychiatry', vi: 'Tâm thần' },
  { code: 'psychology', en: 'Clinical psychology', vi: 'Tâm lý lâm sàng' },
  { code: 'geriatrics', en: 'Geriatrics', vi: 'Lão khoa' },
  { code: 'pediatrics', en: 'Pediatrics', vi: 'Nhi khoa' },
  { code: 'neonatology', en: 'Neonatology', vi: 'Sơ sinh' },
  { code: 'pediatric_surgery', en: 'Pediatric surgery', vi: 'Phẫu thuật nhi' },
  { code: 'obstetrics_gynecology', en: 'Obstetrics and gynecology', vi: 'Sản phụ khoa' },
  { code: 'reproductive_medicine', en: 'Reproductive medicine', vi: 'Hỗ trợ sinh sản' },
  { code: 'andrology', en: 'Andrology', vi: 'Nam khoa' },
  { code: 'general_surgery', en: 'General surgery', vi: 'Ngoại tổng quát' },
  { code: 'orthopedics', en: 'Orthopedics', vi: 'Chấn thương chỉnh hình' },
  { code: 'plastic_surgery', en: 'Plastic surgery', vi: 'Phẫu thuật thẩm mỹ' },
  { code: 'vascular_surgery', en: 'Vascular surgery', vi: 'Phẫu thuật mạch máu' },
  { code: 'thoracic_surgery', en: 'Thoracic surgery', vi: 'Phẫu thuật lồng ngực' },
  { code: 'anesthesiology', en: 'Anesthesiology', vi: 'Gây mê hồi sức' },
  { code: 'emergency_medicine', en: 'Emergency medicine', vi: 'Cấp cứu' },
  { code: 'intensive_care', en: 'Intensive care', vi: 'Hồi sức tích cực' },
  { code: 'dermatology', en: 'Dermatology', vi: 'Da liễu' },
  { code: 'ophthalmology', en: 'Ophthalmology', vi: 'Nhãn khoa' },
  { code: 'otorhinolaryngology', en: 'Otorhinolaryngology (ENT)', vi: 'Tai mũi họng' },
  { code: 'dentistry', en: 'Dentistry', vi: 'Răng hàm mặt' },
  { code: 'orthodontics', en: 'Orthodontics', vi: 'Chỉnh nha' },
  { code: 'radiology', en: 'Radiology', vi: 'Chẩn đoán hình ảnh' },
  { code: 'nuclear_medicine', en: 'Nuclear medicine', vi: 'Y học hạt nhân' },
  { code: 'pathology', en: 'Pathology', vi: 'Giải phẫu bệnh' },
  { code: 'laboratory_medicine', en: 'Laboratory medicine', vi: 'Xét nghiệm' },
  { code: 'rehabilitation', en: 'Physical medicine and rehabilitation', vi: 'Phục hồi chức năng' },
  { code: 'sports_medicine', en: 'Sports medicine', vi: 'Y học thể thao' },
  { code: 'nutrition', en: 'Clinical nutrition', vi: 'Dinh dưỡng lâm sàng' },
  { code: 'traditional_medicine', en: 'Traditional medicine', vi: 'Y học cổ truyền' },
  { code: 'occupational_medicine', en: 'Occupational medicine', vi: 'Y học lao động' },
  { code: 'preventive_medicine', en: 'Preventive medicine', vi: 'Y học dự phòng' },
  { code: 'public_health', en: 'Public health', vi: 'Y tế công cộng' },
  { code: 'sleep_medicine', en: 'Sleep medicine', vi: 'Y học giấc ngủ' },
  { code: 'pain_medicine', en: 'Pain medicine', vi: 'Điều trị đau' },
  { code: 'palliative_care', en: 'Palliative care', vi: 'Chăm sóc giảm nhẹ' },
  { code: 'tuberculosis', en: 'Tuberculosis and lung diseases', vi: 'Lao và bệnh phổi' },
  { code: 'toxicology', en: 'Toxicology', vi: 'Chống độc' },
  { code: 'medical_genetics', en: 'Medical genetics', vi: 'Di truyền y học' },
  { code: 'telemedicine', en: 'Telemedicine', vi: 'Y tế từ xa' },
] as const;
export type TSpecialtyCode = (typeof SPECIALTIES)[number]['code'];
export const SPECIALTY_CODES = SPECIALTIES.map((s) => s.code) as [TSpecialtyCode, ...TSpecialtyCode[]];
export const MAX_SPECIALTIES = 5;

/** Roles that need SystemAdminManage to create or edit (spec §6: super admin alone manages system admins). */
export const PRIVILEGED_ROLE_CODES = ['root', 'super_admin', 'system_admin'] as const;

/** Medical license image: PNG or JPEG by content, at most 5 MB (spec §9 report image). */
export const LICENSE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const personName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(64, 'Max length is 64')
  .refine((s) => !/[0-9]/.test(s), 'Names must not contain digits');
const email = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(254, 'Max length is 254')
  .regex(EMAIL_RE, 'Email is not valid')
  .transform((s) => s.toLowerCase());
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Max length is ${max}`)
    .nullable()
    .optional()
    .or(z.literal(''))
    .transform((s) => s || null);
const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Max length is 254')
  .regex(EMAIL_RE, 'Email is not valid')
  .nullable()
  .optional()
  .or(z.literal(''))
  .transform((s) => (s ? s.toLowerCase() : null));
const phone = z
  .string()
  .trim()
  .max(20, 'Max length is 20')
  .nullable()
  .optional()
  .or(z.literal(''))
  .transform((s) => s || null);
const isoDate = z
  .string({ error: 'Required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-MM-dd')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Date must be yyyy-MM-dd');

// ---------- levels (role + scope/center + main/support) ----------
export const ZStaffLevel = z.object({
  id: z.string().uuid(),
  roleCode: z.string(),
  roleName: z.string(),
  scopeId: z.string().uuid().nullable(),
  scopeName: z.string().nullable(),
  centerId: z.string().uuid().nullable(),
  centerName: z.string().nullable(),
  isMain: z.boolean(),
});
export type TStaffLevel = z.infer<typeof ZStaffLevel>;

export const ZStaffLevelInput = z.object({
  roleCode: z.string({ error: 'Required' }).trim().min(1, 'Required').max(64, 'Max length is 64'),
  scopeId: ZId.nullable()
    .optional()
    .transform((v) => v ?? null),
  centerId: ZId.nullable()
    .optional()
    .transform((v) => v ?? null),
  isMain: z.boolean().optional().default(false),
});
export type TStaffLevelInput = z.infer<typeof ZStaffLevelInput>;
const levels = z
  .array(ZStaffLevelInput, { error: 'Required' })
  .min(1, 'At least one role must be selected')
  .max(20, 'Max length is 20');

// ---------- doctor profile ----------
export const ZDoctorProfileInput = z.object({
  specialties: z
    .array(z.enum(SPECIALTY_CODES, { error: 'Unknown specialty' }))
    .max(MAX_SPECIALTIES, `Max length is ${MAX_SPECIALTIES}`)
    .default([]),
  degree: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)], {
      error: 'Degree must be 1 to 7',
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  examinationCost: z
    .number({ error: 'Must be a number' })
    .min(0, 'Min value is 0')
    .max(1_000_000_000, 'Max value is 1000000000')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  officeAddress: optionalText(255),
  officeEmail: optionalEmail,
  officePhone: phone,
  introduction: optionalText(2000),
  placeOfEducation: optionalText(255),
  yearsOfExperience: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Min value is 0')
    .max(80, 'Max value is 80')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  doctorType: z.enum(DOCTOR_TYPES, { error: 'Must be family or specialist' }).default('family'),
});
export type TDoctorProfileInput = z.infer<typeof ZDoctorProfileInput>;

export const ZDoctorProfile = z.object({
  specialties: z.array(z.string()),
  degree: z.number().int().nullable(),
  examinationCost: z.number().nullable(),
  officeAddress: z.string().nullable(),
  officeEmail: z.string().nullable(),
  officePhone: z.string().nullable(),
  introduction: z.string().nullable(),
  placeOfEducation: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  doctorType: z.enum(DOCTOR_TYPES),
});
export type TDoctorProfile = z.infer<typeof ZDoctorProfile>;

// ---------- licenses ----------
export const ZLicenseInput = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(255, 'Max length is 255'),
  number: z
    .string()
    .trim()
    .max(64, 'Max length is 64')
    .nullable()
    .optional()
    .or(z.literal(''))
    .transform((s) => s || null),
  expiryDate: isoDate,
});
export type TLicenseInput = z.infer<typeof ZLicenseInput>;
export const ZLicense = z.object({
  id: z.string().uuid(),
  name: z.string(),
  number: z.string().nullable(),
  expiryDate: z.string(),
  hasImage: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TLicense = z.infer<typeof ZLicense>;
export const ZLicenseList = z.object({ items: z.array(ZLicense) });
export const ZLicenseParams = z.object({ id: ZId, licenseId: ZId });

// ---------- staff ----------
export const STAFF_STATUSES = ACCOUNT_STATES;
export const ZPersonRef = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type TPersonRef = z.infer<typeof ZPersonRef>;

export const ZStaffSummary = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(ACCOUNT_STATES),
  disabledUntil: z.string().nullable(),
  levels: z.array(ZStaffLevel),
  /** Doctors only (empty otherwise). */
  specialties: z.array(z.string()),
  hasAvatar: z.boolean(),
  createdAt: z.string(),
});
export type TStaffSummary = z.infer<typeof ZStaffSummary>;
export const ZStaffPage = page(ZStaffSummary);
export type TStaffPage = z.infer<typeof ZStaffPage>;

export const ZStaffDetail = ZStaffSummary.extend({
  /** Present when the account holds the doctor role. */
  doctorProfile: ZDoctorProfile.nullable(),
  /** Doctors followed (doctor assistants). */
  doctors: z.array(ZPersonRef),
});
export type TStaffDetail = z.infer<typeof ZStaffDetail>;

/**
 * Staff list sorts: `-` = descending (issue 20); the unprefixed ones also honour the older `order` parameter.
 * Default `name` (first name, last name, id ascending).
 */
export const STAFF_SORTS = [
  'name',
  'email',
  'createdAt',
  '-name',
  '-email',
  '-createdAt',
  'status',
  '-status',
] as const;
export const ZStaffQuery = z.object({
  page: z.coerce
    .number({ error: 'Incorrect paging parameters' })
    .int('Incorrect paging parameters')
    .min(0, 'Min value is 0')
    .default(0),
  size: z.coerce
    .number({ error: 'Incorrect paging parameters' })
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(15),
  searchValue: z.string().trim().max(254, 'Max length is 254').optional(),
  role: z.string().trim().max(64, 'Max length is 64').optional(),
  centerId: ZId.optional(),
  status: z.enum(ACCOUNT_STATES).optional(),
  specialty: z.enum(SPECIALTY_CODES).optional(),
  sort: z.enum(STAFF_SORTS, 'Invalid sort').default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TStaffQuery = z.infer<typeof ZStaffQuery>;

export const ZCreateStaffRequest = z.object({
  firstName: personName,
  lastName: personName,
  email,
  phone,
  levels,
  /** Optional text fields accept '', null or nothing (the apps send the parsed output back). Doctors: their profile (defaults when omitted). */
  doctorProfile: ZDoctorProfileInput.optional(),
  /** Doctor assistants: the doctors they follow (at least one). */
  doctorIds: z.array(ZId).max(50, 'Max length is 50').optional().default([]),
});
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequest>;

export const ZUpdateStaffRequest = z.object({
  firstName: personName,
  lastName: personName,
  email,
  phone,
  levels,
  /** Doctors to follow in addition (when the account becomes a doctor assistant). */
  doctorIds: z.array(ZId).max(50, 'Max length is 50').optional().default([]),
});
export type TUpdateStaffRequest = z.infer<typeof ZUpdateStaffRequest>;

export const ZFollowDoctorRequest = z.object({ doctorId: ZId });
export const ZDoctorParams = z.object({ id: ZId, doctorId: ZId });
export const ZPersonList = z.object({ items: z.array(ZPersonRef) });

/** What the staff form may pick: roles the caller may grant, centers and scopes within the caller's reach. */
export const ZStaffOptions = z.object({
  roles: z.array(z.object({ code: z.string(), name: z.string(), isDefault: z.boolean() })),
  centers: z.array(z.object({ id: z.string().uuid(), name: z.string(), scopeId: z.string().uuid().nullable() })),
  scopes: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      level: z.number().int(),
      parentId: z.string().uuid().nullable(),
    }),
  ),
});
export type TStaffOptions = z.infer<typeof ZStaffOptions>;

export const ZUsernameQuery = z.object({
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254, 'Max length is 254'),
});

// ---------- §7 self-service profiles ----------
export const ZDoctorMe = z.object({ account: ZStaffDetail, licenses: z.array(ZLicense) });
export type TDoctorMe = z.infer<typeof ZDoctorMe>;
export const ZUpdateDoctorMeRequest = ZDoctorProfileInput.extend({
  firstName: personName.optional(),
  lastName: personName.optional(),
});
export const ZUpdateAssistantMeRequest = z.object({ firstName: personName, lastName: personName, phone });
export type TUpdateAssistantMeRequest = z.infer<typeof ZUpdateAssistantMeRequest>;
