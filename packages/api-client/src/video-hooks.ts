import { createElement, useEffect, useRef, useState } from 'react';
import type { MeetingsApi } from './meetings.ts';
import type { RealtimeConnection } from './realtime.ts';
import { VideoCall, type VideoSnapshot } from './video-call.ts';

/**
 * Runs a video visit while the screen is mounted (both apps): `start` asks for camera and microphone and enters
 * the room; leaving the screen leaves the room.
 */
export function useVideoCall(
  api: MeetingsApi,
  realtime: RealtimeConnection,
  appointmentId: string,
  myUserId: string | undefined,
) {
  const [call, setCall] = useState<VideoCall | null>(null);
  const [snap, setSnap] = useState<VideoSnapshot | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const callRef = useRef<VideoCall | null>(null);
  useEffect(
    () => () => {
      void callRef.current?.leave();
    },
    [],
  );
  const start = async () => {
    if (!myUserId || callRef.current) return;
    const c = new VideoCall(api, realtime, appointmentId, myUserId);
    callRef.current = c;
    setCall(c);
    setFailure(null);
    c.subscribe(setSnap);
    try {
      await c.start();
    } catch (e) {
      setFailure(e);
      c.dispose();
      callRef.current = null;
      setCall(null);
    }
  };
  const leave = async () => {
    await callRef.current?.leave();
    callRef.current = null;
    setCall(null);
  };
  return { call, snap, failure, start, leave };
}

/** A <video> showing a MediaStream (React cannot set srcObject as an attribute). */
export function MediaVideo({
  stream,
  muted,
  label,
  className,
  style,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  label: string;
  className?: string;
  style?: Record<string, string | number>;
}) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const v = ref.current;
    if (v && v.srcObject !== stream) v.srcObject = stream;
  });
  return createElement('video', {
    ref,
    autoPlay: true,
    playsInline: true,
    muted: muted ?? false,
    'aria-label': label,
    className,
    style,
  });
}
