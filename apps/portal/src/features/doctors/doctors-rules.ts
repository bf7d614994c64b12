import { LICENSE_IMAGE_MAX_BYTES, type TLicense } from '@carewatch/contracts/staff';

/** The doctor screens' pure rules: the care requests' path and status colours, and a licence's form, image and badge. */

export type RequestSide = 'doctor' | 'patient';
/** Requests of doctors (to follow a patient) and of patients (for a doctor) live at their own paths. */
export const requestsPath = (w: RequestSide): 'doctor-requests' | 'patient-requests' =>
  w === 'doctor' ? 'doctor-requests' : 'patient-requests';

const REQUEST_STATUS_COLOR: Record<string, string> = {
  pending: 'yellow',
  accepted: 'teal',
  rejected: 'red',
  cancelled: 'gray',
  removed: 'gray',
};
/** A request's status colour (grey for a status the portal does not know). */
export const requestStatusColor = (status: string): string => REQUEST_STATUS_COLOR[status] ?? 'gray';

/** A licence's form: empty for a new one, its fields for one being edited. */
export const licenseFormValues = (
  l: Pick<TLicense, 'name' | 'number' | 'expiryDate'> | null,
): { name: string; number: string; expiryDate: string } => ({
  name: l?.name ?? '',
  number: l?.number ?? '',
  expiryDate: l?.expiryDate ?? '',
});

/** A licence image's problem (catalogue key), checked when chosen: PNG or JPEG, at most the contract's size. None chosen is fine. */
export function licenseImageProblem(
  f: { type: string; size: number } | null,
): 'validation.imageType' | 'staff.licenses.imageSize' | null {
  if (!f) return null;
  if (!['image/png', 'image/jpeg'].includes(f.type)) return 'validation.imageType';
  if (f.size > LICENSE_IMAGE_MAX_BYTES) return 'staff.licenses.imageSize';
  return null;
}

/** An expired licence shows red, a valid one teal. */
export const licenseBadge = (
  l: Pick<TLicense, 'expired'>,
): { color: 'red' | 'teal'; labelKey: 'staff.licenses.expired' | 'staff.licenses.valid' } =>
  l.expired
    ? { color: 'red', labelKey: 'staff.licenses.expired' }
    : { color: 'teal', labelKey: 'staff.licenses.valid' };
