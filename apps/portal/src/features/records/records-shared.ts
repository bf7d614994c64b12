import { useBlobUrl as useSharedBlobUrl } from '@carewatch/web/files';
import { medicalRecordsApi } from '@carewatch/api-client/medical-records';
import { schedulesApi } from '@carewatch/api-client/schedules';
import { MEDICAL_RECORD_FILE_MAX_BYTES } from '@carewatch/contracts/medical-records';
import { api } from '../../app/api.ts';

export const records = medicalRecordsApi(api.request);
export const recordDoctors = schedulesApi(api.request);

export const recordKeys = {
  all: ['medical-records'] as const,
  list: (patientId: string, page: number) => ['medical-records', 'list', patientId, page] as const,
  detail: (id: string) => ['medical-records', 'detail', id] as const,
  doctors: ['medical-records', 'doctors'] as const,
};

/** A first check before sending (the server decides by content): the name says jpg, png or pdf, and ≤ 10 MB. */
export function fileProblem(f: File): 'type' | 'size' | null {
  if (!/\.(pdf|jpe?g|png)$/i.test(f.name)) return 'type';
  if (f.size > MEDICAL_RECORD_FILE_MAX_BYTES) return 'size';
  return null;
}

/** An object URL of an authenticated file, revoked when the file changes or the viewer closes. */
export const useBlobUrl = (url: string | null) => useSharedBlobUrl(api, url);
