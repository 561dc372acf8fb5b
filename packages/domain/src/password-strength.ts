/** Advisory password strength of SPEC section 5: five criteria, <3 low, 3–4 medium, 5 high. */
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
