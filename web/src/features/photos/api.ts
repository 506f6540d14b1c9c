import { apiRequest, throwIfNotOk } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';

// The photo routes (docs/API.md): PUT a multipart `file`, DELETE, and the squares served at the
// profile's photoUrl / profileImageUrl.

/** The answer to an upload: the photo's job state and, once ready, where it is. */
export interface PhotoAnswer extends JobState {
  photoUrl: string | null;
  photoSmallUrl: string | null;
}

export const photoUrls = {
  athlete: (athleteId: number) => `/api/athletes/${athleteId}/photo`,
  account: '/api/user/photo',
} as const;

/** The formats the server takes; anything else is refused with 415. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

export async function uploadPhoto(url: string, file: File): Promise<PhotoAnswer> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(url, { method: 'PUT', body: form, credentials: 'include' });
  await throwIfNotOk(res);
  return (await res.json()) as PhotoAnswer;
}

export const removePhoto = (url: string) => apiRequest<void>('DELETE', url);
