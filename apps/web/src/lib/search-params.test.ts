import { describe, expect, test } from 'bun:test'

import { formatSort, parsePage, parseQuery, parseSort, tableSearch } from '@/lib/search-params'

describe('parsePage', () => {
  test('keeps a positive whole number, from the router (number) or by hand (string)', () => {
    expect(parsePage(3)).toBe(3)
    expect(parsePage('7')).toBe(7)
    expect(parsePage(' 12 ')).toBe(12)
  })

  test('falls back to page 1 for anything else', () => {
    for (const bad of [undefined, null, 0, -2, 2.5, '0', '-1', 'abc', '', '  ', '3abc', Number.NaN, Infinity, true, [], {}, 2 ** 60]) {
      expect(parsePage(bad)).toBe(1)
    }
  })
})

describe('parseSort', () => {
  const keys = ['name', 'totalMinutes'] as const

  test('reads key:asc and key:desc for allowed keys', () => {
    expect(parseSort('name:asc', keys)).toEqual({ key: 'name', dir: 'asc' })
    expect(parseSort('totalMinutes:desc', keys)).toEqual({ key: 'totalMinutes', dir: 'desc' })
  })

  test('a bare allowed key sorts ascending', () => {
    expect(parseSort('name', keys)).toEqual({ key: 'name', dir: 'asc' })
  })

  test('rejects unknown keys, unknown directions and junk', () => {
    for (const bad of ['email:asc', 'name:up', 'name:asc:x', ':asc', '', 'NAME:asc', 'name:ASC', 42, null, undefined, { key: 'name' }]) {
      expect(parseSort(bad, keys)).toBeNull()
    }
  })

  test('round-trips through formatSort', () => {
    expect(formatSort({ key: 'name', dir: 'desc' })).toBe('name:desc')
    expect(formatSort(null)).toBeUndefined()
    expect(parseSort(formatSort({ key: 'totalMinutes', dir: 'asc' }), keys)).toEqual({ key: 'totalMinutes', dir: 'asc' })
  })
})

describe('parseQuery', () => {
  test('trims text and keeps router-parsed numbers as text', () => {
    expect(parseQuery('  ada  ')).toBe('ada')
    expect(parseQuery(5551234)).toBe('5551234')
    expect(parseQuery(undefined)).toBe('')
    expect(parseQuery({ q: 'x' })).toBe('')
  })
})

describe('tableSearch', () => {
  const validate = tableSearch(['name', 'email'])

  test('keeps valid values', () => {
    expect(validate({ page: 4, sort: 'email:desc', q: ' bob ' })).toEqual({ page: 4, sort: 'email:desc', q: 'bob' })
  })

  test('drops defaults and invalid values so the address stays clean', () => {
    expect(validate({})).toEqual({})
    expect(validate({ page: 1, sort: 'phone:asc', q: '   ' })).toEqual({})
    expect(validate({ page: 'x', sort: 'name' })).toEqual({ sort: 'name:asc' })
  })
})
