/**
 * The Mitglieder tab's "Versäumnisse" (docs/check-in.md): per member, the releases that still count
 * against them, each to forgive. Shown only while there are some: a club without check-in has none.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@platzbuchung/ui/api/client';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { fetchNoShows, forgiveNoShow, type NoShowShown } from './api';
import './no-shows.css';

function byMember(noShows: readonly NoShowShown[]): NoShowShown[][] {
  const groups = new Map<string, NoShowShown[]>();
  for (const noShow of noShows) groups.set(noShow.user_id, [...(groups.get(noShow.user_id) ?? []), noShow]);
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

export function NoShows({ clubId }: { clubId: string }) {
  const [noShows, setNoShows] = useState<NoShowShown[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) => fetchNoShows(clubId, signal).then(setNoShows, () => undefined),
    [clubId],
  );
  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);
  if (noShows.length === 0) return null;

  const forgive = async (noShow: NoShowShown) => {
    setBusy(noShow._id);
    setError(null);
    try {
      await forgiveNoShow(clubId, noShow._id);
      await load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : checkInTexts.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="no-shows" aria-labelledby="no-shows-title">
      <h3 id="no-shows-title">{checkInTexts.noShowsTitle}</h3>
      <p className="admin-part__intro">{checkInTexts.noShowsIntro}</p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <ul className="no-shows__members">
        {byMember(noShows).map((own) => {
          const name = `${own[0]!.first_name} ${own[0]!.last_name}`;
          return (
            <li key={own[0]!.user_id} className="no-shows__member">
              <p className="no-shows__name">
                {name}: {checkInTexts.noShowCount(own.length)}
              </p>
              <ul className="no-shows__list">
                {own.map((noShow) => (
                  <li key={noShow._id} className="no-shows__item">
                    <span>{formatDateDe(noShow.date)}</span>
                    <button
                      type="button"
                      className="button"
                      disabled={busy !== null}
                      aria-label={`${checkInTexts.forgive}: ${name}, ${formatDateDe(noShow.date)}`}
                      onClick={() => void forgive(noShow)}
                    >
                      {checkInTexts.forgive}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
