import { useEffect, useState } from 'react';
import { ApiError } from '@carewatch/api-client/client';
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

/** The bytes of a file behind the auth header (the session refreshed once on 401). */
export async function fetchBlob(url: string): Promise<Blob> {
  const get = () => {
    const token = api.tokens.access();
    return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  let res = await get();
  if (res.status === 401 && (await api.refresh())) res = await get();
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'ATTACHMENT_NOT_FOUND' : 'INTERNAL', res.statusText);
  return res.blob();
}

/** An object URL of an authenticated file, revoked when the file changes or the viewer closes. */
export function useBlobUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({ url: null, src: null, failed: false });
  useEffect(() => {
    if (!url) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    fetchBlob(url).then((b) => {
      objectUrl = URL.createObjectURL(b);
      if (live) setState({ url, src: objectUrl, failed: false });
      else URL.revokeObjectURL(objectUrl);
    }, () => { if (live) setState({ url, src: null, failed: true }); });
    return () => { live = false; if (objectUrl) URL.revokeObjectURL(objectUrl); };
  }, [url]);
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
