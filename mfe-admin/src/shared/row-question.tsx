/**
 * The question a list row asks before a change (lift a block, change a role): the question, a
 * confirming button and "Abbrechen", in place of the button that asked it.
 */
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * The question takes focus when it opens; when it closes, focus returns to the button that asked
 * it, so a keyboard user stays on the row.
 */
export function useQuestionFocus(asking: boolean) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useLayoutEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) askRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  return { confirmRef, askRef };
}

interface RowQuestionProps {
  /** Names the group for screen readers, e.g. "Sperrung aufheben". */
  label: string;
  children: ReactNode;
  confirmText: string;
  busy: boolean;
  confirmRef: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
}

export function RowQuestion({
  label,
  children,
  confirmText,
  busy,
  confirmRef,
  onConfirm,
  onCancel,
}: RowQuestionProps) {
  return (
    <div className="member__confirm" role="group" aria-label={label}>
      <p>{children}</p>
      <QuestionButtons
        confirmText={confirmText}
        busy={busy}
        confirmRef={confirmRef}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </div>
  );
}

/** The answers to a question, in a row or in a dialog: confirm (busy while it runs) or "Abbrechen". */
export function QuestionButtons({
  confirmText,
  destructive = false,
  busy,
  confirmRef,
  onConfirm,
  onCancel,
}: Pick<RowQuestionProps, 'confirmText' | 'busy' | 'confirmRef' | 'onConfirm' | 'onCancel'> & {
  /** The confirming button in the colour of what cannot be undone. */
  destructive?: boolean;
}) {
  return (
    <div className="member__buttons">
      <button
        ref={confirmRef}
        type="button"
        className={`button ${destructive ? 'button--danger' : 'button--primary'}`}
        onClick={onConfirm}
        disabled={busy}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {confirmText}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        Abbrechen
      </button>
    </div>
  );
}
