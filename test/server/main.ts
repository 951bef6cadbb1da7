/**
 * `npm run sandbox`: the reference server on http://127.0.0.1:8787 for manual testing and e2e runs.
 * Environment: PORT (default 8787), API_KEY (default demo-api-key), RATE_LIMIT (requests per minute, default 30).
 */
import { startReferenceServer } from './server';

function integerFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    console.error(`${name} must be an integer >= ${min}, got "${raw}".`);
    process.exit(1);
  }
  return Number(raw);
}

const port = integerFromEnv('PORT', 8787, 0);
const rateLimit = integerFromEnv('RATE_LIMIT', 30, 1);
const apiKey = process.env.API_KEY || 'demo-api-key';

const server = await startReferenceServer({ port, apiKey, rateLimit }).catch((error: unknown) => {
  console.error(`Could not start the reference server on port ${port}: ${(error as Error).message}`);
  process.exit(1);
});

const { store } = server;
console.log(`Reference server listening on ${server.url}
API key:    ${server.apiKey}  (send "Authorization: Bearer ${server.apiKey}")
Rate limit: ${rateLimit} requests per minute
Seeded:     account #${store.account.id} "${store.account.username}" <${store.account.email}>, plan ${store.account.status}
            ${store.links.length} links: ${store.links.map((link) => `#${link.id} ${store.shortUrl(link)}`).join(', ')}
            ${store.campaigns.length} campaigns, ${store.channels.length} channels, ${store.domains.length} branded domain (${store.domains.map((domain) => domain.domain).join(', ')}), ${store.splashPages.length} splash page, ${store.overlays.length} CTA overlay
Control:    GET /__control/requests, POST /__control/fault | /__control/reset | /__control/rate-limit
Press Ctrl+C to stop.`);

let stopping = false;
function stop(signal: string): void {
  // A second signal means the user does not want to wait for open requests.
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`\n${signal} received, stopping.`);
  server.close().then(() => process.exit(0));
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
