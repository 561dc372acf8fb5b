/**
 * "Kasse": the treasurer's tab (docs/architecture/money.md, "Die Kasse"). The page is a column of
 * sections, each with its own heading and state: the balances, and the account of the member
 * chosen in the address (`?mitglied=<id>`, so a reload or a link opens the same member). A new
 * part of the treasurer's work is one more section here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { kasseTexts as t, type MemberBalance } from '@platzbuchung/domain/money/kasse';
import { fullName } from '@platzbuchung/domain/names';
import type { Club } from '@platzbuchung/domain/types';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import { useSearchParams, withQuery } from '@platzbuchung/ui/search-params';
import { adminPaths } from '../../shared/paths';
import { balancesCsvHref, fetchBalances } from './api';
import { Balances } from './Balances';
import { balancesMachine } from './balances-machine';
import { MemberAccount } from './MemberAccount';
import './kasse.css';

/** The query key naming the member whose account is open. */
const MEMBER_PARAM = 'mitglied';

const memberHref = (userId: string) =>
  withQuery(adminPaths.kasse, new URLSearchParams({ [MEMBER_PARAM]: userId }));

export function Kasse({ host, club }: RemoteScreenProps & { club: Club }) {
  const [params, setParams] = useSearchParams(host);
  const selected = params.get(MEMBER_PARAM);
  const [machine] = useState(() =>
    balancesMachine.provide({
      actors: { loadBalances: fromPromise<MemberBalance[]>(({ signal }) => fetchBalances(club._id, signal)) },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { balances, onlyOpen, error } = snapshot.context;
  const reload = useCallback(() => send({ type: 'balances.reload' }), [send]);
  const member = balances.find((balance) => balance.user_id === selected);

  // Back from a member's account, the focus returns to their name in the list.
  const closed = useRef<string | null>(null);
  useEffect(() => {
    if (selected || !closed.current) return;
    document.querySelector<HTMLElement>(`a[href="${memberHref(closed.current)}"]`)?.focus();
    closed.current = null;
  }, [selected]);

  return (
    <div className="admin-part kasse">
      <h2>{t.tab}</h2>
      <p className="admin-part__intro">{t.intro}</p>
      <div className={selected ? 'kasse__sections kasse__sections--member' : 'kasse__sections'}>
        <Balances
          balances={balances}
          onlyOpen={onlyOpen}
          loading={snapshot.hasTag('loading')}
          refreshing={snapshot.hasTag('refreshing')}
          failed={snapshot.matches('loadFailed')}
          error={error}
          csvHref={balancesCsvHref(club._id)}
          selected={selected}
          memberHref={memberHref}
          onOpen={(userId) => setParams(new URLSearchParams({ [MEMBER_PARAM]: userId }))}
          onOnlyOpen={(value) => send({ type: 'filter.onlyOpen', value })}
          onRetry={() =>
            send({ type: snapshot.matches('loadFailed') ? 'balances.retry' : 'balances.reload' })
          }
        />
        {selected && (
          // A new member is a new account and a new form (with its own key): keyed by the member.
          <MemberAccount
            key={selected}
            clubId={club._id}
            timeZone={club.time_zone}
            userId={selected}
            name={member ? fullName(member) : null}
            onRecorded={reload}
            onClose={() => {
              closed.current = selected;
              setParams(new URLSearchParams());
            }}
          />
        )}
      </div>
    </div>
  );
}
