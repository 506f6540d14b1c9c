import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorNotice } from './ErrorNotice';

// The dialogs open now, the last opened on top. Mantine's Modal closes on Escape from a window listener,
// so with one dialog over another (Share over the media preview, its question over the video editor) one
// Escape closed both; only the top one listens.
let openDialogs: readonly symbol[] = [];
const listeners = new Set<() => void>();

function setOpenDialogs(next: readonly symbol[]) {
  openDialogs = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this dialog is the top one of those open (a closed dialog counts as on top: it has nothing to close). */
function useOnTop(opened: boolean): boolean {
  const [self] = useState(() => Symbol('dialog'));
  useEffect(() => {
    if (!opened) return;
    setOpenDialogs([...openDialogs, self]);
    return () => setOpenDialogs(openDialogs.filter((dialog) => dialog !== self));
  }, [opened, self]);
  const top = useSyncExternalStore(subscribe, () => openDialogs[openDialogs.length - 1]);
  return !opened || top === undefined || top === self;
}

/**
 * Every dialog of the app: Mantine's Modal with an error boundary around its content (issue 33), so a
 * dialog whose code failed to download, or that throws, says so inside itself and keeps its close button,
 * with the page behind it intact. Opening it again tries again. eslint.config.js refuses Modal anywhere else.
 */
export function Dialog({ children, closeOnEscape = true, ...props }: ModalProps) {
  const onTop = useOnTop(props.opened);
  return (
    <Modal {...props} closeOnEscape={closeOnEscape && onTop}>
      <ErrorBoundary resetKey={props.opened} fallback={({ chunk }) => <ErrorNotice chunk={chunk} place="dialog" />}>
        {children}
      </ErrorBoundary>
    </Modal>
  );
}

interface ClosableProps {
  onClose: () => void;
}

interface LazyDialogOptions<P> {
  /** Whether these props open the dialog. */
  isOpen: (props: P) => boolean;
  /** The same props with the dialog closed: its first render, so that opening it is a change Mantine sees. */
  closed: (props: P) => P;
}

/**
 * A dialog whose code is a chunk of its own, fetched the first time it opens rather than with the page
 * that mounts it closed (docs/PERFORMANCE.md, "Pages that open fast on a phone"); it then stays mounted,
 * so it animates open and closed as before. It renders once closed before it opens: Mantine records the
 * element to give focus back to, and runs the opening transition, only when `opened` changes. Its chunk
 * not downloaded (offline): a small dialog says so, in its place.
 *
 * The code is also fetched, once, when the page has been idle a while after it mounts: a family whose
 * signal drops at the ballpark can still open New Entry and write (the entry waits on the device), which
 * a dialog fetched only on open could not do. Late enough not to compete with the page's own first load.
 */
export function lazyDialog<P extends ClosableProps>(load: () => Promise<ComponentType<P>>, { isOpen, closed }: LazyDialogOptions<P>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null; // a later open or idle moment tries again
      throw err;
    }));
  const Loaded = lazy(async () => ({ default: await loadOnce() }));

  function OpenedAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Loaded {...(mounted ? props : closed(props))} />;
  }

  return function LazyDialog(props: P) {
    const opened = isOpen(props);
    const [used, setUsed] = useState(false);
    if (opened && !used) setUsed(true);
    useEffect(() => whenIdle(() => void loadOnce().catch(() => {})), []);
    if (!used) return null;
    return (
      <ErrorBoundary
        fallback={({ chunk }) => (
          <Dialog opened={opened} onClose={props.onClose} radius="md">
            <ErrorNotice chunk={chunk} place="dialog" />
          </Dialog>
        )}
      >
        <Suspense fallback={null}>
          <OpenedAfterMount {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}

/** How long after a page mounts its closed dialogs' code may be fetched: after the page's own first load. */
const idlePrefetchDelayMs = 3000;

/** Runs `task` once the page has been mounted a while and the browser is idle; the returned function cancels it. */
function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 5000 });
    else task();
  }, idlePrefetchDelayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
