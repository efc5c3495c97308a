// The personal link carries its token in the fragment (`#k=…`, PRODUCT §3): it never reaches server logs or
// Referer headers. The page reads it once, trades it for a session cookie and removes it from the address bar.

/** The token of `#k=…`, or null. Other fragment parameters are left alone. */
export function linkTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const token = params.get('k')?.trim()
  return token ? token : null
}

/** The address without the token, for history.replaceState (query and any other fragment parts kept). */
export function addressWithoutToken(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''))
  params.delete('k')
  const rest = params.toString()
  return `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`
}
