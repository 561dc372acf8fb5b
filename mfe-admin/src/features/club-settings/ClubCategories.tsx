/**
 * Verein, the card "Kategorien" (docs/who-plays.md, "Member categories"): the club's member
 * categories — a name, whether its members book, their limit, whether quotas count for them and
 * when they may play — and the age up to which members are juniors by birth year. Saved with the
 * club's other settings (PUT /api/admin/club, those sent unchanged), so a save is one settings
 * change in the log. Every error shows under its control, found by its path.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';
import { ISO_WEEKDAYS_DE } from '@platzbuchung/domain/players/play-rules';
import type { CategoryWindow, ClubSettingsBody, PlayRules } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { fetchPlayRules, saveClubSettings } from './api';
import {
  canAddCategory,
  canAddWindow,
  categoriesBody,
  categoriesDraftErrors,
  draftOf,
  newWindow,
  type CategoriesDraft,
  type CategoryDraft,
  type LimitChoice,
} from './categories-body';
import { categoriesMachine, type CategoriesEvent } from './categories-machine';
import { Checkbox, ErrorText, HourSelect, TextInput } from './play-rules-controls';
import type { PathErrors } from './path-errors';
import './play-rules.css';
import './categories.css';

const texts = categoryTexts.screen;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function ClubCategories({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const rules = useResource(fetchPlayRules, club._id);
  if (rules.loading) {
    return (
      <p className="admin-status" role="status">
        {texts.loading}
      </p>
    );
  }
  if (rules.failed || rules.data === null)
    return <FailureNotice message={rules.error} onRetry={rules.retry} />;
  return <CategoriesForm club={club} rules={rules.data} onSaved={onSaved} />;
}

function CategoriesForm({ club, rules, onSaved }: { club: Club; rules: PlayRules; onSaved: () => void }) {
  const latest = useRef({ club, onSaved });
  useEffect(() => {
    latest.current = { club, onSaved };
  });
  const [machine] = useState(() =>
    categoriesMachine.provide({
      actors: {
        save: fromPromise<{ message: string }, { body: ClubSettingsBody }>(({ input }) =>
          saveClubSettings(latest.current.club._id, input.body),
        ),
      },
      actions: { reportSaved: () => latest.current.onSaved() },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      draft: draftOf(rules),
      newWindow: () => newWindow(latest.current.club),
      bodyOf: (draft: CategoriesDraft) => categoriesBody(latest.current.club, draft),
      errorsOf: categoriesDraftErrors,
    },
  });
  const { draft, errors, formError, saved } = snapshot.context;
  const saving = snapshot.hasTag('saving');
  const formRef = useRef<HTMLFormElement>(null);
  const listErrorId = useId();
  const focusFirstInvalid = () =>
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving) focusFirstInvalid();
    wasSaving.current = saving;
  }, [saving]);

  const unplaced = Object.entries(errors)
    .filter(([path]) => !PLACED.some((placed) => placed.test(path)))
    .map(([, message]) => message);
  const alert = [formError, ...unplaced].filter(Boolean).join(' ');

  return (
    <form
      className="form play-rules"
      ref={formRef}
      noValidate
      aria-busy={saving}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'form.submit' });
        requestAnimationFrame(focusFirstInvalid);
      }}
    >
      {alert && (
        <div className="notice notice--error" role="alert">
          {alert}
        </div>
      )}
      <fieldset className="form__fieldset" disabled={saving} aria-describedby={listErrorId}>
        <legend>{texts.title}</legend>
        <ol className="play-rules__quotas">
          {draft.categories.map((category, index) => (
            <CategoryRow
              key={index}
              club={club}
              index={index}
              category={category}
              removable={draft.categories.length > 1}
              errors={errors}
              send={send}
            />
          ))}
        </ol>
        <ErrorText id={listErrorId} error={errors['/categories']} />
        <div>
          <button
            type="button"
            className="button"
            disabled={!canAddCategory(draft)}
            onClick={() => send({ type: 'category.add' })}
          >
            {texts.add}
          </button>
        </div>
        <TextInput
          label={texts.juniorAge}
          value={draft.junior_until_age}
          inputMode="numeric"
          hint={texts.juniorAgeHint}
          error={errors['/junior_until_age']}
          onChange={(value) => send({ type: 'junior.change', value })}
        />
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button button--primary form__submit" disabled={saving}>
          {saving && <span className="spinner" aria-hidden="true" />}
          {texts.save}
        </button>
        <p className="form__saved" role="status">
          {saved ? clubSettingsTexts.saved : ''}
        </p>
      </div>
    </form>
  );
}

/** Paths a control of this form shows; any other error goes to the alert above the form. */
const PLACED = [
  /^\/(categories|junior_until_age)$/,
  /^\/categories\/\d+(\/(name|can_book|reservations_limit|quota_exempt|windows))?$/,
  /^\/categories\/\d+\/windows\/\d+(\/(days|from_hour|to_hour))?$/,
];

const LIMIT_CHOICES: readonly [LimitChoice, string][] = [
  ['club', texts.limitClub],
  ['none', texts.limitNone],
  ['own', texts.limitOwn],
];

function CategoryRow(props: {
  club: Club;
  index: number;
  category: CategoryDraft;
  removable: boolean;
  errors: PathErrors;
  send: (event: CategoriesEvent) => void;
}) {
  const { club, index, category, removable, errors, send } = props;
  const path = `/categories/${index}`;
  const ids = useId();
  const title = category.name.trim() || texts.category(index);
  const change = (changes: Partial<Omit<CategoryDraft, 'windows' | 'id'>>) =>
    send({ type: 'category.change', index, changes });
  return (
    <li className="play-rules__quota">
      <fieldset className="play-rules__quota-set">
        <legend className="field__label">{title}</legend>
        <TextInput
          label={texts.name}
          value={category.name}
          inputMode="text"
          error={errors[`${path}/name`]}
          onChange={(name) => change({ name })}
        />
        <Checkbox
          checked={category.can_book}
          error={errors[`${path}/can_book`]}
          onChange={(can_book) => change({ can_book })}
        >
          {texts.canBook}
        </Checkbox>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-limit`}>
            {texts.limit}
          </label>
          <select
            id={`${ids}-limit`}
            className="field__input"
            value={category.limit_choice}
            onChange={(event) => change({ limit_choice: event.target.value as LimitChoice })}
          >
            {LIMIT_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {category.limit_choice === 'own' && (
          <TextInput
            label={texts.limitValue}
            value={category.limit}
            inputMode="numeric"
            error={errors[`${path}/reservations_limit`]}
            onChange={(limit) => change({ limit })}
          />
        )}
        {category.limit_choice !== 'own' && (
          <ErrorText id={`${ids}-limit-error`} error={errors[`${path}/reservations_limit`]} />
        )}
        <Checkbox
          checked={category.quota_exempt}
          error={errors[`${path}/quota_exempt`]}
          onChange={(quota_exempt) => change({ quota_exempt })}
        >
          {texts.quotaExempt}
        </Checkbox>
        <p className="field__label">{texts.windows}</p>
        <p className="field__hint">{texts.windowsHint}</p>
        {category.windows.map((window, w) => (
          <WindowRow
            key={w}
            club={club}
            index={index}
            position={w}
            window={window}
            errors={errors}
            send={send}
          />
        ))}
        <ErrorText id={`${ids}-windows`} error={errors[`${path}/windows`]} />
        <div>
          <button
            type="button"
            className="button"
            disabled={!canAddWindow(category)}
            onClick={() => send({ type: 'window.add', index })}
          >
            {texts.addWindow}
          </button>
        </div>
        <ErrorText id={`${ids}-row`} error={errors[path]} />
        {removable && (
          <button
            type="button"
            className="button play-rules__remove"
            onClick={() => send({ type: 'category.remove', index })}
          >
            {texts.remove(title)}
          </button>
        )}
      </fieldset>
    </li>
  );
}

function WindowRow(props: {
  club: Club;
  index: number;
  position: number;
  window: CategoryWindow;
  errors: PathErrors;
  send: (event: CategoriesEvent) => void;
}) {
  const { club, index, position, window, errors, send } = props;
  const path = `/categories/${index}/windows/${position}`;
  const ids = useId();
  const daysError = errors[`${path}/days`];
  return (
    <div className="categories__window">
      <fieldset
        className="play-rules__days"
        aria-invalid={daysError ? true : undefined}
        aria-describedby={daysError ? `${ids}-days` : undefined}
      >
        <legend className="visually-hidden">{texts.windowDays(position)}</legend>
        {ISO_WEEKDAYS_DE.map((short, i) => (
          <label key={short} className="play-rules__day">
            <input
              type="checkbox"
              checked={window.days.includes(i + 1)}
              onChange={(event) =>
                send({
                  type: 'window.day',
                  index,
                  window: position,
                  day: i + 1,
                  checked: event.target.checked,
                })
              }
            />
            <span>{short}</span>
          </label>
        ))}
      </fieldset>
      <ErrorText id={`${ids}-days`} error={daysError} />
      <div className="categories__hours">
        <HourSelect
          label={texts.from}
          value={window.from_hour}
          choices={range(club.start_hour, club.end_hour - 1)}
          error={errors[`${path}/from_hour`]}
          onChange={(from_hour) =>
            send({ type: 'window.change', index, window: position, changes: { from_hour } })
          }
        />
        <HourSelect
          label={texts.to}
          value={window.to_hour}
          choices={range(club.start_hour + 1, club.end_hour)}
          error={errors[`${path}/to_hour`]}
          onChange={(to_hour) =>
            send({ type: 'window.change', index, window: position, changes: { to_hour } })
          }
        />
      </div>
      <ErrorText id={`${ids}-row`} error={errors[path]} />
      <button
        type="button"
        className="button"
        onClick={() => send({ type: 'window.remove', index, window: position })}
      >
        {texts.removeWindow}
      </button>
    </div>
  );
}
