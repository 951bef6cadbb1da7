/**
 * Loads the reference server (test/server/server.ts) only when something asks for it: specs through
 * the `referenceServer` fixture, and the demo. The harness self-test never loads it, and a missing
 * server fails with a message that says so instead of a module-resolution error.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// Types only: erased at run time, so nothing here loads the server until startReference() is called.
import type { ReferenceServer, ServerOptions } from '../server/server';
import { ROOT } from './build';

export type { ReferenceServer, ServerOptions };

/** Where the reference server lives. */
const REFERENCE_SERVER_PATH = join(ROOT, 'test', 'server', 'server.ts');

type StartReferenceServer = (options?: ServerOptions) => Promise<ReferenceServer>;

/** Thrown when test/server/server.ts is not there. */
export class ReferenceServerMissingError extends Error {
  override readonly name = 'ReferenceServerMissingError';
}

/** Imports `startReferenceServer`; throws ReferenceServerMissingError if the file is absent. */
export async function loadReferenceServer(): Promise<StartReferenceServer> {
  if (!existsSync(REFERENCE_SERVER_PATH)) {
    throw new ReferenceServerMissingError(
      `The reference server is missing: ${REFERENCE_SERVER_PATH} does not exist. It should export ` +
        'startReferenceServer(options) → Promise<{ url, port, apiKey, requests, setFault, reset, close }>.',
    );
  }
  const module = (await import(pathToFileURL(REFERENCE_SERVER_PATH).href)) as {
    startReferenceServer?: unknown;
  };
  if (typeof module.startReferenceServer !== 'function') {
    throw new Error(`${REFERENCE_SERVER_PATH} does not export a function startReferenceServer.`);
  }
  return module.startReferenceServer as StartReferenceServer;
}

/** Starts the reference server; port 0 (a free port) unless `options.port` says otherwise. */
export async function startReference(options: ServerOptions = {}): Promise<ReferenceServer> {
  const start = await loadReferenceServer();
  return start({ port: 0, ...options });
}

/** The requests `server` received for one endpoint, e.g. `apiRequests(server, 'POST /api/url/add')`. */
export function apiRequests(server: ReferenceServer, endpoint: string): ReferenceServer['requests'] {
  return server.requests.filter((request) => `${request.method} ${request.path}` === endpoint);
}

/**
 * Resolves once `server` has received no request for `quietMs` (after the last one, or from now),
 * so that a check that nothing more was sent looks at a settled log: while the extension keeps
 * sending, this keeps waiting (up to `timeoutMs`), where a fixed sleep would look too early.
 */
export async function waitForQuiet(
  server: ReferenceServer,
  quietMs = 1_000,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let count = server.requests.length;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`The server's request log did not go quiet within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (server.requests.length !== count) {
      count = server.requests.length;
      since = Date.now();
    }
  }
}
