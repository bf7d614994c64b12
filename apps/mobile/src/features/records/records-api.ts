import { useInfiniteQuery } from '@tanstack/react-query';
import { useBlobUrl } from '@carewatch/web/files';
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

/** An object URL of a paper (fetched with the session), revoked when the screen leaves it. */
export const usePaperUrl = (url: string) => useBlobUrl(api, url);
