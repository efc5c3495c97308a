// SPEC §8: on iOS, browsers other than Safari may leave the assistant unresponsive; the page warns about it.

export const IOS_BROWSER_WARNING =
  'This early alpha version only best in Safari on iOS devices. Using Chrome may cause the AI to be unresponsive or buggy.'

/** iPhone, iPad (also when it reports itself as a Mac) or iPod, in a browser other than Safari. */
export function isIosNonSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  if (!ios) return false
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent)
  const safari = /Safari\//.test(userAgent) && /Version\//.test(userAgent)
  return otherBrowser || !safari
}
