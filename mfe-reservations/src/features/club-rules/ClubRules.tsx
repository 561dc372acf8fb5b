/**
 * Platzordnung: the club's rules for its members, as the admin wrote them. Plain text with its
 * line breaks (CSS `white-space: pre-wrap`); React writes it as text, so markup in it is shown,
 * never run.
 */
import type { RemoteScreenProps } from '@platzbuchung/domain/host-contract';
import { clubRulesTexts } from '@platzbuchung/domain/clubs/local-rules';
import { getJson } from '@platzbuchung/ui/api/client';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import '../../shared/reservations.css';

const fetchRules = (clubId: string, signal: AbortSignal) =>
  getJson<{ rules: string }>(`/api/club/rules?club_id=${encodeURIComponent(clubId)}`, signal).then(
    (answer) => answer.rules,
  );

export default function ClubRules({ host }: RemoteScreenProps) {
  if (!host.auth.value) return null;
  return <RulesPage key={host.auth.club_id} clubId={host.auth.club_id} clubName={host.club?.name} />;
}

function RulesPage({ clubId, clubName }: { clubId: string; clubName: string | undefined }) {
  const { data: rules, error, loading, failed, retry } = useResource(fetchRules, clubId);

  return (
    <section className="club-rules" aria-labelledby="club-rules-title" aria-busy={loading}>
      <h1 id="club-rules-title">{clubRulesTexts.title}</h1>
      {clubName && <p className="club-rules__club">{clubName}</p>}
      {loading ? (
        <p role="status">{clubRulesTexts.loading}</p>
      ) : failed ? (
        <FailureNotice message={error} onRetry={retry} />
      ) : rules ? (
        <div className="club-rules__text">{rules}</div>
      ) : (
        <p className="club-rules__empty">{clubRulesTexts.none}</p>
      )}
    </section>
  );
}
