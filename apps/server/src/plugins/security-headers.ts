/**
 * Headers for every HTML answer (PRODUCT §3). The web app loads only its own files: scripts and audio worklets
 * (addModule of /worklets/*.js: script-src), styles, the API and the /ws websocket. 'self' covers ws:/wss: of the
 * own origin in CSP Level 3 only, so the websocket is named too, for the host the browser asked for (behind a TLS
 * proxy the server cannot tell ws from wss, hence both).
 */
export function htmlSecurityHeaders(request: Request): Record<string, string> {
  const host = new URL(request.url).host;
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${STYLE_SRC}`,
    "img-src 'self' data:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ws://${host} wss://${host}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * Styles need 'unsafe-inline': sonner (toasts), Radix's scroll lock (react-remove-scroll, with per-page gap sizes)
 * and CodeMirror insert <style> elements at run time, which Chromium blocked under style-src 'self' (the CSP
 * browser test found them). Scripts stay 'self' only, which is what keeps injected markup from running.
 */
const STYLE_SRC = "'self' 'unsafe-inline'";
