/** The legal notice: operator and contact address, from /remotes.json. */
import { Link } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/host/contract';
// From the facts, not the notice: the notice's text is a chunk of its own (shell/src/pages/Privacy.tsx).
import { ADDRESS_NOT_CONFIGURED, OPERATOR_NOT_CONFIGURED } from '@platzbuchung/domain/privacy/facts';
import * as texts from '@platzbuchung/domain/texts';
import { uiTexts } from '@platzbuchung/ui/texts';
import { SessionContext } from '../session/session-context';

export function Impressum() {
  const impressum = SessionContext.useSelector((s) => s.context.config?.impressum);
  return (
    <section className="page">
      <Link className="back-link" to={hostPaths.profile}>
        <span aria-hidden="true">←</span>
        {uiTexts.back}
      </Link>
      <div className="page__card">
        <h1>Impressum</h1>
        <p>{texts.productName} wird betrieben von:</p>
        <address className="impressum">
          <span>{impressum?.name || OPERATOR_NOT_CONFIGURED}</span>
          <span>{impressum?.address || ADDRESS_NOT_CONFIGURED}</span>
          {impressum?.email && (
            <span>
              E-Mail: <a href={`mailto:${impressum.email}`}>{impressum.email}</a>
            </span>
          )}
        </address>
      </div>
    </section>
  );
}
