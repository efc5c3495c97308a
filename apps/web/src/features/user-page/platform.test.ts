import { expect, test } from 'bun:test'

import { isIosNonSafari } from '@/features/user-page/platform'

const iphone = (rest: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${rest}`

test('Chrome, Firefox and in-app browsers on iOS get the warning; Safari and other systems do not', () => {
  expect(isIosNonSafari(iphone('Version/17.5 Mobile/15E148 Safari/604.1'))).toBe(false)
  expect(isIosNonSafari(iphone('CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'))).toBe(true)
  expect(isIosNonSafari(iphone('FxiOS/127.0 Mobile/15E148 Safari/605.1.15'))).toBe(true)
  expect(isIosNonSafari(iphone('Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]'))).toBe(true)
  const ipadAsMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Safari/604.1'
  expect(isIosNonSafari(ipadAsMac, 5)).toBe(true)
  expect(isIosNonSafari(ipadAsMac, 0)).toBe(false)
  expect(isIosNonSafari('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(false)
})
