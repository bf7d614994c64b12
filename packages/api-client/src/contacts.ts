import type { ApiRequest } from './staff.ts';
import {
  ZContact,
  ZContactQr,
  ZContactRequests,
  ZContactsOverview,
  ZPatientFollowers,
  type TCreateContactRequest,
  type TUpdateContactRequest,
} from '@carewatch/contracts/contacts';

const M = '/api/account/contacts';
const enc = encodeURIComponent;

/** Followers and contacts of the signed-in app user: lists, requests (send, accept, reject, cancel, resend), QR, remove/unfollow. */
export const contactsApi = (request: ApiRequest) => ({
  overview: () => request('GET', M, { schema: ZContactsOverview }),
  requests: () => request('GET', `${M}/requests`, { schema: ZContactRequests }),
  qr: () => request('GET', `${M}/qr`, { schema: ZContactQr }),
  send: (body: Partial<TCreateContactRequest> & Pick<TCreateContactRequest, 'kind'>) =>
    request('POST', `${M}/requests`, { body, schema: ZContact }),
  accept: (id: string) => request('POST', `${M}/requests/${enc(id)}/accept`, { schema: ZContact }),
  reject: (id: string) => request('POST', `${M}/requests/${enc(id)}/reject`, { schema: ZContact }),
  cancel: (id: string) => request('POST', `${M}/requests/${enc(id)}/cancel`, { schema: ZContact }),
  resend: (id: string) => request('POST', `${M}/requests/${enc(id)}/resend`, { schema: ZContact }),
  update: (id: string, body: TUpdateContactRequest) => request('PUT', `${M}/${enc(id)}`, { body, schema: ZContact }),
  remove: (id: string) => request('DELETE', `${M}/${enc(id)}`, { schema: ZContact }),
  // Staff: a visible patient's followers, doctors and pending requests.
  patientFollowers: (patientId: string) =>
    request('GET', `/api/account/patients/${enc(patientId)}/followers`, { schema: ZPatientFollowers }),
});
