/**
 * "Kinder" in the account panel (docs/who-plays.md, "Families"): the member's children without an
 * address, each with their category today, added, edited and removed here.
 */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Child } from '@platzbuchung/domain/families/schemas';
import * as familyTexts from '@platzbuchung/domain/families/texts';
import { FieldError, FieldLabel } from '@platzbuchung/ui/components/form-fields';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import { fetchChildren, removeChild, saveChild } from '../../shared/auth-api';
import './children.css';
import {
  childBodyOf,
  childrenMachine,
  type ChildAnswer,
  type ChildDraft,
  type DraftField,
} from './children-machine';

const { screen } = familyTexts;

export function Children() {
  const id = useId();
  const [machine] = useState(() =>
    childrenMachine.provide({
      actors: {
        loadChildren: fromPromise<Child[]>(({ signal }) => fetchChildren(signal)),
        saveChild: fromPromise<ChildAnswer, ChildDraft>(({ input }) => saveChild(childBodyOf(input))),
        removeChild: fromPromise<{ message: string }, string>(({ input }) => removeChild(input)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { children, draft, message, error } = snapshot.context;
  const busy = snapshot.hasTag('saving');

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {screen.title}
      </h2>
      <p className="account-section__hint">{screen.intro}</p>
      <LoadState
        loading={snapshot.hasTag('loading')}
        loadingText={screen.loading}
        failed={snapshot.matches('loadFailed')}
        error={error}
        onRetry={() => send({ type: 'children.retry' })}
        statusClassName="account-section__hint"
      >
        {children.length === 0 && !draft && <p className="account-section__hint">{screen.none}</p>}
        {children.length > 0 && (
          <ul className="children-list">
            {children.map((child) => (
              <ChildRow
                key={child._id}
                child={child}
                disabled={busy || draft !== null}
                onEdit={() => send({ type: 'child.edit', child })}
                onRemove={() => send({ type: 'child.remove', id: child._id })}
              />
            ))}
          </ul>
        )}
        {draft ? (
          <ChildForm
            draft={draft}
            errors={snapshot.context.fieldErrors}
            saving={busy}
            onChange={(field, value) => send({ type: 'draft.change', field, value })}
            onSubmit={() => send({ type: 'draft.submit' })}
            onCancel={() => send({ type: 'draft.cancel' })}
          />
        ) : (
          <div className="account-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => send({ type: 'child.add' })}
            >
              {screen.add}
            </button>
          </div>
        )}
        <ActionNotices message={message} error={draft ? null : error} />
      </LoadState>
    </section>
  );
}

interface ChildRowProps {
  child: Child;
  disabled: boolean;
  onEdit(): void;
  onRemove(): void;
}

function ChildRow({ child, disabled, onEdit, onRemove }: ChildRowProps) {
  const name = `${child.first_name} ${child.last_name}`;
  return (
    <li className="children-list__child">
      <span className="children-list__name">{name}</span>
      <span className="account-section__hint">{screen.born(child.birth_year, child.category)}</span>
      <span className="children-list__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={disabled}
          onClick={onEdit}
          aria-label={screen.edit(name)}
        >
          {screen.editShort}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={disabled}
          onClick={onRemove}
          aria-label={screen.remove(name)}
        >
          {screen.removeShort}
        </button>
      </span>
    </li>
  );
}

interface ChildFormProps {
  draft: ChildDraft;
  errors: Partial<Record<DraftField, string>>;
  saving: boolean;
  onChange(field: DraftField, value: string): void;
  onSubmit(): void;
  onCancel(): void;
}

function ChildForm({ draft, errors, saving, onChange, onSubmit, onCancel }: ChildFormProps) {
  const id = useId();
  const field = (name: DraftField, label: string, numeric = false) => (
    <div className="field">
      <FieldLabel htmlFor={`${id}-${name}`} required>
        {label}
      </FieldLabel>
      <input
        className="field__input"
        id={`${id}-${name}`}
        value={draft[name]}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        aria-required="true"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => onChange(name, event.target.value)}
      />
      <FieldError id={`${id}-${name}-error`} error={errors[name]} />
    </div>
  );
  return (
    <form
      className="children-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {field('first_name', screen.firstName)}
      {field('last_name', screen.lastName)}
      {field('birth_year', screen.birthYear, true)}
      <div className="account-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving && <span className="spinner" aria-hidden="true" />}
          {screen.save}
        </button>
        <button type="button" className="button" disabled={saving} onClick={onCancel}>
          {screen.cancel}
        </button>
      </div>
    </form>
  );
}
