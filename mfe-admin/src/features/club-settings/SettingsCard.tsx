/**
 * One section of Verein: a card with its title, that saves on its own (its own "Speichern" and
 * "Gespeichert." beside it), so an admin sees which part a save concerns.
 */
import { useId, type ReactNode } from 'react';

export function SettingsCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="admin-card settings-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="settings-card__title">
        {title}
      </h3>
      {intro && <p className="admin-part__intro settings-card__intro">{intro}</p>}
      {children}
    </section>
  );
}
