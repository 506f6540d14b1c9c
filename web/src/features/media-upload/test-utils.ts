import { vi } from 'vitest';

// Test helpers for uploads and recording. XMLHttpRequest, getUserMedia and MediaRecorder are the browser
// boundary we fake; everything between a component and them (api.ts, queries.ts, TanStack Query) runs for real.

type Handler = (() => void) | null;

/** A stand-in XMLHttpRequest: records the request and lets a test fire progress, load, error. */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reporting bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The server's answer; a string body is sent as is, anything else as JSON. */
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  /** No answer at all (connection dropped, server unreachable). */
  failNetwork() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest with FakeXhr; FakeXhr.instances lists the requests in order. */
export function stubXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The latest request, failing the test when none was made. */
export function lastXhr(): FakeXhr {
  const xhr = FakeXhr.instances.at(-1);
  if (!xhr) throw new Error('no upload was started');
  return xhr;
}

export const MB = 1024 * 1024;

/** A track that remembers being stopped. */
export interface FakeTrack {
  kind: string;
  stopped: boolean;
  stop: () => void;
}

function aTrack(kind: string): FakeTrack {
  const track = { kind, stopped: false, stop: () => (track.stopped = true) };
  return track;
}

/** A stand-in MediaRecorder: start, then stop hands over one chunk and fires onstop. */
export class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type.startsWith('video/webm') || type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['recorded'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

export interface FakeDevicesOptions {
  /** What enumerateDevices lists. */
  kinds?: MediaDeviceKind[];
  /** A getUserMedia refusal, by DOMException name (NotAllowedError, NotFoundError…). */
  refuse?: string;
}

/**
 * Installs navigator.mediaDevices and MediaRecorder fakes. Returns the tracks handed out, so a test can
 * check they were stopped. Undo with restoreDevices().
 */
export function stubDevices({ kinds = ['videoinput', 'audioinput'], refuse }: FakeDevicesOptions = {}) {
  const tracks: FakeTrack[] = [];
  const mediaDevices = {
    enumerateDevices: vi.fn(async () => kinds.map((kind, i) => ({ kind, deviceId: String(i), label: '', groupId: '' }))),
    getUserMedia: vi.fn(async (constraints: MediaStreamConstraints) => {
      if (refuse) throw new DOMException('refused', refuse);
      const made = [constraints.video ? aTrack('video') : null, constraints.audio ? aTrack('audio') : null].filter(
        (t): t is FakeTrack => t !== null,
      );
      tracks.push(...made);
      return { getTracks: () => made } as unknown as MediaStream;
    }),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recording'), revokeObjectURL: vi.fn() });
  return { tracks, mediaDevices };
}

export function restoreDevices() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
}
