// Typed fetch helpers shared by every feature. Errors follow the spec's convention: the message is
// "{status}: {body text}", and the parsed JSON body (message, errors) is kept for forms and toasts.
import { noteAnswerSource } from './network';

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
  /** On a 409 for a duplicate upload: the item that already has these bytes. */
  existingId?: number;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, text: string, body: ApiErrorBody) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
  }

  /** The server's own message, when it sent one; toasts fall back to their catalogue text otherwise. */
  get serverMessage(): string | undefined {
    return this.body.message;
  }
}

/**
 * The JSON error body of a failed answer ({message, errors}), or {} when it is not one (a proxy's HTML
 * page, an empty 502). Also read by the uploads, whose answers come through XHR and tus, not fetch.
 */
export function parseErrorBody(text: string): ApiErrorBody {
  try {
    const body = JSON.parse(text) as unknown;
    return body !== null && typeof body === 'object' ? (body as ApiErrorBody) : {};
  } catch {
    return {};
  }
}

/** Throws the ApiError of a non-2xx answer; for the few calls that need the Response itself. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text, parseErrorBody(text));
}

export async function apiRequest<T>(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  noteAnswerSource(res);
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  return (type.includes('application/json') ? await res.json() : undefined) as T;
}

/**
 * A random key naming one request (the Idempotency-Key header): a request sent again with it is done
 * once. crypto.randomUUID is missing on plain http (a phone on the family's network), so the key is
 * made from getRandomValues.
 */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** GET that answers null instead of throwing on the given statuses (404 for "none yet"). */
export async function getOrNull<T>(url: string, nullOn: number[]): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (err) {
    if (err instanceof ApiError && nullOn.includes(err.status)) return null;
    if (err instanceof ApiError && err.status === 401) {
      throw new Error('Unauthorized: Please login to continue', { cause: err });
    }
    throw err;
  }
}

export function serverMessage(err: unknown): string | undefined {
  return err instanceof ApiError ? err.serverMessage : undefined;
}

export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? (err.body.errors ?? {}) : {};
}
