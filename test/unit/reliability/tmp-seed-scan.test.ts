import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deliver, type FakeServer, fakeServer, seedProfile, startBackground, stubBrowserApis } from '../background/helpers';

let server: FakeServer;
const OWN = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
const huge = fc.integer({ min: 10_000, max: 1_000_000 }).map((n) => 'x'.repeat(n));
const garbage = fc.oneof(fc.anything(), huge, fc.constantFrom(...DANGEROUS_KEYS));
const methods = ['getLink', 'listLinks', 'addLink', 'updateChannel', 'assignToChannel', 'findLinkByShortUrl'];

for (let seed = 1; seed <= Number(process.env.SEEDS ?? 40); seed++) {
  it(`seed ${seed}`, async () => {
    stubBrowserApis();
    server = fakeServer();
    startBackground(server);
    await seedProfile();
    let hung: unknown = null;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.array(garbage, { maxLength: 4 }), async (method, args) => {
        run++;
        const before = server.fetch.mock.calls.length;
        const answer = await Promise.race([
          deliver({ type: 'api', payload: { method, args } }, OWN),
          new Promise((r) => setTimeout(() => r('HUNG'), 1500)),
        ]);
        if (answer === 'HUNG' && !hung) hung = { run, method, args: JSON.stringify(args)?.slice(0, 300), before, calls: server.calls.slice(before) };
      }),
      { numRuns: 150, seed },
    );
    console.log(`seed ${seed}: requests ${server.fetch.mock.calls.length}`, hung ? `HUNG ${JSON.stringify(hung)}` : '');
  }, 400_000);
}
