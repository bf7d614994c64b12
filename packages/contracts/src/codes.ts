/**
 * Code lists shared by several contracts, in a module without schemas: the patient app's first load imports these
 * without pulling the staff, patient and contact schemas (zod schemas are module side effects, never tree-shaken).
 */
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const CONTACT_RELATIONSHIPS = [
  'father',
  'mother',
  'son',
  'daughter',
  'husband',
  'wife',
  'sister',
  'relative',
  'friend',
  'other',
] as const;
export const PATIENT_LIST_COLUMNS = [
  'patientCode',
  'fullName',
  'birthday',
  'gender',
  'phone',
  'email',
  'status',
  'center',
  'packageExpiry',
  'contractId',
  'accountCreatedAt',
  'createdAt',
] as const;
export type TPatientListColumn = (typeof PATIENT_LIST_COLUMNS)[number];
export const DEFAULT_PATIENT_LIST_COLUMNS: TPatientListColumn[] = [
  'patientCode',
  'fullName',
  'birthday',
  'gender',
  'phone',
  'status',
  'center',
  'createdAt',
];
