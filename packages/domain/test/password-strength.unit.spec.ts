import { describe, expect, it } from 'vitest';
import { passwordCriteriaMet, passwordStrength } from '../src/password-strength';

describe('password strength (SPEC section 5)', () => {
  it.each([
    ['', 0, 'low'],
    ['abc', 1, 'low'],
    ['abcdefgh', 2, 'low'],
    ['abcdefg1', 3, 'medium'],
    ['Abcdefg1', 4, 'medium'],
    ['Abcdef1!', 5, 'high'],
    ['Übergröße9?', 5, 'high'],
  ] as const)('%j meets %i criteria: %s', (password, met, level) => {
    expect(passwordCriteriaMet(password)).toBe(met);
    expect(passwordStrength(password)).toBe(level);
  });
});
