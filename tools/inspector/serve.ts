import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/**
 * A tiny static file server for the built page, on 127.0.0.1 only. It serves files
 * and nothing else; the page itself needs no server (any static host will do).
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.png': 'image/png',
};

export const SITE = join(import.meta.dirname, 'dist', 'site');

export function serveStatic(root: string, port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({ url: `http://127.0.0.1:${actual}/`, server });
    });
  });
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const port = Number(process.env.PORT ?? 4173);
  const { url } = await serveStatic(SITE, port);
  console.log(`Seam Inspector: ${url} (serving ${SITE}; Ctrl-C stops it)`);
}
