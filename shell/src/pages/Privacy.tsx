/** The privacy notice: operator and retention periods from /remotes.json, the text from the domain. */
import { Link } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/domain/host-contract';
import { privacyNotice } from '@platzbuchung/domain/privacy/notice';
import { uiTexts } from '@platzbuchung/ui/texts';
import { SessionContext } from '../session/session-context';

export function Privacy() {
  const config = SessionContext.useSelector((s) => s.context.config);
  if (!config) return null;
  const sections = privacyNotice(config.impressum, config.privacy);
  return (
    <section className="page">
      <Link className="back-link" to={hostPaths.profile}>
        <span aria-hidden="true">←</span>
        {uiTexts.back}
      </Link>
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
    </section>
  );
}
