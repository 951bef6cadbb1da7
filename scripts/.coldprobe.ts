import { startBench, sendFrom, watchWorker, waitForStatus, SERVER_DELAY_MS } from './bench/measure';
import { join } from 'node:path';
const ext = process.argv[2]!;
const runs = Number(process.argv[3] ?? 10);
const bench = await startBench(ext, join(process.cwd(), '.output', 'bench-baseline'));
try {
  const page = await bench.browser.newPage();
  await page.goto(`chrome-extension://${bench.extensionId}/offscreen.html`);
  const session = await page.createCDPSession();
  const status = await watchWorker(session, bench.extensionId);
  bench.server.setFault({ kind: 'slow', delayMs: SERVER_DELAY_MS, match: 'POST /api/url/add' });
  const all: Record<string, number[]> = {};
  for (let run = -2; run < runs; run++) {
    await session.send('ServiceWorker.stopAllWorkers');
    await waitForStatus(status, 'stopped');
    const t0 = await page.evaluate(() => performance.timeOrigin + performance.now());
    const { ms, reply } = await sendFrom(page, { type: 'shorten', payload: { requestId: `p-${Date.now()}-${run}`, input: { url: `https://example.com/p/${Date.now()}-${run}`, status: 'private' } } });
    if (!(reply as any).ok) throw new Error(JSON.stringify(reply));
    const target = await bench.browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().includes(bench.extensionId));
    const ws = await target.createCDPSession();
    const { result } = await ws.send('Runtime.evaluate', { expression: 'JSON.stringify({o: performance.timeOrigin, m: performance.getEntriesByType("mark").map(e => [e.name, e.startTime])})', returnByValue: true });
    await ws.detach();
    const { o, m } = JSON.parse(result.value);
    if (run < 0) continue;
    const row: Record<string, number> = { 'worker-start(after send)': o - t0, total: ms - SERVER_DELAY_MS };
    for (const [name, t] of m) row[name] ??= t;
    for (const [k, v] of Object.entries(row)) (all[k] ??= []).push(v);
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  for (const [k, v] of Object.entries(all)) console.log(k.padEnd(28), med(v).toFixed(1));
} finally {
  await bench.close();
}
