import { describe, expect, test } from 'bun:test'

import { pageCount, paginationWindow } from '@/components/data-table/pagination-window'

describe('paginationWindow (SPEC §9: 5 page numbers)', () => {
  test('no pages, no numbers; one page, one number', () => {
    expect(paginationWindow(1, 0)).toEqual([])
    expect(paginationWindow(1, 1)).toEqual([1])
  })

  test('fewer pages than the window shows them all', () => {
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3])
    expect(paginationWindow(5, 5)).toEqual([1, 2, 3, 4, 5])
  })

  test('centres on the current page in the middle', () => {
    expect(paginationWindow(6, 20)).toEqual([4, 5, 6, 7, 8])
  })

  test('near the start the window stays at page 1', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5])
    expect(paginationWindow(2, 20)).toEqual([1, 2, 3, 4, 5])
    expect(paginationWindow(3, 20)).toEqual([1, 2, 3, 4, 5])
    expect(paginationWindow(4, 20)).toEqual([2, 3, 4, 5, 6])
  })

  test('near the end the window stops at the last page', () => {
    expect(paginationWindow(20, 20)).toEqual([16, 17, 18, 19, 20])
    expect(paginationWindow(19, 20)).toEqual([16, 17, 18, 19, 20])
    expect(paginationWindow(17, 20)).toEqual([15, 16, 17, 18, 19])
  })

  test('a current page out of range is clamped', () => {
    expect(paginationWindow(0, 7)).toEqual([1, 2, 3, 4, 5])
    expect(paginationWindow(99, 7)).toEqual([3, 4, 5, 6, 7])
  })

  test('other window sizes', () => {
    expect(paginationWindow(5, 10, 3)).toEqual([4, 5, 6])
    expect(paginationWindow(5, 10, 4)).toEqual([4, 5, 6, 7])
    expect(paginationWindow(5, 10, 1)).toEqual([5])
  })

  test('always includes the current page and never more than the window', () => {
    for (let total = 0; total <= 12; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = paginationWindow(current, total)
        expect(pages).toContain(current)
        expect(pages.length).toBe(Math.min(5, total))
        expect(pages.every((p, i) => p >= 1 && p <= total && (i === 0 || p === pages[i - 1] + 1))).toBe(true)
      }
    }
  })
})

test('pageCount rounds up and has no pages for no rows', () => {
  expect(pageCount(0, 100)).toBe(0)
  expect(pageCount(1, 100)).toBe(1)
  expect(pageCount(100, 100)).toBe(1)
  expect(pageCount(101, 100)).toBe(2)
})
