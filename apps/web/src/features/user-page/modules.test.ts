import { expect, test } from 'bun:test'

import { defaultModule, findModule, moduleDisplayName, moduleLabel, selectableModules } from '@/features/user-page/modules'

test('module names lose ".json" and the global prompt is never offered', () => {
  expect(moduleLabel('Get to Know You.json')).toBe('Get to Know You')
  expect(selectableModules(['global_prompt.json', 'Default Testing.json', 'Get to Know You.json'])).toEqual([
    'Default Testing',
    'Get to Know You',
  ])
})

test('members read module names without staff prefixes or underscores', () => {
  expect(moduleDisplayName('default_Check In')).toBe('Check In')
  expect(moduleDisplayName('default_Check In.json')).toBe('Check In')
  expect(moduleDisplayName('get_to_know_you')).toBe('get to know you')
  expect(moduleDisplayName('Get to Know You')).toBe('Get to Know You')
  expect(moduleDisplayName('default_')).toBe('default_')
})

test('the default is the requested module, else get to know you, else the first (SPEC §9)', () => {
  const modules = ['Book Club', 'Get to Know You', 'Walks']
  expect(defaultModule(modules, 'walks.json')).toBe('Walks')
  expect(defaultModule(modules, 'No Such Module')).toBe('Get to Know You')
  expect(defaultModule(modules)).toBe('Get to Know You')
  expect(defaultModule(['Book Club', 'get_to_know_you'])).toBe('get_to_know_you')
  expect(defaultModule(['Book Club', 'Walks'])).toBe('Book Club')
  expect(defaultModule([])).toBeNull()
  expect(findModule(modules, 'BOOK  club')).toBe('Book Club')
})
