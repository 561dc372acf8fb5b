/** Landing for logged-out users: log in, register, or register a club. */
import { hostPaths, type RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import { AuthScreen } from '../../shared/AuthScreen';

const choices = [
  { to: hostPaths.login, label: 'Anmelden', hint: 'Für registrierte Spieler', primary: true },
  { to: hostPaths.register, label: 'Registrieren', hint: 'Zum ersten Mal hier? Bei Ihrem Verein anmelden' },
  { to: hostPaths.registerClub, label: 'Verein registrieren', hint: 'Für Vereinsverwalter' },
];

export default function Landing(_props: RemoteScreenProps) {
  return (
    <AuthScreen title={`Willkommen bei ${texts.productName}`}>
      <p>Reservieren Sie Tennisplätze Ihres Vereins stundenweise, bequem vom Handy.</p>
      <ul className="auth-links">
        {choices.map((choice) => (
          <li className="auth-links__item" key={choice.to}>
            <a className={choice.primary ? 'button button--primary' : 'button'} href={choice.to}>
              {choice.label}
            </a>
            <span className="auth-links__hint">{choice.hint}</span>
          </li>
        ))}
      </ul>
    </AuthScreen>
  );
}
