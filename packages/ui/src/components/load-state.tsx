/**
 * The two things every screen that loads and changes data shows the same way: while loading, a
 * status line; after a failed load, the reason and a retry; otherwise its content. And after an
 * action: the confirmation, announced politely, or the refusal as an alert.
 */
import type { ReactNode } from 'react';
import { FailureNotice } from './failure-notice';

export function LoadState({
  loading,
  loadingText,
  failed,
  error,
  onRetry,
  statusClassName = 'admin-status',
  children,
}: {
  loading: boolean;
  /** "Mitglieder werden geladen …" */
  loadingText: string;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
  statusClassName?: string;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <p className={statusClassName} role="status">
        {loadingText}
      </p>
    );
  }
  if (failed) return <FailureNotice message={error} onRetry={onRetry} />;
  return <>{children}</>;
}

/** What the last action said: its confirmation (always in a polite live region) or its refusal. */
export function ActionNotices({ message, error }: { message: string | null; error: string | null }) {
  return (
    <>
      <div aria-live="polite">
        {message && (
          <div className="notice notice--success" role="status">
            {message}
          </div>
        )}
      </div>
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
