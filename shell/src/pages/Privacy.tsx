/** The privacy notice: operator and retention periods from /remotes.json, the text from the domain. */
import { use, useState } from 'react';
import { Link } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/host/contract';
import type { ImpressumConfig, PrivacyFacts } from '@platzbuchung/domain/privacy/facts';
import type { NoticeSection } from '@platzbuchung/domain/privacy/notice';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { uiTexts } from '@platzbuchung/ui/texts';
import { SessionContext } from '../session/session-context';

type WriteNotice = (operator: ImpressumConfig, facts: PrivacyFacts) => NoticeSection[];

/**
 * The notice's text is the shell's largest and no first screen shows it: it comes in a chunk of
 * its own when the page is opened (bench/README.md, "browser"). One load per try; `null` when the
 * chunk could not be loaded, so the page offers a retry instead of failing the whole shell.
 */
let noticeLoad: { attempt: number; notice: Promise<WriteNotice | null> } | undefined;

function loadNotice(attempt: number): Promise<WriteNotice | null> {
  if (noticeLoad?.attempt !== attempt) {
    const notice = import('@platzbuchung/domain/privacy/notice').then(
      ({ privacyNotice }) => privacyNotice,
      () => null,
    );
    noticeLoad = { attempt, notice };
  }
  return noticeLoad.notice;
}

export function Privacy() {
  const config = SessionContext.useSelector((s) => s.context.config);
  const [attempt, setAttempt] = useState(0);
  const privacyNotice = use(loadNotice(attempt));
  if (!config) return null;
  return (
    <section className="page">
      <Link className="back-link" to={hostPaths.profile}>
        <span aria-hidden="true">←</span>
        {uiTexts.back}
      </Link>
      {privacyNotice ? (
        <PrivacyNotice sections={privacyNotice(config.impressum, config.privacy)} />
      ) : (
        <FailureNotice message={uiTexts.networkError} onRetry={() => setAttempt((n) => n + 1)} />
      )}
    </section>
  );
}

function PrivacyNotice({ sections }: { sections: readonly NoticeSection[] }) {
  return (
    <article className="page__card privacy-notice">
      <h1>Datenschutzerklärung</h1>
      {sections.map((section) => (
        <section key={section.title} className="privacy-notice__section">
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <dl className="privacy-notice__items">
              {section.items.map((item) => (
                <div key={item.term}>
                  <dt>{item.term}</dt>
                  <dd>{item.text}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </article>
  );
}
