import { lazy, Suspense, useEffect, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { installToastRules } from './lib/toast';

// Where toasts go, and when their code loads.
//
// Position: at the top, never at the bottom. A dialog keeps its primary action at the bottom (a form's
// submit, the video editor's sticky Save Clip footer; on a phone the editor fills the screen), and the
// spec's longest toast stays 10 s (share): a bottom toast sat right on top of Save Clip, at 390 px and
// at 1280 px. On a phone (below 48em, where dialogs go full width) a toast is centred across the top;
// on a desktop it sits top right. web/e2e/toasts.test.mjs checks Save Clip stays clear at both widths.
//
// Loading: the container (its transitions, and the scroll-lock helper it takes a class name from)
// is a chunk of its own, fetched when the first toast is shown: most visits to the landing page show
// none (docs/PERFORMANCE.md, "Web bundle"). `notifications.show` works before it arrives: the store
// holds the toast and the container renders it on mount.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Spec: 5000 ms display, one at a time (lib/toast.ts: a toast replaces one of its own kind, errors go first). */
export const TOAST_DEFAULTS = { autoClose: 5000, limit: 1 } as const;

export function toastPosition(phone: boolean) {
  return phone ? 'top-center' : 'top-right';
}

/**
 * While a dialog is open, where toasts start: just below its header, so its title and close button stay
 * clear as well as the actions at its bottom (a top toast sat on the close button, at 390 px over the
 * whole header). Null when no dialog is open. Measured again whenever the page changes.
 */
export function useDialogHeaderClearance(active: boolean): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const measure = () => {
      const headers = document.querySelectorAll('[role="dialog"] .mantine-Modal-header');
      const header = headers[headers.length - 1];
      setTop(header ? Math.round(header.getBoundingClientRect().bottom) + 8 : null);
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return active ? top : null;
}

export function Toasts() {
  installToastRules();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { notifications, queue } = useNotifications();
  // Mounted at the first toast and kept: unmounting would drop the exit transition of the last one.
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  const belowDialogHeader = useDialogHeaderClearance(notifications.length > 0);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...TOAST_DEFAULTS} position={toastPosition(phone)} style={belowDialogHeader === null ? undefined : { top: belowDialogHeader }} />
    </Suspense>
  );
}
