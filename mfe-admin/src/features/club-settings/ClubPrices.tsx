/**
 * Verein, the card "Preise und Zahlung" (docs/architecture/money.md): the club's price rules — a
 * label, all courts or some, weekdays, hours and euros per hour — and whether co-players share the
 * court fee, with a preview of one hour as a member would read its cost. Saved with the club's
 * other settings (PUT /api/admin/club, those sent unchanged), so each save is one settings change
 * in the log. Every error shows under its control, found by its path (`/prices/0/label`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { courtName } from '@platzbuchung/domain/courts';
import { priceTexts } from '@platzbuchung/domain/money/prices';
import { ISO_WEEKDAYS_DE } from '@platzbuchung/domain/players/play-rules';
import type { ClubSettingsBody, Payment, PriceSettings } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { fetchPriceSettings, saveClubSettings } from './api';
import { Checkbox, ErrorText, HourSelect, RadioGroup, TextInput } from './play-rules-controls';

const paymentChoices = (['none', 'account', 'prepaid'] as const).map(
  (value) => [value, priceTexts.paymentChoices[value]] as const satisfies readonly [Payment, string],
);
import type { PathErrors } from './path-errors';
import {
  canAddPriceRule,
  draftOf,
  newPriceRule,
  previewParts,
  pricesBody,
  pricesErrors,
  type PriceRuleDraft,
  type PricesDraft,
} from './prices-body';
import { pricesMachine, type PricesEvent } from './prices-machine';
import './play-rules.css';
import './prices.css';

const WEEKDAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function ClubPrices({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const settings = useResource(fetchPriceSettings, club._id);
  if (settings.loading) {
    return (
      <p className="admin-status" role="status">
        {priceTexts.loading}
      </p>
    );
  }
  if (settings.failed || settings.data === null)
    return <FailureNotice message={settings.error} onRetry={settings.retry} />;
  return <PricesForm club={club} settings={settings.data} onSaved={onSaved} />;
}

function PricesForm({
  club,
  settings,
  onSaved,
}: {
  club: Club;
  settings: PriceSettings;
  onSaved: () => void;
}) {
  const latest = useRef({ club, onSaved });
  useEffect(() => {
    latest.current = { club, onSaved };
  });
  const [machine] = useState(() =>
    pricesMachine.provide({
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
      draft: draftOf(club, settings),
      newRule: () => newPriceRule(latest.current.club),
      bodyOf: (draft: PricesDraft) => pricesBody(latest.current.club, draft),
      errorsOf: (draft: PricesDraft) => pricesErrors(latest.current.club, draft),
    },
  });
  const { draft, errors, formError, saved } = snapshot.context;
  const saving = snapshot.hasTag('saving');
  const formRef = useRef<HTMLFormElement>(null);
  const listErrorId = useId();

  // After a refused save, the first control with an error takes the focus, so it is read out.
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
        <legend>Preise pro Stunde</legend>
        {draft.rules.length === 0 && <p className="field__hint">{priceTexts.none}</p>}
        <ol className="play-rules__quotas">
          {draft.rules.map((rule, index) => (
            <PriceRow key={index} club={club} index={index} rule={rule} errors={errors} send={send} />
          ))}
        </ol>
        <ErrorText id={listErrorId} error={errors['/prices']} />
        <div>
          <button
            type="button"
            className="button"
            disabled={!canAddPriceRule(draft)}
            onClick={() => send({ type: 'rule.add' })}
          >
            {priceTexts.add}
          </button>
        </div>
        <Checkbox
          checked={draft.split_court_fee}
          error={errors['/split_court_fee']}
          onChange={(value) => send({ type: 'split.change', value })}
        >
          {priceTexts.split}
        </Checkbox>
        <RadioGroup
          legend={priceTexts.payment}
          name="payment"
          value={draft.payment}
          error={errors['/payment']}
          choices={paymentChoices}
          onChange={(value) => send({ type: 'payment.change', value })}
        />
      </fieldset>
      <Preview club={club} draft={draft} send={send} />
      <div className="form__actions">
        <button type="submit" className="button button--primary form__submit" disabled={saving}>
          {saving && <span className="spinner" aria-hidden="true" />}
          {clubSettingsTexts.save}
        </button>
        {/* Always there, so a screen reader announces the text when it appears. */}
        <p className="form__saved" role="status">
          {saved ? clubSettingsTexts.saved : ''}
        </p>
      </div>
    </form>
  );
}

/** Paths a control of this form shows; any other error goes to the alert above the form. */
const PLACED = [
  /^\/(prices|split_court_fee|payment)$/,
  /^\/prices\/\d+(\/(label|courts|days|from_hour|to_hour|cents_per_hour))?$/,
];

function PriceRow(props: {
  club: Club;
  index: number;
  rule: PriceRuleDraft;
  errors: PathErrors;
  send: (event: PricesEvent) => void;
}) {
  const { club, index, rule, errors, send } = props;
  const path = `/prices/${index}`;
  const ids = useId();
  const title = priceTexts.rule(index);
  const change = (changes: Partial<Omit<PriceRuleDraft, 'days' | 'courts'>>) =>
    send({ type: 'rule.change', index, changes });
  const invalid = (name: string) => (errors[`${path}/${name}`] ? true : undefined);
  return (
    <li className="play-rules__quota">
      <fieldset className="play-rules__quota-set">
        <legend className="field__label">{rule.label.trim() || title}</legend>
        <div className="prices__pair prices__pair--stacked">
          <TextInput
            label={priceTexts.label}
            value={rule.label}
            inputMode="text"
            hint={priceTexts.labelHint}
            error={errors[`${path}/label`]}
            onChange={(label) => change({ label })}
          />
          <TextInput
            label={priceTexts.euros}
            value={rule.price}
            inputMode="decimal"
            hint={priceTexts.eurosHint}
            error={errors[`${path}/cents_per_hour`]}
            onChange={(price) => change({ price })}
          />
        </div>
        <fieldset
          className="play-rules__days"
          aria-invalid={invalid('courts')}
          aria-describedby={invalid('courts') ? `${ids}-courts` : undefined}
        >
          <legend className="visually-hidden">Plätze von {title}</legend>
          <label className="play-rules__day">
            <input
              type="checkbox"
              checked={rule.all_courts}
              onChange={(event) => change({ all_courts: event.target.checked })}
            />
            <span>{priceTexts.allCourtsChoice}</span>
          </label>
          {!rule.all_courts &&
            range(1, club.courts_count).map((court) => (
              <label key={court} className="play-rules__day">
                <input
                  type="checkbox"
                  checked={rule.courts.includes(String(court))}
                  aria-invalid={invalid('courts')}
                  onChange={(event) =>
                    send({ type: 'rule.court', index, court: String(court), checked: event.target.checked })
                  }
                />
                <span>{courtName(club, court)}</span>
              </label>
            ))}
        </fieldset>
        <ErrorText id={`${ids}-courts`} error={errors[`${path}/courts`]} />
        <fieldset
          className="play-rules__days"
          aria-invalid={invalid('days')}
          aria-describedby={invalid('days') ? `${ids}-days` : undefined}
        >
          <legend className="visually-hidden">Wochentage von {title}</legend>
          {ISO_WEEKDAYS_DE.map((short, i) => (
            <label key={short} className="play-rules__day">
              <input
                type="checkbox"
                checked={rule.days.includes(i + 1)}
                aria-invalid={invalid('days')}
                onChange={(event) =>
                  send({ type: 'rule.day', index, day: i + 1, checked: event.target.checked })
                }
              />
              <span aria-hidden="true">{short}</span>
              <span className="visually-hidden">{WEEKDAY_NAMES[i]}</span>
            </label>
          ))}
        </fieldset>
        <ErrorText id={`${ids}-days`} error={errors[`${path}/days`]} />
        <div className="prices__pair">
          <HourSelect
            label={priceTexts.from}
            value={rule.from_hour}
            choices={range(club.start_hour, club.end_hour - 1)}
            error={errors[`${path}/from_hour`]}
            onChange={(from_hour) => change({ from_hour })}
          />
          <HourSelect
            label={priceTexts.to}
            value={rule.to_hour}
            choices={range(club.start_hour + 1, club.end_hour)}
            error={errors[`${path}/to_hour`]}
            onChange={(to_hour) => change({ to_hour })}
          />
        </div>
        <ErrorText id={`${ids}-row`} error={errors[path]} />
        <button
          type="button"
          className="button play-rules__remove"
          onClick={() => send({ type: 'rule.remove', index })}
        >
          {title} entfernen
        </button>
      </fieldset>
    </li>
  );
}

/** One example hour the admin picks, priced as a member would read it. */
function Preview({
  club,
  draft,
  send,
}: {
  club: Club;
  draft: PricesDraft;
  send: (event: PricesEvent) => void;
}) {
  const ids = useId();
  const { preview } = draft;
  const shown = previewParts(club, draft);
  return (
    <fieldset className="form__fieldset">
      <legend>{priceTexts.previewLegend}</legend>
      <div className="play-rules__hours">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-court`}>
            {priceTexts.previewCourt}
          </label>
          <select
            id={`${ids}-court`}
            className="field__input"
            value={preview.court_num}
            onChange={(event) => send({ type: 'preview.change', changes: { court_num: event.target.value } })}
          >
            {range(1, club.courts_count).map((court) => (
              <option key={court} value={String(court)}>
                {courtName(club, court)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-day`}>
            {priceTexts.previewDay}
          </label>
          <select
            id={`${ids}-day`}
            className="field__input"
            value={preview.weekday}
            onChange={(event) =>
              send({ type: 'preview.change', changes: { weekday: Number(event.target.value) } })
            }
          >
            {WEEKDAY_NAMES.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <HourSelect
          label={priceTexts.previewHour}
          value={preview.hour}
          choices={range(club.start_hour, club.end_hour - 1)}
          error={undefined}
          onChange={(hour) => send({ type: 'preview.change', changes: { hour } })}
        />
      </div>
      <p className="prices__preview" aria-live="polite">
        {shown.hour}: <span className="prices__amount">{shown.amount}</span>
      </p>
    </fieldset>
  );
}
