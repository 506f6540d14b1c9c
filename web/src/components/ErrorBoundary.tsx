import { Component, type ErrorInfo, type ReactNode } from 'react';

// Error boundaries for the shell (issue 33): a route, a dialog or a lazy part of the header that fails
// to load its code (the connection dropped) or throws while rendering shows a calm message in its
// place instead of taking the whole app down to a blank page. React has boundaries only as classes.

/**
 * A failed download of a lazily loaded chunk, as each browser words it (Chrome, Firefox, Safari) or as
 * Vite's preloader does, rather than a bug in our code: the answer is to reload when the connection is back.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

export interface CaughtError {
  error: Error;
  /** The error is a chunk that failed to download. */
  chunk: boolean;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows in the children's place once they failed. */
  fallback: (caught: CaughtError) => ReactNode;
  /** A new value clears the error and renders the children again (a route's path, a dialog opening). */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the console for whoever debugs it; the family sees the fallback.
    console.error('A part of the page failed:', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error) return this.props.fallback({ error, chunk: isChunkLoadError(error) });
    return this.props.children;
  }
}
