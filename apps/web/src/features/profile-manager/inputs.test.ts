import { describe, expect, test } from 'bun:test'

import {
  defaultModuleOption,
  isValidUpdatePhone,
  moduleOptions,
  stripNameInput,
  stripPhoneInput,
  userOptions,
} from '@/features/profile-manager/inputs'

describe('profile manager inputs', () => {
  test('names lose their underscores as typed', () => {
    expect(stripNameInput('Ada_Lovelace')).toBe('AdaLovelace')
    expect(stripNameInput('__')).toBe('')
  })

  test('the create phone keeps one leading plus and the digits only', () => {
    expect(stripPhoneInput('+1 (415) 555-abc2671')).toBe('+14155552671')
    expect(stripPhoneInput('41+5')).toBe('415')
    expect(stripPhoneInput('++1')).toBe('+1')
    expect(stripPhoneInput('call me')).toBe('')
  })

  test('the update phone is empty or a plus then digits', () => {
    expect(isValidUpdatePhone('')).toBe(true)
    expect(isValidUpdatePhone('+14155552671')).toBe(true)
    expect(isValidUpdatePhone('4155552671')).toBe(false)
    expect(isValidUpdatePhone('+')).toBe(false)
    expect(isValidUpdatePhone('+1 415')).toBe(false)
  })

  test('modules hide the global prompt and lose ".json"', () => {
    const options = moduleOptions(['global_prompt.json', 'Get to Know You.json', 'default_Check In.json'])
    expect(options).toEqual([
      { value: 'Get to Know You', label: 'Get to Know You' },
      { value: 'default_Check In', label: 'default_Check In' },
    ])
    expect(defaultModuleOption(options)).toBe('Get to Know You')
    expect(defaultModuleOption(options.slice(1))).toBeUndefined()
  })

  test('users that share a name are told apart by their id', () => {
    const options = userOptions([
      { id: '000000000abcde', name: 'Ada' },
      { id: '0000000012345', name: 'ada' },
      { id: '00000000zzzzz', name: 'Grace' },
    ])
    expect(options.map((option) => option.hint)).toEqual(['id …abcde', 'id …12345', undefined])
  })
})
