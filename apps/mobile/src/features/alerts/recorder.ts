import { useCallback, useEffect, useRef, useState } from 'react';
import { SOS_RECORDING_MAX_SECONDS } from '@carewatch/contracts/alerts';

export type RecorderState =
  | { step: 'idle' }
  | { step: 'recording'; seconds: number }
  | { step: 'recorded'; blob: Blob; url: string; seconds: number; fileName: string }
  | { step: 'failed'; reason: 'unsupported' | 'denied' };

/** Opus in WebM where the browser has it (Chromium, Firefox), else what it offers (Safari: mp4). */
function pickMime(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((m) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(m));
}
const extOf = (mime: string) => (mime.includes('ogg') ? 'ogg' : mime.includes('mp4') ? 'm4a' : 'webm');

/** A voice message for the SOS (spec §3 "SOS message: one of 4 choices, or a recording"), at most 60 s. */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>({ step: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  /** The last finished recording, and whoever waits for the one being stopped (`finish`). */
  const last = useRef<{ blob: Blob; fileName: string } | null>(null);
  const waiting = useRef<Array<(r: { blob: Blob; fileName: string } | null) => void>>([]);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const urlRef = useRef<string | null>(null);

  const stopTracks = () => recorder.current?.stream.getTracks().forEach((tr) => tr.stop());
  const clearTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const stop = useCallback(() => {
    clearTimer();
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ step: 'failed', reason: 'unsupported' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ step: 'failed', reason: 'denied' });
      return;
    }
    const mime = pickMime();
    const rec = new MediaRecorder(stream, mime ? { mimeType: mime, audioBitsPerSecond: 32_000 } : undefined);
    const chunks: Blob[] = [];
    const began = Date.now();
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      stopTracks();
      const type = rec.mimeType || mime || 'audio/webm';
      const blob = new Blob(chunks, { type });
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      const fileName = `sos-message.${extOf(type)}`;
      last.current = blob.size > 0 ? { blob, fileName } : null;
      for (const w of waiting.current.splice(0)) w(last.current);
      setState({
        step: 'recorded',
        blob,
        url,
        seconds: Math.max(1, Math.round((Date.now() - began) / 1000)),
        fileName,
      });
    };
    recorder.current = rec;
    last.current = null;
    rec.start(1000);
    setState({ step: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = Math.floor((Date.now() - began) / 1000);
      if (seconds >= SOS_RECORDING_MAX_SECONDS) stop();
      else setState((s) => (s.step === 'recording' ? { step: 'recording', seconds } : s));
    }, 250);
  }, [stop]);

  /**
   * The message as it is now, for an SOS that goes without waiting: a recording in progress is stopped and what was
   * said so far is used (at most `waitMs` for the browser to hand it over); null when there is nothing recorded.
   */
  const finish = useCallback(
    (waitMs = 1_500): Promise<{ blob: Blob; fileName: string } | null> => {
      const rec = recorder.current;
      if (!rec || rec.state === 'inactive') return Promise.resolve(last.current);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), waitMs);
        waiting.current.push((r) => {
          clearTimeout(timer);
          resolve(r);
        });
        stop();
      });
    },
    [stop],
  );

  const reset = useCallback(() => {
    clearTimer();
    const rec = recorder.current;
    recorder.current = null;
    // Discarded: its late `stop` event must not bring the recording back.
    if (rec && rec.state !== 'inactive') {
      rec.onstop = () => rec.stream.getTracks().forEach((tr) => tr.stop());
      rec.stop();
    }
    for (const w of waiting.current.splice(0)) w(null);
    last.current = null;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setState({ step: 'idle' });
  }, []);

  useEffect(
    () => () => {
      clearTimer();
      stopTracks();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  return { state, start, stop, reset, finish };
}
