/**
 * "Push-Benachrichtigungen" in the account panel: this device's push, turned on and off, and which
 * notices it brings (docs/architecture/push.md).
 */
import { useId, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { pushChoiceNames, type PushChoiceName } from '@platzbuchung/domain/push/schemas';
import { pushTexts } from '@platzbuchung/domain/push/texts';
import { ActionNotices } from '@platzbuchung/ui/components/load-state';
import { disablePush, enablePush, inspectPush, savePushChoice } from './push-device';
import { pushNotificationsMachine, type PushAnswer, type PushState } from './push-notifications-machine';

export function PushNotifications() {
  const id = useId();
  const [machine] = useState(() =>
    pushNotificationsMachine.provide({
      actors: {
        inspect: fromPromise<PushState>(({ signal }) => inspectPush(signal)),
        enable: fromPromise<PushAnswer>(() => enablePush()),
        saveChoice: fromPromise<PushAnswer, { endpoint: string; name: PushChoiceName; on: boolean }>(
          ({ input }) => savePushChoice(input),
        ),
        disable: fromPromise<string, { endpoint: string }>(({ input }) => disablePush(input)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { device, pending, message, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const subscribed = device !== null && !snapshot.matches('off') && !snapshot.matches('enabling');

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {pushTexts.sectionTitle}
      </h2>
      {snapshot.hasTag('loading') && <p className="account-section__hint">{pushTexts.checking}</p>}
      {snapshot.matches('unsupported') && <p className="account-section__hint">{pushTexts.unsupported}</p>}
      {snapshot.matches('checkFailed') && (
        <div className="account-actions">
          <button type="button" className="button" onClick={() => send({ type: 'push.retry' })}>
            Erneut versuchen
          </button>
        </div>
      )}
      {(snapshot.matches('off') || snapshot.matches('enabling')) && (
        <>
          <p className="account-section__hint">{pushTexts.enableHint}</p>
          <div className="account-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => send({ type: 'push.enable' })}
            >
              {busy && <span className="spinner" aria-hidden="true" />}
              {pushTexts.enable}
            </button>
          </div>
        </>
      )}
      {subscribed && device && (
        <>
          <fieldset className="field">
            <legend className="field__label">{pushTexts.choicesTitle}</legend>
            {pushChoiceNames.map((name) => (
              <div key={name} className="field__checkbox-row">
                <input
                  className="field__checkbox"
                  id={`${id}-${name}`}
                  type="checkbox"
                  checked={pending?.name === name ? pending.on : device[name]}
                  disabled={busy}
                  onChange={(event) => send({ type: 'choice.set', name, on: event.target.checked })}
                />
                <label className="field__label" htmlFor={`${id}-${name}`}>
                  {pushTexts.choiceLabels[name]}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="account-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => send({ type: 'push.disable' })}
            >
              {pushTexts.disable}
            </button>
          </div>
        </>
      )}
      <ActionNotices message={message} error={error} />
    </section>
  );
}
