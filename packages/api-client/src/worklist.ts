import type { ApiRequest } from './staff.ts';
import { ZWorklistPage, type TWorklistQuery } from '@carewatch/contracts/worklist';

/** The triage worklist (issue 20); its actions are the alerts' (acknowledge) and SOS cases' own calls. */
export const worklistApi = (request: ApiRequest) => ({
  list: (q: Partial<TWorklistQuery> = {}) =>
    request('GET', '/api/account/worklist', { query: q, schema: ZWorklistPage }),
});
