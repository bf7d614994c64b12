import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { z } from 'zod';
import { ZAdmitRequest, ZMeeting, ZSignalList, ZSignalQuery, ZSignalRequest } from '@carewatch/contracts/meetings';
import { defineRoute } from '../../../platform/route.ts';
import { admit, getMeeting, joinMeeting, leaveMeeting, sendSignal, signals } from '../meetings.service.ts';

const P = '/api/account/meetings/:id';
const tags = ['appointments', 'video'];

export const getMeetingRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.AppointmentView,
  summary: "A video visit's room: who is in it (waiting, admitted, left) and the ICE servers",
  params: ZIdParams,
  response: ZMeeting,
  handler: async ({ params }, ctx) => getMeeting(ctx, params.id),
});
export const joinMeetingRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/join`,
  tags,
  permission: Permission.AppointmentView,
  summary: 'Enter the room (doctor, assistant of the doctor, or the patient; the patient waits until admitted)',
  params: ZIdParams,
  response: ZMeeting,
  handler: async ({ params }, ctx) => joinMeeting(ctx, params.id),
});
export const admitRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/admit`,
  tags,
  permission: Permission.AppointmentView,
  summary: 'The doctor admits a waiting participant (the appointment moves to PROCESSING)',
  params: ZIdParams,
  body: ZAdmitRequest,
  response: ZMeeting,
  handler: async ({ params, body }, ctx) => admit(ctx, params.id, body.userId),
});
export const leaveMeetingRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/leave`,
  tags,
  permission: Permission.AppointmentView,
  summary: 'Leave the room',
  params: ZIdParams,
  response: ZMeeting,
  handler: async ({ params }, ctx) => leaveMeeting(ctx, params.id),
});
export const sendSignalRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/signals`,
  tags,
  permission: Permission.AppointmentView,
  summary:
    'Send a WebRTC signal (offer, answer, ICE candidate, bye) to another admitted participant; announced over the WebSocket',
  params: ZIdParams,
  body: ZSignalRequest,
  response: z.object({ seq: z.number().int() }),
  handler: async ({ params, body }, ctx) => sendSignal(ctx, params.id, body),
});
export const signalsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/signals`,
  tags,
  permission: Permission.AppointmentView,
  summary: 'The WebRTC signals waiting for me after a sequence number',
  params: ZIdParams,
  query: ZSignalQuery,
  response: ZSignalList,
  handler: async ({ params, query }, ctx) => signals(ctx, params.id, query.after),
});
