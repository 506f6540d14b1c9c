import { Modal, type ModalProps } from '@mantine/core';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorNotice } from './ErrorNotice';

/**
 * Every dialog of the app: Mantine's Modal with an error boundary around its content (issue 33), so a
 * dialog whose code failed to download, or that throws, says so inside itself and keeps its close button,
 * with the page behind it intact. Opening it again tries again. eslint.config.js refuses Modal anywhere else.
 */
export function Dialog({ children, ...props }: ModalProps) {
  return (
    <Modal {...props}>
      <ErrorBoundary resetKey={props.opened} fallback={({ chunk }) => <ErrorNotice chunk={chunk} place="dialog" />}>
        {children}
      </ErrorBoundary>
    </Modal>
  );
}
