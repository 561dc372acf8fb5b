import { Link } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import { useDocumentTitle } from '../app/RouteGate';

export function NotFound() {
  useDocumentTitle(texts.notFound);
  return (
    <section className="page">
      <div className="page__card">
        <h1>{texts.notFound}</h1>
        <p>Diese Seite gibt es nicht.</p>
        <p>
          <Link to={hostPaths.landing}>Zur Startseite</Link>
        </p>
      </div>
    </section>
  );
}
