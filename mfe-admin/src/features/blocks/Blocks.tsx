/** Sperrungen: close courts for a tournament, frost or maintenance, and lift such a block again. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { blockTimes, type Block } from '@platzbuchung/domain/blocks/blocks';
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import { courtName } from '@platzbuchung/domain/courts';
import type { Club } from '@platzbuchung/domain/types';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import {
  createBlock,
  fetchBlocks,
  liftBlock,
  previewBlock,
  type AffectedBooking,
  type BlockRequest,
} from './api';
import { BlockFormSection } from './BlockForm';
import { BlockPreview } from './BlockPreview';
import { BlockRow } from './BlockRow';
import { blockRequest, blocksMachine, momentOf } from './blocks-machine';

export function Blocks({ club }: { club: Club }) {
  const [machine] = useState(() =>
    blocksMachine.provide({
      actors: {
        // Blocks last at most a year, so the next 366 days hold every one still to come.
        loadBlocks: fromPromise<Block[]>(({ signal }) => {
          const today = clubNow(club.time_zone).date;
          return fetchBlocks(club._id, today, addDays(today, 366), signal);
        }),
        previewBlock: fromPromise<AffectedBooking[], BlockRequest>(({ input }) =>
          previewBlock(club._id, input),
        ),
        createBlock: fromPromise<{ message: string; cancelled: number }, BlockRequest>(({ input }) =>
          createBlock(club._id, input),
        ),
        liftBlock: fromPromise<{ message: string }, string>(({ input }) => liftBlock(club._id, input)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { club, now: clubNow(club.time_zone) } });
  const courts = (court: string) => courtName(club, court);
  const { blocks, affected, lifting, message, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const now = clubNow(club.time_zone);
  // A weekly block is upcoming until its last time has ended.
  const upcoming = blocks.filter(
    (block) => (blockTimes(block).at(-1)?.until ?? block.until) > momentOf(now.date, now.hour),
  );

  return (
    <div className="admin-part">
      <h2>Sperrungen</h2>
      <p className="admin-part__intro">
        Sperren Sie Plätze für ein Turnier, bei Frost, für Arbeiten oder jede Woche für das Training.
        Reservierungen in dieser Zeit werden storniert; niemand kann dann dort reservieren. Wird eine Sperrung
        aufgehoben, bleiben stornierte Reservierungen storniert.
      </p>
      <ActionNotices message={message} error={!snapshot.matches('loadFailed') ? error : null} />
      <BlockFormSection
        club={club}
        form={snapshot.context.form}
        reasonError={snapshot.context.reasonError}
        today={now.date}
        locked={!snapshot.matches('editing')}
        busy={snapshot.matches('previewing')}
        onChange={(change) => send({ type: 'form.change', ...change })}
        onPreview={() => send({ type: 'preview' })}
      />
      {snapshot.hasTag('reviewing') && affected && (
        <BlockPreview
          affected={affected}
          courts={courts}
          request={blockRequest(snapshot.context)}
          busy={busy}
          onConfirm={() => send({ type: 'confirm' })}
          onBack={() => send({ type: 'back' })}
        />
      )}
      <section className="blocks" aria-labelledby="blocks-title">
        <h3 id="blocks-title">Aktuelle und geplante Sperrungen</h3>
        <LoadState
          loading={snapshot.hasTag('loading')}
          loadingText="Sperrungen werden geladen …"
          failed={snapshot.matches('loadFailed')}
          error={error}
          onRetry={() => send({ type: 'retry' })}
        >
          {upcoming.length === 0 ? (
            <p className="admin-status">Keine Sperrungen geplant.</p>
          ) : (
            <ul className="blocks__list">
              {upcoming.map((block) => (
                <BlockRow
                  key={block._id}
                  block={block}
                  courts={courts}
                  asking={snapshot.hasTag('askingLift') && lifting?._id === block._id}
                  busy={busy}
                  locked={!snapshot.matches('editing')}
                  onAsk={() => send({ type: 'lift.ask', blockId: block._id })}
                  onConfirm={() => send({ type: 'lift.confirm' })}
                  onCancel={() => send({ type: 'lift.cancel' })}
                />
              ))}
            </ul>
          )}
        </LoadState>
      </section>
    </div>
  );
}
