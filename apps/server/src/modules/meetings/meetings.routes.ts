import type { AnyRoute } from '../../platform/route.ts';
import {
  admitRoute,
  getMeetingRoute,
  joinMeetingRoute,
  leaveMeetingRoute,
  sendSignalRoute,
  signalsRoute,
} from './routes/meetings.ts';

/** The "meetings" module's routes: video visits of ONLINE appointments (room, waiting room, WebRTC signalling). */
export const MEETINGS_ROUTES: AnyRoute[] = [
  getMeetingRoute,
  joinMeetingRoute,
  admitRoute,
  leaveMeetingRoute,
  sendSignalRoute,
  signalsRoute,
];
