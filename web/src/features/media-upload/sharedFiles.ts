import { useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { shareOutcome, shareParam, sharedFileHeaders, sharedFilesCache } from '../../lib/offlineCopies';

// Photos and videos shared to the installed app from the phone's share sheet (Web Share Target, issue 34).
// The service worker (web/sw/sw.ts) keeps the shared files and opens the media page with ?share=received;
// the api, when no worker was there to take them, opens it with ?share=unavailable. The media page's
// upload dialog then opens with the files chosen, or says why there are none.

/** A share that reached the media page: its files, or none because the installed app was not there to take them. */
export interface SharedFiles {
  files: File[];
  unavailable: boolean;
}

const fileIndex = (request: Request) => Number(new URL(request.url).pathname.split('/').pop());

/** The files the service worker kept, in the order they were shared; they leave the device's cache as they are taken. */
async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(sharedFilesCache);
  const requests = [...(await cache.keys())].sort((a, b) => fileIndex(a) - fileIndex(b));
  const files: File[] = [];
  for (const request of requests) {
    const res = await cache.match(request);
    if (!res) continue;
    const blob = await res.blob();
    const name = decodeURIComponent(res.headers.get(sharedFileHeaders.name) ?? '') || `Shared file ${files.length + 1}`;
    const lastModified = Number(res.headers.get(sharedFileHeaders.lastModified)) || Date.now();
    files.push(new File([blob], name, { type: blob.type, lastModified }));
  }
  await caches.delete(sharedFilesCache);
  return files;
}

// One taking at a time, shared: React runs a mounting effect twice in development, and the second run
// would find the cache already emptied.
let taking: Promise<File[]> | null = null;

// The media page can show its Upload button twice (the library's header and its empty state): the share
// goes to the first one mounted, so one dialog opens.
const mounted: string[] = [];

/**
 * The share the page was opened with (null when none), and a way to set it aside once the dialog closes.
 * The marker leaves the address at once, so a reload does not open the dialog again.
 */
export function useSharedFiles(): [SharedFiles | null, () => void] {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(shareParam);
  const [shared, setShared] = useState<SharedFiles | null>(null);
  const id = useId();

  useEffect(() => {
    mounted.push(id);
    return () => {
      mounted.splice(mounted.indexOf(id), 1);
    };
  }, [id]);

  useEffect(() => {
    if (!outcome) return;
    if (!taking) {
      taking = outcome === shareOutcome.received ? takeSharedFiles().catch(() => []) : Promise.resolve([]);
      void taking.finally(() => {
        taking = null;
      });
    }
    void taking.then((files) => {
      if (mounted[0] !== id) return;
      setShared({ files, unavailable: files.length === 0 });
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(shareParam);
          return next;
        },
        { replace: true },
      );
    });
  }, [outcome, setParams, id]);

  return [shared, useCallback(() => setShared(null), [])];
}
