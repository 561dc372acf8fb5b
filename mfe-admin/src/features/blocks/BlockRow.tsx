/** One upcoming block, with the question whether to lift it. */
import { useId } from 'react';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import { describeBlock, type CourtNameOf } from '@platzbuchung/domain/events/describe';
import { RowQuestion, useQuestionFocus } from '../../shared/row-question';

interface BlockRowProps {
  block: Block;
  /** What the club calls each court (`courtName`). */
  courts: CourtNameOf;
  asking: boolean;
  busy: boolean;
  locked: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export function BlockRow({ block, courts, asking, busy, locked, onAsk, onConfirm, onCancel }: BlockRowProps) {
  const { confirmRef, askRef } = useQuestionFocus(asking);

  const whatId = useId();
  return (
    <li className="block-row">
      <p className="block-row__what" id={whatId}>
        {describeBlock(block, courts)}
      </p>
      {asking ? (
        <RowQuestion
          label="Sperrung aufheben"
          confirmText="Ja, aufheben"
          busy={busy}
          confirmRef={confirmRef}
          onConfirm={onConfirm}
          onCancel={onCancel}
        >
          Sperrung aufheben? Stornierte Reservierungen bleiben storniert.
        </RowQuestion>
      ) : (
        <button
          ref={askRef}
          type="button"
          className="button member__action"
          aria-describedby={whatId}
          onClick={onAsk}
          disabled={locked}
        >
          Aufheben
        </button>
      )}
    </li>
  );
}
