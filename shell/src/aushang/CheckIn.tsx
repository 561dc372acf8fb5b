/**
 * Check-in at the clubhouse screen (docs/check-in.md): "Einchecken", the court, the member's
 * 4-digit PIN. The screen answers only whether it worked; it never says whose PIN it was. Shown
 * only where the club asks for check-in.
 */
import { useEffect, useRef, useState } from 'react';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import type { DisplayCourt } from '@platzbuchung/domain/display/screen';

/** A message shows this long, then the screen is the grid again. */
const MESSAGE_MS = 8_000;

const screenPath = (secret: string) => `/api/display/${encodeURIComponent(secret)}/check-in`;

/** Whether the club asks for check-in: asked once when the screen opens, and again with each day. */
export function useCheckInOffered(secret: string, date: string): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let stopped = false;
    fetch(screenPath(secret), { cache: 'no-store' })
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ required: boolean }>) : { required: false }))
      .then(
        (answer) => !stopped && setOffered(answer.required),
        () => undefined,
      );
    return () => {
      stopped = true;
    };
  }, [secret, date]);
  return offered;
}

type Step = { kind: 'closed' } | { kind: 'court' } | { kind: 'pin'; court: DisplayCourt };

export function CheckIn({ secret, courts }: { secret: string; courts: readonly DisplayCourt[] }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const pinInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  useEffect(() => {
    if (step.kind === 'pin') pinInput.current?.focus();
  }, [step]);

  const close = () => {
    setStep({ kind: 'closed' });
    setPin('');
  };
  const send = async (court: DisplayCourt) => {
    setSending(true);
    try {
      const answer = await fetch(screenPath(secret), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ court_num: String(court.court), pin }),
      });
      const body = (await answer.json().catch(() => ({}))) as { message?: string; error?: unknown };
      const error = typeof body.error === 'string' ? body.error : checkInTexts.pinInvalid;
      setMessage(
        answer.ok ? { text: body.message ?? checkInTexts.checkedIn, ok: true } : { text: error, ok: false },
      );
    } catch {
      setMessage({ text: checkInTexts.failed, ok: false });
    } finally {
      setSending(false);
      close();
    }
  };

  return (
    <>
      <button type="button" className="aushang__check-in" onClick={() => setStep({ kind: 'court' })}>
        {checkInTexts.screenButton}
      </button>
      {message && (
        <p
          className={`aushang__check-in-message${message.ok ? '' : ' is-error'}`}
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
      {step.kind !== 'closed' && (
        <div className="aushang__dialog" role="dialog" aria-modal="true" aria-labelledby="check-in-title">
          <h2 id="check-in-title">
            {step.kind === 'court'
              ? checkInTexts.screenChooseCourt
              : `${checkInTexts.screenPin}: ${step.court.name}`}
          </h2>
          {step.kind === 'court' ? (
            <div className="aushang__courts">
              {courts.map((court) => (
                <button key={court.court} type="button" onClick={() => setStep({ kind: 'pin', court })}>
                  {court.name}
                </button>
              ))}
            </div>
          ) : (
            <form
              className="aushang__pin"
              onSubmit={(event) => {
                event.preventDefault();
                void send(step.court);
              }}
            >
              <label htmlFor="check-in-pin">{checkInTexts.pinLabel}</label>
              <input
                id="check-in-pin"
                ref={pinInput}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                pattern="[0-9]{4}"
                maxLength={4}
                value={pin}
                onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
              />
              <button type="submit" disabled={sending || pin.length !== 4}>
                {checkInTexts.screenButton}
              </button>
            </form>
          )}
          <button type="button" className="aushang__dialog-close" onClick={close}>
            {checkInTexts.screenCancel}
          </button>
        </div>
      )}
    </>
  );
}
