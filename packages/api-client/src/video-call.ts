import type { TMeeting, TSignal } from '@carewatch/contracts/meetings';
import type { MeetingsApi } from './meetings.ts';
import type { RealtimeConnection } from './realtime.ts';

/** The call errors of the spec (staff-portal §8): their texts are the apps' i18n keys `video.errors.<code>`. */
export type VideoError =
  'no_camera' | 'no_microphone' | 'device_error' | 'call_failed' | 'call_ended' | 'connection_dropped';
export type VideoPhase = 'starting' | 'waiting' | 'in_call' | 'left';
export type VideoSnapshot = {
  phase: VideoPhase;
  meeting: TMeeting | null;
  local: MediaStream | null;
  /** Remote media per participant user id. */
  remotes: Array<{ userId: string; stream: MediaStream; connected: boolean }>;
  camera: boolean;
  microphone: boolean;
  /** A problem to show (the call may go on: no camera still allows a voice call). */
  error: VideoError | null;
};

type Peer = {
  pc: RTCPeerConnection;
  stream: MediaStream;
  pending: RTCIceCandidateInit[];
  connected: boolean;
  offerer: boolean;
  restartTimer: ReturnType<typeof setTimeout> | null;
};

/**
 * One browser's side of a video visit (both apps use it; their screens only draw the snapshot). Media go peer to peer
 * (a mesh: each admitted participant with each other one); the offers, answers and ICE candidates go through the
 * server (stored, announced by a `meeting.signal` frame on the app's WebSocket, then fetched). The participant with
 * the smaller user id makes the offer, so two never offer at once. After a network drop the socket reconnects, the
 * room is joined again (an admitted patient stays admitted) and the offerer restarts ICE.
 */
export class VideoCall {
  private peers = new Map<string, Peer>();
  private lastSeq = 0;
  private local: MediaStream | null = null;
  private meeting: TMeeting | null = null;
  private phase: VideoPhase = 'starting';
  private error: VideoError | null = null;
  private camera = true;
  private microphone = true;
  private unlisten: Array<() => void> = [];
  private poll: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<(s: VideoSnapshot) => void>();
  private fetching: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly api: MeetingsApi,
    private readonly realtime: RealtimeConnection,
    private readonly appointmentId: string,
    private readonly myUserId: string,
  ) {}

  subscribe(l: (s: VideoSnapshot) => void): () => void {
    this.listeners.add(l);
    l(this.snapshot());
    return () => {
      this.listeners.delete(l);
    };
  }

  snapshot(): VideoSnapshot {
    return {
      phase: this.phase,
      meeting: this.meeting,
      local: this.local,
      camera: this.camera,
      microphone: this.microphone,
      error: this.error,
      remotes: [...this.peers.entries()].map(([userId, p]) => ({ userId, stream: p.stream, connected: p.connected })),
    };
  }

  private emit() {
    const s = this.snapshot();
    this.listeners.forEach((l) => l(s));
  }

  /** Camera and microphone (a missing one is reported, the call goes on with the other), then the room. */
  async start(): Promise<void> {
    this.local = await this.openMedia();
    this.emit();
    this.unlisten.push(
      this.realtime.listen((e) => {
        if (this.closed) return;
        if (e.type === 'meeting.presence' && e.appointmentId === this.appointmentId) void this.refresh();
        if (e.type === 'meeting.signal' && e.appointmentId === this.appointmentId) void this.fetchSignals();
      }),
    );
    // Back after a drop: enter again (presence), catch up on signals, and let the offerer restart ICE.
    this.unlisten.push(
      this.realtime.onOpen(() => {
        if (this.closed || this.phase === 'starting') return;
        void this.rejoin();
      }),
    );
    const onOnline = () => {
      if (!this.closed) void this.rejoin();
    };
    const onOffline = () => {
      if (!this.closed) {
        this.error = 'connection_dropped';
        this.emit();
      }
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    this.unlisten.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    });
    try {
      this.apply(await this.api.join(this.appointmentId));
    } catch (e) {
      this.error = 'call_failed';
      this.emit();
      throw e;
    }
    // Frames wake us up; this slow poll only covers a frame lost while the socket was reconnecting.
    this.poll = setInterval(() => {
      if (!this.closed) void this.fetchSignals();
    }, 3000);
    await this.fetchSignals();
  }

  private async openMedia(): Promise<MediaStream | null> {
    const md = navigator.mediaDevices;
    if (!md?.getUserMedia) {
      this.error = 'device_error';
      return null;
    }
    try {
      return await md.getUserMedia({ video: true, audio: true });
    } catch (e) {
      const name = (e as DOMException).name;
      if (name !== 'NotFoundError' && name !== 'OverconstrainedError' && name !== 'DevicesNotFoundError') {
        this.error = 'device_error';
        return null;
      }
    }
    try {
      const audio = await md.getUserMedia({ audio: true });
      this.error = 'no_camera';
      this.camera = false;
      return audio;
    } catch {
      /* no microphone either, or both missing */
    }
    try {
      const video = await md.getUserMedia({ video: true });
      this.error = 'no_microphone';
      this.microphone = false;
      return video;
    } catch {
      this.error = 'no_camera';
      this.camera = false;
      this.microphone = false;
      return null;
    }
  }

  private rejoinTimer: ReturnType<typeof setTimeout> | null = null;

  /** Enters the room again after a drop; a first attempt on a network still waking up is retried every 2 s. */
  private async rejoin(): Promise<void> {
    if (this.rejoinTimer) {
      clearTimeout(this.rejoinTimer);
      this.rejoinTimer = null;
    }
    try {
      this.apply(await this.api.join(this.appointmentId));
      if (this.error === 'connection_dropped') this.error = null;
      await this.fetchSignals();
      for (const p of this.peers.values()) if (p.offerer && !p.connected) await this.offer(p, true);
      this.emit();
    } catch {
      if (this.closed) return;
      this.error = 'connection_dropped';
      this.emit();
      this.rejoinTimer = setTimeout(() => {
        this.rejoinTimer = null;
        if (!this.closed) void this.rejoin();
      }, 2000);
    }
  }

  private async refresh(): Promise<void> {
    try {
      this.apply(await this.api.get(this.appointmentId));
    } catch {
      /* the next frame or the poll tries again */
    }
  }

  /** Follows the room: peers with every other admitted participant, none with those who left. */
  private apply(m: TMeeting): void {
    this.meeting = m;
    const meAdmitted = m.me.state === 'admitted';
    this.phase = m.me.state === 'left' ? 'left' : meAdmitted ? 'in_call' : 'waiting';
    const others = m.participants.filter((p) => p.userId !== this.myUserId);
    for (const o of others) {
      const peer = this.peers.get(o.userId);
      if (meAdmitted && o.state === 'admitted' && !peer) this.createPeer(o.userId, m);
      if (o.state === 'left' && peer) {
        this.closePeer(o.userId);
        // The other side hung up (the doctor decides what happens to the appointment).
        if (this.peers.size === 0) this.error = 'call_ended';
      }
    }
    this.emit();
  }

  private createPeer(userId: string, m: TMeeting): Peer {
    const pc = new RTCPeerConnection({ iceServers: m.iceServers });
    const peer: Peer = {
      pc,
      stream: new MediaStream(),
      pending: [],
      connected: false,
      offerer: this.myUserId < userId,
      restartTimer: null,
    };
    this.peers.set(userId, peer);
    if (this.local) for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    // Receive both even when sending neither (a patient without camera still sees the doctor).
    if (!this.local?.getVideoTracks().length) pc.addTransceiver('video', { direction: 'recvonly' });
    if (!this.local?.getAudioTracks().length) pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.ontrack = (ev) => {
      if (!peer.stream.getTracks().includes(ev.track)) peer.stream.addTrack(ev.track);
      this.emit();
    };
    pc.onicecandidate = (ev) => {
      if (ev.candidate) void this.send(userId, 'candidate', JSON.stringify(ev.candidate.toJSON()));
    };
    pc.onconnectionstatechange = () => {
      const s = pc.connectionState;
      peer.connected = s === 'connected';
      if (s === 'connected' && (this.error === 'connection_dropped' || this.error === 'call_failed')) this.error = null;
      if (s === 'disconnected' || s === 'failed') {
        this.error = 'connection_dropped';
        // The offerer tries again (ICE restart) while the other side waits for its offer.
        if (peer.offerer && !peer.restartTimer) {
          peer.restartTimer = setTimeout(() => {
            peer.restartTimer = null;
            if (!peer.connected && !this.closed) void this.offer(peer, true);
          }, 2000);
        }
      }
      this.emit();
    };
    if (peer.offerer) void this.offer(peer, false);
    return peer;
  }

  private async offer(peer: Peer, restart: boolean): Promise<void> {
    const userId = [...this.peers.entries()].find(([, p]) => p === peer)?.[0];
    if (!userId) return;
    try {
      const offer = await peer.pc.createOffer({ iceRestart: restart });
      await peer.pc.setLocalDescription(offer);
      await this.send(userId, 'offer', JSON.stringify(peer.pc.localDescription));
    } catch {
      this.error = 'call_failed';
      this.emit();
    }
  }

  private async send(to: string, kind: 'offer' | 'answer' | 'candidate' | 'bye', data: string): Promise<void> {
    try {
      await this.api.signal(this.appointmentId, { to, kind, data });
    } catch {
      /* a dropped connection: the offerer restarts after reconnection */
    }
  }

  private fetchSignals(): Promise<void> {
    // One fetch at a time, in order: signals are applied exactly in the order they were sent.
    if (this.fetching) return this.fetching.then(() => this.fetchSignals());
    this.fetching = (async () => {
      try {
        const { items } = await this.api.signals(this.appointmentId, this.lastSeq);
        for (const s of items) {
          this.lastSeq = Math.max(this.lastSeq, s.seq);
          await this.handle(s);
        }
      } catch {
        /* try again on the next frame or poll */
      }
    })().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  private async handle(s: TSignal): Promise<void> {
    if (s.kind === 'bye') {
      this.closePeer(s.from);
      this.error = this.peers.size === 0 ? 'call_ended' : this.error;
      this.emit();
      return;
    }
    let peer = this.peers.get(s.from);
    if (!peer) {
      if (s.kind !== 'offer' || !this.meeting) return;
      peer = this.createPeer(s.from, this.meeting);
    }
    try {
      if (s.kind === 'offer') {
        await peer.pc.setRemoteDescription(JSON.parse(s.data) as RTCSessionDescriptionInit);
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        await this.send(s.from, 'answer', JSON.stringify(peer.pc.localDescription));
        await this.flush(peer);
      } else if (s.kind === 'answer') {
        if (peer.pc.signalingState === 'have-local-offer')
          await peer.pc.setRemoteDescription(JSON.parse(s.data) as RTCSessionDescriptionInit);
        await this.flush(peer);
      } else if (s.kind === 'candidate') {
        const c = JSON.parse(s.data) as RTCIceCandidateInit;
        if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(c).catch(() => undefined);
        else peer.pending.push(c);
      }
    } catch {
      this.error = 'call_failed';
      this.emit();
    }
  }

  private async flush(peer: Peer): Promise<void> {
    const pending = peer.pending.splice(0);
    for (const c of pending) await peer.pc.addIceCandidate(c).catch(() => undefined);
  }

  private closePeer(userId: string): void {
    const p = this.peers.get(userId);
    if (!p) return;
    if (p.restartTimer) clearTimeout(p.restartTimer);
    p.pc.close();
    this.peers.delete(userId);
  }

  async admit(userId: string): Promise<void> {
    this.apply(await this.api.admit(this.appointmentId, userId));
  }

  setCamera(on: boolean): void {
    this.camera = on;
    this.local?.getVideoTracks().forEach((t) => {
      t.enabled = on;
    });
    this.emit();
  }

  setMicrophone(on: boolean): void {
    this.microphone = on;
    this.local?.getAudioTracks().forEach((t) => {
      t.enabled = on;
    });
    this.emit();
  }

  /** Hangs up: tells the others, leaves the room, releases camera and microphone. */
  async leave(): Promise<void> {
    if (this.closed) return;
    for (const userId of this.peers.keys()) await this.send(userId, 'bye', '');
    try {
      await this.api.leave(this.appointmentId);
    } catch {
      /* leaving anyway */
    }
    this.dispose();
    this.phase = 'left';
    this.emit();
  }

  /** Stops everything without telling the server (a screen that unmounts calls leave first when it can). */
  dispose(): void {
    this.closed = true;
    if (this.rejoinTimer) clearTimeout(this.rejoinTimer);
    if (this.poll) clearInterval(this.poll);
    this.unlisten.forEach((u) => u());
    this.unlisten = [];
    for (const id of [...this.peers.keys()]) this.closePeer(id);
    this.local?.getTracks().forEach((t) => t.stop());
  }
}
