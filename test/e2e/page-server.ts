/** A tiny local web site for e2e specs: fixed HTML pages served from 127.0.0.1 on a free port. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running page server. */
export interface PageServer {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** Absolute URL of `path` on this server. */
  url(path?: string): string;
  /** Adds or replaces the page served at `path`. */
  setPage(path: string, html: string): void;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `pages` (path → HTML) on 127.0.0.1, port 0; unknown paths answer 404. */
export async function startPageServer(pages: Record<string, string> = {}): Promise<PageServer> {
  const routes = new Map(Object.entries(pages));
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const html = routes.get(path);
    response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? '<!doctype html><title>Not found</title><h1>Not found</h1>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path = '/') => new URL(path, origin).href,
    setPage: (path, html) => routes.set(path, html),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Chromium keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A sample article with a few links, for specs and the demo. */
export function samplePage(title = 'Sample article'): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto">
  <h1>${title}</h1>
  <p>A page to shorten. It links to <a id="docs-link" href="https://example.com/docs/getting-started?ref=sample">the getting-started guide</a>
  and to <a id="local-link" href="/other">another local page</a>.</p>
</body>
</html>`;
}
