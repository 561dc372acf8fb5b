/** The frame of every auth screen: an optional Back link, the heading, then the content on a card. */
import type { ReactNode } from 'react';
import { uiTexts } from '@platzbuchung/ui/texts';
import '@platzbuchung/ui/styles/forms.css';
import './auth.css';

interface AuthScreenProps {
  title: string;
  backTo?: string;
  children: ReactNode;
}

export function AuthScreen({ title, backTo, children }: AuthScreenProps) {
  return (
    <section className="auth-screen">
      {backTo && (
        <a className="auth-screen__back" href={backTo}>
          <span aria-hidden="true">←</span>
          {uiTexts.back}
        </a>
      )}
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
