/**
 * Verein, the play rules' card: who plays — co-players, guests and their fee, prime-time quotas, the
 * short-notice exemption and the length of a doubles. Saved with the club's other settings
 * (PUT /api/admin/club, those sent unchanged), so each save is one settings change in the log.
 * Every error shows under its control, found by its path (`/quotas/0/to_hour`).
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ClubSettingsBody, PlayRules } from '@platzbuchung/domain/schemas';
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import type { Club } from '@platzbuchung/domain/types';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { fetchPlayRules, saveClubSettings } from './api';
import { draftOf, playRulesBody, type PlayRulesDraft } from './play-rules-body';
import { playRulesMachine } from './play-rules-machine';
import { Checkbox, RadioGroup, TextInput } from './play-rules-controls';
import { QuotasFieldset } from './PlayRulesQuotas';
import './play-rules.css';

export function ClubPlayRules({ club, onSaved }: { club: Club; onSaved: () => void }) {
  const rules = useResource(fetchPlayRules, club._id);
  if (rules.loading) {
    return (
      <p className="admin-status" role="status">
        Spielregeln werden geladen …
      </p>
    );
  }
  if (rules.failed || rules.data === null)
    return <FailureNotice message={rules.error} onRetry={rules.retry} />;
  return <PlayRulesForm club={club} rules={rules.data} onSaved={onSaved} />;
}

function PlayRulesForm({ club, rules, onSaved }: { club: Club; rules: PlayRules; onSaved: () => void }) {
  const latest = useRef({ club, onSaved });
  useEffect(() => {
    latest.current = { club, onSaved };
  });
  const [machine] = useState(() =>
    playRulesMachine.provide({
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
      bodyOf: (draft: PlayRulesDraft) => playRulesBody(latest.current.club, draft),
    },
  });
  const { draft, errors, formError, saved } = snapshot.context;
  const saving = snapshot.hasTag('saving');
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused save, the first control with an error takes the focus, so it is read out;
  // never while the admin corrects one (their focus stays where they type).
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
  const named = draft.co_players !== 'off';

  return (
    <form
      className="form play-rules"
      ref={formRef}
      noValidate
      aria-busy={saving}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'form.submit' });
        // The browser's own refusals render in the next frame.
        requestAnimationFrame(focusFirstInvalid);
      }}
    >
      {alert && (
        <div className="notice notice--error" role="alert">
          {alert}
        </div>
      )}
      <fieldset className="form__fieldset" disabled={saving}>
        <legend>Mitspieler</legend>
        <RadioGroup
          legend="Mitspieler eintragen"
          name="co_players"
          value={draft.co_players}
          error={errors['/co_players']}
          choices={[
            ['off', 'Nein: nur die buchende Person'],
            ['optional', 'Freiwillig'],
            ['required', 'Pflicht: Einzel 1, Doppel 3 Mitspieler'],
          ]}
          onChange={(value) => send({ type: 'rule.change', name: 'co_players', value })}
        />
        <Checkbox
          checked={draft.co_players_count}
          disabled={!named}
          error={errors['/co_players_count']}
          onChange={(value) => send({ type: 'rule.change', name: 'co_players_count', value })}
        >
          Eingetragene Mitglieder zählen zu ihrem eigenen Reservierungslimit
        </Checkbox>
        <RadioGroup
          legend="Ein Doppel darf dauern"
          name="doubles_hours"
          value={String(draft.doubles_hours)}
          error={errors['/doubles_hours']}
          disabled={!named}
          choices={[
            ['1', '1 Stunde'],
            ['2', '2 Stunden'],
          ]}
          onChange={(value) =>
            send({ type: 'rule.change', name: 'doubles_hours', value: value === '2' ? 2 : 1 })
          }
        />
        <Checkbox
          checked={draft.guests}
          disabled={!named}
          error={errors['/guests']}
          onChange={(value) => send({ type: 'rule.change', name: 'guests', value })}
        >
          Gäste erlaubt (als Mitspieler mit Namen)
        </Checkbox>
        {draft.guests && (
          <TextInput
            label="Gastgebühr pro Gast und Stunde (€)"
            value={draft.guest_fee}
            inputMode="decimal"
            hint="0,00 bis 100,00 €; die Kasse sieht sie in der Gästeliste."
            error={errors['/guest_fee_cents']}
            onChange={(value) => send({ type: 'rule.change', name: 'guest_fee', value })}
          />
        )}
      </fieldset>
      <QuotasFieldset draft={draft} errors={errors} disabled={saving} send={send} />
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
  /^\/(co_players|co_players_count|doubles_hours|guests|guest_fee_cents|quota_exempt_hours|quotas)$/,
  /^\/quotas\/\d+(\/(days|from_hour|to_hour|hours_per_week))?$/,
];
