/**
 * Platzordnung: the club's rules for its members, as the admin wrote them, and below them the
 * play rules the club set (who plays, guests, quotas), its check-in (docs/check-in.md) and its prices (docs/architecture/money.md)
 * in plain words from the domain. The text is
 * plain with its line breaks (CSS `white-space: pre-wrap`); React writes it as text, so markup in
 * it is shown, never run.
 */
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import { checkInTexts, describeCheckIn } from '@platzbuchung/domain/check-in/texts';
import { clubRulesTexts } from '@platzbuchung/domain/clubs/local-rules';
import { priceRuleText, priceTexts } from '@platzbuchung/domain/money/prices';
import { describePlayRules, playRulesTexts } from '@platzbuchung/domain/players/play-rules';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { fetchClubRules, type ClubRulesAnswer } from '../../shared/club-play-rules';
import '../../shared/reservations.css';
import './club-rules.css';

export default function ClubRules({ host }: RemoteScreenProps) {
  if (!host.auth.value) return null;
  return <RulesPage key={host.auth.club_id} clubId={host.auth.club_id} clubName={host.club?.name} />;
}

function RulesPage({ clubId, clubName }: { clubId: string; clubName: string | undefined }) {
  const { data, error, loading, failed, retry } = useResource(fetchClubRules, clubId);

  return (
    <section className="club-rules" aria-labelledby="club-rules-title" aria-busy={loading}>
      <h1 id="club-rules-title">{clubRulesTexts.title}</h1>
      {clubName && <p className="club-rules__club">{clubName}</p>}
      {loading ? (
        <p role="status">{clubRulesTexts.loading}</p>
      ) : failed || data === null ? (
        <FailureNotice message={error} onRetry={retry} />
      ) : (
        <RulesText answer={data} />
      )}
    </section>
  );
}

function RulesText({ answer }: { answer: ClubRulesAnswer }) {
  const play = describePlayRules(answer.play);
  const checkIn = describeCheckIn(answer.play.check_in);
  // A free rule (0 €) costs nothing and says nothing, as in the booking popup.
  const prices = answer.prices.filter((rule) => rule.cents_per_hour > 0).map(priceRuleText);
  if (!answer.rules && play.length === 0 && prices.length === 0 && checkIn.length === 0)
    return <p className="club-rules__empty">{clubRulesTexts.none}</p>;
  return (
    <>
      {answer.rules && <div className="club-rules__text">{answer.rules}</div>}
      {play.length > 0 && (
        <section className="club-rules__play" aria-labelledby="club-rules-play">
          <h2 id="club-rules-play">{playRulesTexts.heading}</h2>
          <ul>
            {play.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {checkIn.length > 0 && (
        <section className="club-rules__play" aria-labelledby="club-rules-check-in">
          <h2 id="club-rules-check-in">{checkInTexts.title}</h2>
          <ul>
            {checkIn.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {prices.length > 0 && (
        <section className="club-rules__play" aria-labelledby="club-rules-prices">
          <h2 id="club-rules-prices">{priceTexts.heading}</h2>
          <p>{priceTexts.sumExplained}</p>
          {answer.payment !== 'none' && <p>{priceTexts.paymentExplained[answer.payment]}</p>}
          <ul>
            {prices.map((line, index) => (
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
