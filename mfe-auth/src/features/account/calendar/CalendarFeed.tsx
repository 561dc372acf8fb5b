/**
 * "Kalender abonnieren": the member's personal calendar link with a copy button, and a way to make a
 * new link when the old one got into the wrong hands (docs/architecture/calendar-feed.md).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { calendarTexts, webcalAddress } from '@platzbuchung/domain/calendar/texts';
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import { copyToClipboard } from '@platzbuchung/ui/clipboard';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { calendarLinkMachine, type CalendarLink } from './calendar-link-machine';
import './calendar-feed.css';

const CALENDAR_LINK_PATH = '/api/account/calendar';

const loadLink = fromPromise<CalendarLink>(({ signal }) => getJson<CalendarLink>(CALENDAR_LINK_PATH, signal));
const renewLink = fromPromise<CalendarLink>(({ signal }) =>
  postJson<CalendarLink>(CALENDAR_LINK_PATH, {}, signal),
);

export function CalendarFeed() {
  const id = useId();
  const linkField = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const renewButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const [machine] = useState(() =>
    calendarLinkMachine.provide({
      actors: {
        loadLink,
        renewLink,
        copyLink: fromPromise<void, { url: string }>(({ input }) =>
          copyToClipboard(input.url, linkField.current),
        ),
      },
      actions: {
        selectLink: () => {
          linkField.current?.focus();
          linkField.current?.select();
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { url, error, renewed } = snapshot.context;
  const confirming = snapshot.matches({ ready: 'confirming' });
  const renewing = snapshot.matches({ ready: 'renewing' });

  // The question takes the focus, so a keyboard user answers it right away; afterwards the focus
  // goes back to the button that asked it.
  useLayoutEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasAsking.current && !renewing) renewButton.current?.focus();
    wasAsking.current = confirming || renewing;
  }, [confirming, renewing]);

  const feedback = snapshot.matches({ ready: 'copied' })
    ? { tone: 'success', text: calendarTexts.copied }
    : snapshot.matches({ ready: 'selectedForCopy' })
      ? { tone: 'info', text: calendarTexts.copyFailed }
      : renewed
        ? { tone: 'success', text: calendarTexts.renewed }
        : null;

  return (
    <section className="calendar-feed" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{calendarTexts.panelTitle}</h2>
      <p className="calendar-feed__intro">{calendarTexts.panelIntro}</p>

      {snapshot.matches('loading') && (
        <p className="calendar-feed__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {calendarTexts.loading}
        </p>
      )}

      {snapshot.matches('loadFailed') && (
        <FailureNotice message={error} onRetry={() => send({ type: 'retry' })} />
      )}

      {snapshot.matches('ready') && url && (
        <>
          <label className="field__label" htmlFor={`${id}-link`}>
            {calendarTexts.linkLabel}
          </label>
          <div className="calendar-feed__row">
            <input
              ref={linkField}
              id={`${id}-link`}
              className="field__input calendar-feed__link"
              type="text"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--primary"
              onClick={() => send({ type: 'copy' })}
              disabled={confirming || renewing}
            >
              {calendarTexts.copy}
            </button>
          </div>
          <a className="button calendar-feed__subscribe" href={webcalAddress(url)}>
            {calendarTexts.subscribe}
          </a>
          <p className="calendar-feed__feedback" role="status">
            {feedback && <span className={`calendar-feed__${feedback.tone}`}>{feedback.text}</span>}
          </p>
          {error && (
            <div className="notice notice--error" role="alert">
              <p>{error}</p>
            </div>
          )}
          {confirming || renewing ? (
            <div
              className="notice notice--info calendar-feed__confirm"
              role="group"
              aria-labelledby={`${id}-ask`}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !renewing) send({ type: 'renew.cancel' });
              }}
            >
              <p id={`${id}-ask`}>{calendarTexts.renewQuestion}</p>
              <div className="calendar-feed__confirm-actions">
                <button
                  ref={confirmButton}
                  type="button"
                  className="button button--primary"
                  onClick={() => send({ type: 'renew.confirm' })}
                  disabled={renewing}
                >
                  {renewing && <span className="spinner" aria-hidden="true" />}
                  {calendarTexts.renewConfirm}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => send({ type: 'renew.cancel' })}
                  disabled={renewing}
                >
                  {calendarTexts.renewCancel}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="button calendar-feed__renew"
              onClick={() => send({ type: 'renew.ask' })}
            >
              {calendarTexts.renew}
            </button>
          )}
        </>
      )}
    </section>
  );
}
