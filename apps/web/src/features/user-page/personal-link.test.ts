import { expect, test } from 'bun:test'

import { addressWithoutToken, linkTokenFromHash } from '@/features/user-page/personal-link'

test('the token comes from #k=…; anything else is no token', () => {
  expect(linkTokenFromHash('#k=abc_DEF-123')).toBe('abc_DEF-123')
  expect(linkTokenFromHash('#x=1&k=tok')).toBe('tok')
  expect(linkTokenFromHash('')).toBeNull()
  expect(linkTokenFromHash('#k=')).toBeNull()
  expect(linkTokenFromHash('#section')).toBeNull()
})

test('the address keeps its path, query and other fragment parts, without the token', () => {
  expect(addressWithoutToken({ pathname: '/user', search: '?id=Ada&module=Get+to+Know+You', hash: '#k=tok' })).toBe(
    '/user?id=Ada&module=Get+to+Know+You',
  )
  expect(addressWithoutToken({ pathname: '/user', search: '', hash: '#k=tok&x=1' })).toBe('/user#x=1')
})
