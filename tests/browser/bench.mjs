// Browser benchmark (scripts/bench [GAME]): figures from the real playground
// in headless Chromium, never pass/fail. For every game (or only GAME) with a
// bench level, analyses it whole through the page's API and prints the time
// as JSON; then makes a pack of 100 of each game in the page's worker (as
// the Pack panel does) and prints its seconds beside the native CLI's for
// the same pack (`tilelab pack GAME --count 100 --seed bench`).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { openPlayground, root } from './harness.mjs';

const { base, browser, page, server } = await openPlayground();
try {
  await page.goto(base);
  await page.evaluate(() => window.tilelab.ready);
  const games = await page.evaluate(() => window.tilelab.api.listGames());
  const only = process.argv[2];
  for (const g of games.filter((x) => x.bench_level && (!only || x.id === only))) {
    const t0 = Date.now();
    const a = await page.evaluate(([id, text]) => window.tilelab.api.analyze(id, text), [g.id, g.bench_level]);
    const wall = Date.now() - t0;
    console.log(JSON.stringify({ game: g.id, platform: 'chromium', bench_level_states: a.states + a.win_states,
                                 bench_level_capped: a.capped, bench_level_ms: a.ms, wall_ms: wall }));
  }
  const cli = path.join(root, 'build/native/tilelab');
  for (const g of games.filter((x) => x.id !== 'flow' && (!only || x.id === only))) {
    const t0 = Date.now();
    await page.evaluate((id) => window.tilelab.work.start(-1, { kind: 2 /* JobKind::kMakePack */, game: id, params: '', seed: 'bench', text: '', count: 100, min_difficulty: 0, max_difficulty: 0 }), g.id);
    await page.waitForFunction(() => !window.tilelab.work.busy(), null, { timeout: 600000, polling: 20 });
    const pageMs = Date.now() - t0;
    const made = await page.evaluate(() => window.tilelab.work.last);
    let cliMs = null, same = null;
    if (fs.existsSync(cli)) {
      const c0 = process.hrtime.bigint();
      const text = execFileSync(cli, ['pack', g.id, '--count', '100', '--seed', 'bench']).toString();
      cliMs = Number(process.hrtime.bigint() - c0) / 1e6;
      same = made.result.ok && text === made.result.pack;
    }
    console.log(JSON.stringify({ game: g.id, platform: 'chromium worker', pack_of_100_s: +(pageMs / 1000).toFixed(2),
                                 native_cli_s: cliMs === null ? null : +(cliMs / 1000).toFixed(2), same_bytes: same }));
  }
} finally {
  await browser.close();
  server.close();
}
