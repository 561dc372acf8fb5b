/**
 * "Benachrichtigungen" in the account panel: booking confirmations by mail (off until switched on)
 * and the notices as a co-player (on until switched off).
 */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { NotificationSettings as Settings } from '@platzbuchung/domain/schemas';
import * as texts from '@platzbuchung/domain/texts';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import { fetchNotificationSettings, saveNotificationSettings } from '../../shared/auth-api';
import { notificationSettingsMachine, type SaveAnswer } from './notification-settings-machine';

export function NotificationSettings() {
  const id = useId();
  const [machine] = useState(() =>
    notificationSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise<Settings>(({ signal }) => fetchNotificationSettings(signal)),
        saveSettings: fromPromise<SaveAnswer, Settings>(({ input }) => saveNotificationSettings(input)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { wanted, message, error } = snapshot.context;
  const saving = snapshot.hasTag('saving');

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Benachrichtigungen
      </h2>
      <LoadState
        loading={snapshot.hasTag('loading')}
        loadingText="Einstellungen werden geladen …"
        failed={snapshot.matches('loadFailed')}
        error={error}
        onRetry={() => send({ type: 'settings.retry' })}
        statusClassName="account-section__hint"
      >
        <Switch
          id={`${id}-confirmations`}
          label={texts.bookingConfirmationsLabel}
          hint={`${texts.bookingConfirmationsHint} Über abgesagte oder verlegte Buchungen informieren wir Sie immer.`}
          on={wanted.booking_confirmations}
          saving={saving}
          onChange={(on) => send({ type: 'setting.set', name: 'booking_confirmations', on })}
        />
        <Switch
          id={`${id}-co-players`}
          label={texts.coPlayerNoticesLabel}
          hint={texts.coPlayerNoticesHint}
          on={wanted.co_player_notices}
          saving={saving}
          onChange={(on) => send({ type: 'setting.set', name: 'co_player_notices', on })}
        />
        <ActionNotices message={message} error={error} />
      </LoadState>
    </section>
  );
}

interface SwitchProps {
  id: string;
  label: string;
  hint: string;
  on: boolean;
  saving: boolean;
  onChange(on: boolean): void;
}

function Switch({ id, label, hint, on, saving, onChange }: SwitchProps) {
  return (
    <div className="field field--checkbox">
      <div className="field__checkbox-row">
        <input
          className="field__checkbox"
          id={id}
          type="checkbox"
          checked={on}
          disabled={saving}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {saving && <span className="spinner" aria-hidden="true" />}
      </div>
      <p id={`${id}-hint`} className="account-section__hint">
        {hint}
      </p>
    </div>
  );
}
