/** What the popups show alike: the slot's summary, and cancel beside the main action. */

/** What every popup shows about its slot: court, day and time. */
export function SlotSummary({ items }: { items: readonly [string, string][] }) {
  return (
    <dl className="popup__summary">
      {items.map(([term, value]) => (
        <div key={term} className="popup__summary-item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface PopupActionsProps {
  busy: boolean;
  submitLabel: string;
  danger?: boolean;
  onCancel: () => void;
  autoFocusSubmit?: boolean;
  /** The main action is not available yet (e.g. nothing changed), cancel still is. */
  disabled?: boolean;
}

/** Cancel and the main action; the main action shows the spinner while the request runs. */
export function PopupActions(props: PopupActionsProps) {
  const { busy, submitLabel, danger, onCancel, autoFocusSubmit, disabled } = props;
  return (
    <div className="popup__actions">
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Abbrechen
      </button>
      <button
        type="submit"
        className={danger ? 'button button--danger' : 'button button--primary'}
        disabled={busy || disabled}
        data-autofocus={autoFocusSubmit || undefined}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}
