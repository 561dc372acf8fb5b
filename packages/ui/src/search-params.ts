/**
 * The query of the address the host shows, for screens that keep their state in it (filters, a
 * chosen moment), so it survives a reload and can be shared. Remotes have no router: the host
 * contract tells where we are and navigates.
 */
import { useCallback, useMemo } from 'react';
import type { HostContract } from '@platzbuchung/host/contract';

/** A path with a query, without a lone "?" when the query is empty. */
export function withQuery(pathname: string, query: URLSearchParams): string {
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * The current query, the same object until it changes (so it can feed memos and effects), and a
 * setter that makes a new history entry on the same page, as following a link would.
 */
export function useSearchParams(host: HostContract): [URLSearchParams, (next: URLSearchParams) => void] {
  const { pathname, search } = host.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const { navigate } = host;
  const setParams = useCallback(
    (next: URLSearchParams) => navigate(withQuery(pathname, next)),
    [navigate, pathname],
  );
  return [params, setParams];
}
