import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserListEntry } from '@platzbuchung/domain/types';
import { fetchUsers } from '../src/shared/reservations-api';
import {
  clubUsersCache,
  ensureClubUsers,
  ensureUsersKnown,
  forgetAskedUsers,
  withOwnName,
} from '../src/shared/club-users';

vi.mock('../src/shared/reservations-api', () => ({ fetchUsers: vi.fn() }));

const anna: UserListEntry = { _id: 'anna', first_name: 'Anna', last_name: 'Alt' };
const neu: UserListEntry = { _id: 'neu', first_name: 'Nina', last_name: 'Neu' };
const loads = vi.mocked(fetchUsers);

/** The cache with the list loaded once, as the grid leaves it. */
async function loadedWith(users: UserListEntry[]) {
  loads.mockResolvedValueOnce(users);
  ensureClubUsers('club');
  await vi.waitFor(() => expect(clubUsersCache.get().status).toBe('loaded'));
  loads.mockClear();
}

describe('the members a live booking names', () => {
  afterEach(() => {
    clubUsersCache.clear();
    forgetAskedUsers();
    loads.mockReset();
    vi.restoreAllMocks();
  });

  it('loads the list again for a member who joined after it was loaded, so the name shows', async () => {
    await loadedWith([anna]);
    loads.mockResolvedValueOnce([anna, neu]);

    ensureUsersKnown('club', ['neu']);

    await vi.waitFor(() => expect(clubUsersCache.get().value).toEqual([anna, neu]));
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('costs nothing for a member the list knows', async () => {
    await loadedWith([anna]);
    ensureUsersKnown('club', ['anna']);
    expect(loads).not.toHaveBeenCalled();
  });

  it('asks once for someone the list never shows, not on every booking of theirs', async () => {
    await loadedWith([anna]);
    loads.mockResolvedValue([anna]);

    ensureUsersKnown('club', ['gone']);
    await vi.waitFor(() => expect(clubUsersCache.get().status).toBe('loaded'));
    ensureUsersKnown('club', ['gone']);
    ensureUsersKnown('club', ['gone', 'anna']);

    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('waits for the list: before it is loaded, its own load brings everyone', () => {
    ensureUsersKnown('club', ['neu']);
    expect(loads).not.toHaveBeenCalled();
  });

  it('asks after the load for a member named while the list loads, when that load missed them', async () => {
    let answer: (users: UserListEntry[]) => void = () => undefined;
    loads.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    ensureClubUsers('club');
    ensureUsersKnown('club', ['neu']);
    expect(loads).toHaveBeenCalledTimes(1);
    // The load read the members before Nina joined.
    loads.mockResolvedValueOnce([anna, neu]);
    answer([anna]);

    await vi.waitFor(() => expect(clubUsersCache.get().value).toEqual([anna, neu]));
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('costs nothing more for a member named while the list loads when that load brings them', async () => {
    let answer: (users: UserListEntry[]) => void = () => undefined;
    loads.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    ensureClubUsers('club');
    ensureUsersKnown('club', ['neu']);
    answer([anna, neu]);

    await vi.waitFor(() => expect(clubUsersCache.get().status).toBe('loaded'));
    ensureUsersKnown('club', ['neu']);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('asks again for a newcomer when the load for them failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadedWith([anna]);
    loads.mockRejectedValueOnce(new Error('offline'));
    ensureUsersKnown('club', ['neu']);
    await vi.waitFor(() => expect(clubUsersCache.get().status).toBe('failed'));

    loads.mockResolvedValueOnce([anna, neu]);
    ensureUsersKnown('club', ['neu']);

    await vi.waitFor(() => expect(clubUsersCache.get().value).toEqual([anna, neu]));
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('stops asking for someone named during a load once a load after it did not show them either', async () => {
    let answer: (users: UserListEntry[]) => void = () => undefined;
    loads.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    ensureClubUsers('club');
    ensureUsersKnown('club', ['gone']);
    loads.mockResolvedValue([anna]);
    answer([anna]);

    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(clubUsersCache.get().status).toBe('loaded'));
    ensureUsersKnown('club', ['gone']);
    expect(loads).toHaveBeenCalledTimes(2);
  });
});

describe("the member's own name", () => {
  it('is the one the session holds, though the list was loaded before it changed', () => {
    const renamed = { ...anna, first_name: 'Annika', last_name: 'Neu-Alt' };
    expect(withOwnName([anna, neu], renamed)).toEqual([renamed, neu]);
    // Others keep the list's names, and an unchanged list is given back as it was.
    const same = [anna, neu];
    expect(withOwnName(same, anna)).toEqual(same);
  });
});
