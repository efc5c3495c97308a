/**
 * Where to go after signing in. Only paths on this site: `?redirect=https://evil.example` or
 * `//evil.example` must never send a freshly signed-in person elsewhere.
 */
export function safeRedirect(target: string | undefined) {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/'
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login#')) return '/'
  return target
}
