import { useEffect, useState, type ComponentType } from 'react';
import { Notification } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications as toastStore, notificationsStore, useNotifications, type NotificationData, type NotificationsProps } from '@mantine/notifications';
import { installToastRules } from './lib/toast';

// Where toasts go, and when their code loads.
//
// Position: at the top, never at the bottom. A dialog keeps its primary action at the bottom (a form's
// submit, the video editor's sticky Save Clip footer; on a phone the editor fills the screen), and the
// spec's longest toast stays 10 s (share): a bottom toast sat right on top of Save Clip, at 390 px and
// at 1280 px. On a phone (below 48em, where dialogs go full width) a toast is centred across the top;
// on a desktop it sits top right; either way below the app's header, or the open dialog's (useToastTop).
// web/e2e/toasts.test.mjs checks Save Clip and the dialog's header stay clear at both widths, and the app's
// header on a phone.
//
// Loading: the container (its transitions, and the scroll-lock helper it takes a class name from)
// is a chunk of its own, fetched when the first toast is shown or as soon as a family is signed in
// (preloadToasts): most visits to the landing page show none (docs/PERFORMANCE.md, "Web bundle").
// `notifications.show` works before it arrives: the store holds the toast and the container renders it
// on mount. When the chunk cannot be fetched (issue 33: the signal dropped during an upload, and the
// failed import took the whole app down to a blank page), the toasts show as plain Mantine notifications
// from the first script instead, and the chunk is tried again when the connection is back.

/** Spec: 5000 ms display, one at a time (lib/toast.ts: a toast replaces one of its own kind, errors go first). */
export const TOAST_DEFAULTS = { autoClose: 5000, limit: 1 } as const;

export function toastPosition(phone: boolean) {
  return phone ? 'top-center' : 'top-right';
}

type Container = ComponentType<NotificationsProps>;

let loaded: Container | null = null;
let loading: Promise<Container> | null = null;

/** Fetches the container's chunk once; a failed fetch is forgotten, so the next call tries again. */
function loadContainer(): Promise<Container> {
  loading ??= import('./ToastContainer').then(
    (m) => (loaded = m.Notifications),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Fetches the toast container ahead of the first toast: the signed-in shell calls it, so a toast shown
 * after the connection dropped still has its code. Failing quietly: the plain toasts stand in.
 */
export function preloadToasts() {
  loadContainer().catch(() => {});
}

/** The container once it is needed: null while it loads, "failed" while its chunk cannot be fetched. */
function useContainer(needed: boolean): Container | 'failed' | null {
  const [container, setContainer] = useState<Container | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || container) return;
    let live = true;
    const load = () =>
      loadContainer().then(
        (c) => live && setContainer(() => c),
        () => live && setFailed(true),
      );
    void load();
    // Offline, the import fails at once; it is tried again when the browser has a connection.
    const retry = () => {
      setFailed(false);
      void load();
    };
    window.addEventListener('online', retry);
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [needed, container]);
  return container ?? (failed ? 'failed' : null);
}

/** The app's sticky header (components/layout/AppHeader): menu, logo, athlete, account. */
export const APP_HEADER_ID = 'app-header';

/** Space kept between a toast and what it must not cover. */
const TOAST_GAP = 8;

/**
 * Where toasts start: just below the header of the dialog on top, so its title and close button stay clear
 * as well as the actions at its bottom (a top toast sat on the close button, at 390 px over the whole
 * header); with no dialog open, just below the app's header (issue 33: at 390 px the success toast covered
 * the menu button, the logo and the avatar for five seconds). Measured again whenever the page changes.
 */
export function useToastTop(active: boolean): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const measure = () => {
      const headers = document.querySelectorAll('[role="dialog"] .mantine-Modal-header');
      const header = headers[headers.length - 1] ?? document.getElementById(APP_HEADER_ID);
      const bottom = header ? Math.round(header.getBoundingClientRect().bottom) : 0;
      setTop(bottom > 0 ? bottom + TOAST_GAP : null);
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

let limitSet = false;

function setToastLimit(limit: number) {
  if (limitSet) return;
  limitSet = true;
  notificationsStore.updateState((state) => ({ ...state, limit }));
}

/** One toast without the container: closes itself after its time, as the container's would. */
function PlainToast({ toast }: { toast: NotificationData & { id?: string } }) {
  const { id, autoClose, title, message, color, icon } = toast;
  useEffect(() => {
    if (autoClose === false || !id) return;
    const timer = window.setTimeout(() => toastStore.hide(id), typeof autoClose === 'number' ? autoClose : TOAST_DEFAULTS.autoClose);
    return () => window.clearTimeout(timer);
  }, [id, autoClose]);
  return (
    <Notification title={title} color={color} icon={icon} onClose={() => id && toastStore.hide(id)} withBorder>
      {message}
    </Notification>
  );
}

/** The toasts showing, as plain notifications in the container's place (its chunk could not be fetched). */
export function PlainToasts({ toasts, phone, top }: { toasts: NotificationData[]; phone: boolean; top: number | null }) {
  const side = phone ? { left: 8, right: 8 } : { right: 16, width: 440 };
  return (
    <div role="status" style={{ position: 'fixed', top: top ?? 16, zIndex: 400, display: 'grid', gap: 8, ...side }}>
      {toasts.map((toast) => (
        <PlainToast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

export function Toasts() {
  installToastRules();
  // The container sets the store's limit when it mounts; the plain toasts need it before the first toast.
  setToastLimit(TOAST_DEFAULTS.limit);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { notifications, queue } = useNotifications();
  // Mounted at the first toast and kept: unmounting would drop the exit transition of the last one.
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  const top = useToastTop(notifications.length > 0);
  const Container = useContainer(needed);
  if (!needed || Container === null) return null;
  if (Container === 'failed') return <PlainToasts toasts={notifications} phone={phone} top={top} />;
  return <Container {...TOAST_DEFAULTS} position={toastPosition(phone)} style={top === null ? undefined : { top }} />;
}
