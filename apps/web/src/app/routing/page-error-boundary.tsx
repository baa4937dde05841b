import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError, chunkLoadFailed } from './lazy-page.ts';

interface Props {
  children: ReactNode;
  /** A new value (the path) clears the error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: Error | null;
  failedAt: string;
}

/**
 * Catches every error a page throws, not only a script that failed to download: shows
 * 'Loading chunk failed' for the latter and a general failure otherwise, never a blank page.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedAt && state.failedAt !== props.resetKey)
      return { error: null, failedAt: '' };
    if (state.error && !state.failedAt) return { failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <div className="page-failed" role="alert">
        <h1>{chunk ? chunkLoadFailed : 'Something went wrong'}</h1>
        <p>
          {chunk
            ? 'A part of the app could not be downloaded. Check your connection, then reload.'
            : 'This page ran into a problem. Reloading usually helps.'}
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </div>
    );
  }
}
