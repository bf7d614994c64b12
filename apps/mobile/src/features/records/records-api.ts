import { useEffect, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '@carewatch/api-client/client';
import { appMedicalRecordsApi } from '@carewatch/api-client/medical-records';
import { api } from '../../app/api.ts';
import { useSubject } from '../../app/subject.ts';

/** The signed-in user's medical records calls (read only; same client and session as the rest of the app). */
export const myRecordsApi = appMedicalRecordsApi(api.request);
const PAGE_SIZE = 20;

export const RECORD_KEYS = {
  list: (subjectId: string) => ['me', 'records', 'list', subjectId] as const,
  detail: (id: string) => ['me', 'records', 'detail', id] as const,
};

/** The records of the subject being viewed (mine, or a followed patient's / sub-user's), newest examination first. */
export function useRecords() {
  const subject = useSubject();
  const subjectId = subject?.patientId ?? 'me';
  const query = useInfiniteQuery({
    queryKey: RECORD_KEYS.list(subjectId),
    queryFn: ({ pageParam }) => myRecordsApi.list(subjectId, { page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
  });
  return { query, subject };
}

async function fetchBlob(url: string): Promise<Blob> {
  const get = () => {
    const token = api.tokens.access();
    return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  let res = await get();
  if (res.status === 401 && (await api.refresh())) res = await get();
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'ATTACHMENT_NOT_FOUND' : 'INTERNAL', res.statusText);
  return res.blob();
}

/** An object URL of a paper (fetched with the session), revoked when the screen leaves it. */
export function usePaperUrl(url: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchBlob(url).then((b) => {
      objectUrl = URL.createObjectURL(b);
      if (live) setState({ url, src: objectUrl, failed: false });
      else URL.revokeObjectURL(objectUrl);
    }, () => { if (live) setState({ url, src: null, failed: true }); });
    return () => { live = false; if (objectUrl) URL.revokeObjectURL(objectUrl); };
  }, [url]);
  return state?.url === url ? state : { src: null, failed: false };
}
