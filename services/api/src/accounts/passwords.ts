import bcrypt from 'bcryptjs';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** bcrypt with a configurable cost: 10 in production, lower in tests to keep them quick. */
export function bcryptHasher(cost = 10): PasswordHasher {
  return {
    hash: (password) => bcrypt.hash(password, cost),
    verify: (password, hash) => bcrypt.compare(password, hash),
  };
}

/**
 * A hash of a random password, compared against when the e-mail is unknown, so a failed login
 * takes as long whether or not the account exists.
 */
export const UNKNOWN_USER_HASH = bcrypt.hashSync('no-such-user-has-this-password', 10);
