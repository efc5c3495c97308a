import { describe, expect, test } from 'bun:test'

import { droppedPlaceholders, placeholders, promptNote } from '@/features/system-prompts/prompt-notes'

describe('prompt notes', () => {
  test('placeholders are listed once each, in order', () => {
    expect(placeholders('Hi {name}! {url} and {name} again, not {two words}')).toEqual(['{name}', '{url}'])
    expect(placeholders('no placeholders')).toEqual([])
  })

  test('an edit that drops a placeholder is noticed', () => {
    expect(droppedPlaceholders('Hi {name}: {url}', 'Hi there: {url}')).toEqual(['{name}'])
    expect(droppedPlaceholders('Hi {name}', 'Hello {name}!')).toEqual([])
  })

  test('known prompts say what they are for', () => {
    expect(promptNote('invite_sms')).toContain('invitation')
    expect(promptNote('something_new')).toBeUndefined()
  })
})
