/** Advisory password strength: five criteria, <3 low, 3–4 medium, 5 high. */
export type PasswordStrength = 'low' | 'medium' | 'high';

const criteria: readonly RegExp[] = [/^.{8,}$/su, /\p{Nd}/u, /\p{Ll}/u, /\p{Lu}/u, /[^\p{L}\p{Nd}\s]/u];

export function passwordCriteriaMet(password: string): number {
  return criteria.filter((criterion) => criterion.test(password)).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const met = passwordCriteriaMet(password);
  if (met === 5) return 'high';
  return met >= 3 ? 'medium' : 'low';
}

/**
 * bcrypt reads only the first 72 bytes of a password: two passwords that differ only after that are
 * the same password. New passwords are therefore limited in bytes, not characters ("ä" is two bytes
 * in UTF-8, many symbols three or four); docs/security/accounts.md explains the choice.
 */
export const PASSWORD_MAX_BYTES = 72;

export function passwordBytes(password: string): number {
  return new TextEncoder().encode(password).length;
}

export function passwordTooLong(password: string): boolean {
  return passwordBytes(password) > PASSWORD_MAX_BYTES;
}
