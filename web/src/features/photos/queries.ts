import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { photoToasts } from './strings';

/** Upload and removal of one photo (url: its PUT/DELETE route); both refresh the answers that show it. */
export function usePhotoMutations(url: string, shownIn: readonly QueryKey[]) {
  const client = useQueryClient();
  const refresh = () => Promise.all(shownIn.map((queryKey) => client.invalidateQueries({ queryKey })));
  const upload = useMutation({
    mutationFn: (file: File) => api.uploadPhoto(url, file),
    onSuccess: refresh,
    onError: (err) => showError(photoToasts.uploadFailed, err),
  });
  const remove = useMutation({
    mutationFn: () => api.removePhoto(url),
    onSuccess: async () => {
      showSuccess(photoToasts.removed);
      await refresh();
    },
    onError: (err) => showError(photoToasts.removeFailed, err),
  });
  return { upload, remove, refresh };
}
