import { describe, expect, test } from 'bun:test'

import { safeRedirect } from '@/features/auth/safe-redirect'

describe('safeRedirect', () => {
  test('keeps paths on this site, with their query and hash', () => {
    expect(safeRedirect('/groups')).toBe('/groups')
    expect(safeRedirect('/groups/book-club?tab=members#top')).toBe('/groups/book-club?tab=members#top')
  })

  test('sends everything else home', () => {
    for (const target of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'groups',
      '/login',
      '/login?redirect=%2Fgroups',
    ]) {
      expect(safeRedirect(target)).toBe('/')
    }
  })
})
