/** Sperrungen: close courts for a tournament, frost or maintenance, and lift such a block again. */
import { useEffect, useId, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { REASON_MAX_LENGTH, type Block } from '@platzbuchung/domain/blocks/blocks';
import { addDays, formatDateDe, formatHour, formatTimeRange } from '@platzbuchung/domain/dates';
import { describeBlock } from '@platzbuchung/domain/events/describe';
import type { Club } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import {
  createBlock,
  fetchBlocks,
  liftBlock,
  previewBlock,
  type AffectedBooking,
  type BlockRequest,
} from '../../shared/admin-api';
import { clubNow } from '@platzbuchung/domain/club-time';
import { RowQuestion, useQuestionFocus } from '../../shared/row-question';
import { fullName } from '../../shared/names';
import {
  blockHours,
  blockRequest,
  blocksMachine,
  momentOf,
  type BlockForm,
  type FormChange,
} from './blocks-machine';
import { courtNumbers } from '@platzbuchung/domain/reservations/day-slots';

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
  const { blocks, affected, lifting, message, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const now = clubNow(club.time_zone);
  const upcoming = blocks.filter((block) => block.until > momentOf(now.date, now.hour));

  return (
    <div className="admin-part">
      <h2>Sperrungen</h2>
      <p className="admin-part__intro">
        Sperren Sie Plätze für ein Turnier, bei Frost oder für Arbeiten. Reservierungen in dieser Zeit werden
        abgesagt; niemand kann dann dort buchen. Wird eine Sperrung aufgehoben, bleiben abgesagte
        Reservierungen abgesagt.
      </p>
      <ActionNotices message={message} error={!snapshot.matches('loadFailed') ? error : null} />
      <BlockFormSection
        club={club}
        form={snapshot.context.form}
        today={now.date}
        locked={!snapshot.matches('editing')}
        busy={snapshot.matches('previewing')}
        onChange={(change) => send({ type: 'form.change', ...change })}
        onPreview={() => send({ type: 'preview' })}
      />
      {snapshot.hasTag('reviewing') && affected && (
        <Preview
          affected={affected}
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

interface BlockFormSectionProps {
  club: Club;
  form: BlockForm;
  today: string;
  locked: boolean;
  busy: boolean;
  onChange: (change: FormChange) => void;
  onPreview: () => void;
}

function BlockFormSection({ club, form, today, locked, busy, onChange, onPreview }: BlockFormSectionProps) {
  const id = useId();
  const hours = blockHours(club);
  const courts = courtNumbers(club);
  const hourSelect = (field: 'fromHour' | 'untilHour', value: number, label: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <select
        id={`${id}-${field}`}
        className="field__input"
        value={value}
        onChange={(e) => onChange({ field, hour: Number(e.target.value) })}
      >
        {hours.map((hour) => (
          <option key={hour} value={hour}>
            {formatHour(hour)} Uhr
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className="block-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Neue Sperrung</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onPreview();
        }}
      >
        <fieldset className="block-form__fields" disabled={locked}>
          <fieldset className="block-form__courts">
            <legend className="field__label">Plätze</legend>
            <label className="block-form__court block-form__court--all">
              <input
                type="checkbox"
                checked={form.allCourts}
                onChange={(e) => onChange({ field: 'allCourts', checked: e.target.checked })}
              />
              Alle Plätze
            </label>
            {courts.map((court) => (
              <label key={court} className="block-form__court">
                <input
                  type="checkbox"
                  checked={form.allCourts || form.courts.includes(court)}
                  disabled={form.allCourts}
                  onChange={(e) => onChange({ field: 'court', court, checked: e.target.checked })}
                />
                Platz {court}
              </label>
            ))}
          </fieldset>
          <div className="block-form__when">
            <DateField
              className="field"
              label="Von (Tag)"
              value={form.fromDate}
              min={today}
              today={today}
              onChange={(date) => onChange({ field: 'fromDate', date })}
            />
            {hourSelect('fromHour', form.fromHour, 'Von (Uhrzeit)')}
            <DateField
              className="field"
              label="Bis (Tag)"
              value={form.untilDate}
              min={form.fromDate}
              today={today}
              onChange={(date) => onChange({ field: 'untilDate', date })}
            />
            {hourSelect('untilHour', form.untilHour, 'Bis (Uhrzeit)')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              Grund
            </label>
            <input
              id={`${id}-reason`}
              className="field__input"
              type="text"
              required
              maxLength={REASON_MAX_LENGTH}
              placeholder="z. B. Turnier, Frost, Platzpflege"
              autoComplete="off"
              value={form.reason}
              onChange={(e) => onChange({ field: 'reason', reason: e.target.value })}
            />
          </div>
          <button type="submit" className="button button--primary block-form__submit">
            {busy && <span className="spinner" aria-hidden="true" />}
            Vorschau
          </button>
        </fieldset>
      </form>
    </section>
  );
}

interface PreviewProps {
  affected: readonly AffectedBooking[];
  request: BlockRequest;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

function Preview({ affected, request, busy, onConfirm, onBack }: PreviewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const count = affected.length;

  return (
    <section className="block-preview" aria-labelledby="block-preview-title">
      <h3 id="block-preview-title" ref={heading} tabIndex={-1}>
        Vorschau
      </h3>
      <p className="block-preview__what">{describeBlock(request)}</p>
      <p>
        {count === 0
          ? 'Keine Reservierung ist betroffen.'
          : count === 1
            ? 'Dieser Termin wird abgesagt:'
            : `Diese ${count} Termine werden abgesagt:`}
      </p>
      {count > 0 && (
        <ul className="block-preview__list">
          {affected.map((booking) => (
            <li key={`${booking.reservation_id}:${booking.date}`} className="block-preview__item">
              <span className="block-preview__name">
                {booking.holder ? fullName(booking.holder) : 'Unbekanntes Mitglied'}
              </span>
              <span>
                {formatDateDe(booking.date)} · {formatTimeRange(booking.start_time, booking.end_time)} · Platz{' '}
                {booking.court_num}
                {booking.label ? ` · „${booking.label}“` : ''}
                {booking.recurring ? ' · wöchentlich' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="block-preview__buttons">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {count === 0 ? 'Sperren' : 'Sperren und absagen'}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack} disabled={busy}>
          Zurück
        </button>
      </div>
    </section>
  );
}

interface BlockRowProps {
  block: Block;
  asking: boolean;
  busy: boolean;
  locked: boolean;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

function BlockRow({ block, asking, busy, locked, onAsk, onConfirm, onCancel }: BlockRowProps) {
  const { confirmRef, askRef } = useQuestionFocus(asking);

  const whatId = useId();
  return (
    <li className="block-row">
      <p className="block-row__what" id={whatId}>
        {describeBlock(block)}
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
          Sperrung aufheben? Abgesagte Reservierungen bleiben abgesagt.
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
