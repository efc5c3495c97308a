import { describe, expect, test } from 'bun:test'

import { ariaSort, nextSort, sortAfterClick } from '@/components/data-table/sort'

describe('nextSort (SPEC §4: none, ascending, descending, cycling on each click)', () => {
  test('cycles none → asc → desc → none', () => {
    expect(nextSort(null)).toBe('asc')
    expect(nextSort('asc')).toBe('desc')
    expect(nextSort('desc')).toBeNull()
  })

  test('three clicks come back to where they started', () => {
    let dir = nextSort(null)
    dir = nextSort(dir)
    dir = nextSort(dir)
    expect(dir).toBeNull()
  })
})

describe('sortAfterClick', () => {
  test('walks one column through the cycle', () => {
    const first = sortAfterClick(null, 'minutes')
    expect(first).toEqual({ key: 'minutes', dir: 'asc' })
    const second = sortAfterClick(first, 'minutes')
    expect(second).toEqual({ key: 'minutes', dir: 'desc' })
    expect(sortAfterClick(second, 'minutes')).toBeNull()
  })

  test('a click on another column starts that column at ascending', () => {
    expect(sortAfterClick({ key: 'name', dir: 'desc' }, 'email')).toEqual({ key: 'email', dir: 'asc' })
  })
})

test('ariaSort names each state', () => {
  expect(ariaSort('asc')).toBe('ascending')
  expect(ariaSort('desc')).toBe('descending')
  expect(ariaSort(false)).toBe('none')
  expect(ariaSort(null)).toBe('none')
})
