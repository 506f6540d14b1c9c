import { useEffect, useState, useSyncExternalStore } from 'react';
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
