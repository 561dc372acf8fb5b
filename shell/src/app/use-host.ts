/** Builds the host contract the remotes receive from the session actor and the router. */
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { HostContract, NavigateOptions } from '@platzbuchung/host/contract';
import { SessionContext } from '../session/session-context';
import { logout } from '../session/session-api';
import { hostPaths } from '@platzbuchung/host/contract';

/** What a page receives in history state; read by the layouts to show a one-time notice. */
export interface NavigationState {
  notice?: string;
}

export function useHost(): HostContract {
  const session = SessionContext.useActorRef();
  const auth = SessionContext.useSelector((s) => s.context.auth);
  const clubs = SessionContext.useSelector((s) => s.context.clubs);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  return useMemo<HostContract>(() => {
    const go = (to: string, options: NavigateOptions = {}) => {
      const state: NavigationState | undefined = options.notice ? { notice: options.notice } : undefined;
      navigate(to, { replace: options.replace ?? false, state });
    };
    return {
      auth,
      location: { pathname, search },
      clubs,
      club: auth.value ? (clubs.find((c) => c._id === auth.club_id) ?? null) : null,
      navigate: go,
      startSession: (user) => session.send({ type: 'session.started', user }),
      replaceClubs: (next) => session.send({ type: 'clubs.replaced', clubs: next }),
      logout: async () => {
        // Only a confirmed logout clears the session: otherwise the cookie would still be valid.
        const { message } = await logout();
        session.send({ type: 'session.ended' });
        go(hostPaths.landing, { replace: true, notice: message });
      },
    };
  }, [auth, clubs, navigate, session, pathname, search]);
}
