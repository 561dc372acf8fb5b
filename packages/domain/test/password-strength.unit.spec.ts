import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_BYTES,
  passwordBytes,
  passwordCriteriaMet,
  passwordStrength,
  passwordTooLong,
} from '../src/password-strength';

describe('password strength', () => {
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

describe('the byte limit bcrypt imposes', () => {
  it.each([
    ['A1!' + 'a'.repeat(69), 72, false],
    ['A1!' + 'a'.repeat(70), 73, true],
    ['ä'.repeat(36), 72, false],
    ['ä'.repeat(40), 80, true],
    ['A1!' + '🎾'.repeat(17), 71, false],
    ['A1!' + '🎾'.repeat(18), 75, true],
  ] as const)('%j is %i bytes: too long %s', (password, bytes, tooLong) => {
    expect(passwordBytes(password)).toBe(bytes);
    expect(passwordTooLong(password)).toBe(tooLong);
    expect(bytes > PASSWORD_MAX_BYTES).toBe(tooLong);
  });
});
