import { z } from 'zod';
import type { ApiRequest } from './staff.ts';
import { ZMeeting, ZSignalList, type TSignalRequest } from '@carewatch/contracts/meetings';

const M = '/api/account/meetings';
const enc = encodeURIComponent;

/** Video visits: the room, the waiting room (join, admit, leave) and the WebRTC signals. */
export const meetingsApi = (request: ApiRequest) => ({
  get: (id: string) => request('GET', `${M}/${enc(id)}`, { schema: ZMeeting }),
  join: (id: string) => request('POST', `${M}/${enc(id)}/join`, { schema: ZMeeting }),
  admit: (id: string, userId: string) =>
    request('POST', `${M}/${enc(id)}/admit`, { body: { userId }, schema: ZMeeting }),
  leave: (id: string) => request('POST', `${M}/${enc(id)}/leave`, { schema: ZMeeting }),
  signal: (id: string, body: TSignalRequest) =>
    request('POST', `${M}/${enc(id)}/signals`, { body, schema: z.object({ seq: z.number() }) }),
  signals: (id: string, after: number) =>
    request('GET', `${M}/${enc(id)}/signals`, { query: { after }, schema: ZSignalList }),
});
export type MeetingsApi = ReturnType<typeof meetingsApi>;
