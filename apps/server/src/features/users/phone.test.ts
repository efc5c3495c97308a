import { describe, expect, test } from 'bun:test';
import { normalizePhone } from './phone';
import { Invalid } from '../../errors';
import { domainStatus } from '../../plugins/errors';

// users/phone.ts is shared (invitations, post-chat, relay settings); its rules are pinned here.
const rejects = (input: string, opts?: { requirePlus?: boolean }) => {
  try {
    normalizePhone(input, opts);
  } catch (err) {
    return err instanceof Invalid && domainStatus(err) === 400 && err.message === 'Invalid phone number';
  }
  return false;
};

describe('normalizePhone', () => {
  test('nothing, empty or blank means no phone', () => {
    for (const input of [null, undefined, '', '   ']) expect(normalizePhone(input)).toBeNull();
  });

  test('answers E.164; a number without a plus is read as a US number', () => {
    expect(normalizePhone('+14155552671')).toBe('+14155552671');
    expect(normalizePhone(' +447911123456 ')).toBe('+447911123456');
    expect(normalizePhone('4155552671')).toBe('+14155552671');
    expect(normalizePhone('14155552671')).toBe('+14155552671');
  });

  test('only an optional leading plus and digits: anything else is 400 Invalid phone number', () => {
    for (const input of ['+1 415 555 2671', '(415) 555-2671', '415.555.2671', '++14155552671', '1+4155552671', 'phone', '+']) {
      expect([input, rejects(input)]).toEqual([input, true]);
    }
  });

  test('digits that are no valid number are refused, and no other country is guessed', () => {
    for (const input of ['+12', '+15551234567', '+99912345678', '447911123456', '1'.repeat(19)]) {
      expect([input, rejects(input)]).toEqual([input, true]);
    }
  });

  test('requirePlus refuses a number without a plus', () => {
    expect(rejects('4155552671', { requirePlus: true })).toBe(true);
    expect(normalizePhone('+14155552671', { requirePlus: true })).toBe('+14155552671');
    expect(normalizePhone('', { requirePlus: true })).toBeNull();
  });
});
