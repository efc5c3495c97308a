import { expect, test } from 'bun:test'

import { isValidPhoneInput, stripPhoneInput } from '@/features/user-page/phone'

test('typing keeps digits and plus signs only', () => {
  expect(stripPhoneInput('+1 (415) 555-2671')).toBe('+14155552671')
  expect(stripPhoneInput('+1-abc')).toBe('+1')
  expect(stripPhoneInput('abc')).toBe('')
  expect(stripPhoneInput('12+3')).toBe('12+3')
})

test('a saved number is an optional plus followed by digits', () => {
  expect(isValidPhoneInput('+14155552671')).toBe(true)
  expect(isValidPhoneInput('4155552671')).toBe(true)
  expect(isValidPhoneInput('')).toBe(false)
  expect(isValidPhoneInput('+')).toBe(false)
  expect(isValidPhoneInput('12+3')).toBe(false)
  expect(isValidPhoneInput('++1')).toBe(false)
})
