import { Elysia, NotFoundError } from 'elysia';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { htmlSecurityHeaders } from './security-headers';

// Bun.build names chunks and assets `[name]-[hash].[ext]` (apps/web/build.ts): those never change content.
const HASHED_NAME = /-[a-z0-9]{8}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html and unhashed files (worklets) are revalidated on every load, so a deploy shows up at once.
const REVALIDATE = 'no-cache';
const COMPRESSIBLE = /\.(js|css|html|svg|json|map)$/;

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Hearth is running, but the web app is not built</h1>
<p>Run <code>bun run build:web</code> and reload this page. The API under <code>/api</code> works already.</p>
</body></html>`;

/**
 * Serves the built web app from `distDir` with an SPA fallback: every GET that is not `/api/*`, `/ws`, `/metrics` or a
 * file answers index.html, so deep links such as /groups/abc work. Use it last, after every API route.
 */
export const webPlugin = (distDir: string) => {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');

  return new Elysia({ name: 'web', seed: root }).get('/*', async ({ request }) => {
    const pathname = decodePathname(new URL(request.url).pathname);
    // Unknown API and websocket paths keep the API's JSON 404 (the errors plugin answers NOT_FOUND).
    if (pathname === null || isServerPath(pathname)) throw new NotFoundError();

    const filePath = resolve(root, `.${pathname}`);
    const insideRoot = filePath.startsWith(root + sep);
    const hidden = pathname.split('/').some((segment) => segment.startsWith('.'));
    if (insideRoot && !hidden && (await isFile(filePath))) {
      const cacheControl = filePath !== indexPath && HASHED_NAME.test(filePath) ? IMMUTABLE : REVALIDATE;
      return sendFile(request, filePath, cacheControl);
    }
    // A missing bundle file must not turn into HTML (the browser would report a confusing MIME error).
    if (pathname.startsWith('/assets/')) throw new NotFoundError();

    if (!(await isFile(indexPath))) {
      return new Response(MISSING_BUILD_PAGE, {
        status: 503,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...htmlSecurityHeaders(request) },
      });
    }
    return sendFile(request, indexPath, REVALIDATE);
  });
};

/** `/metrics` too: it is served on METRICS_PORT only (PRODUCT §12), and here a plain 404 says so rather than the app. */
function isServerPath(pathname: string) {
  const top = pathname.split('/')[1];
  return top === 'api' || top === 'ws' || top === 'metrics';
}

function decodePathname(pathname: string) {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

async function isFile(path: string) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function sendFile(request: Request, filePath: string, cacheControl: string) {
  const file = Bun.file(filePath);
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.lastModified).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': cacheControl,
    etag,
    'x-content-type-options': 'nosniff',
    ...(file.type.startsWith('text/html') ? htmlSecurityHeaders(request) : {}),
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  // apps/web/build.ts writes a .gz beside each text asset; send it to clients that accept gzip.
  if (COMPRESSIBLE.test(filePath)) {
    headers.vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '') && (await isFile(`${filePath}.gz`))) {
      headers['content-encoding'] = 'gzip';
      return new Response(Bun.file(`${filePath}.gz`), { headers });
    }
  }
  return new Response(file, { headers });
}
