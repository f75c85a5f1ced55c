// Browser benchmark (scripts/bench [GAME]): figures from the real playground
// in headless Chromium, never pass/fail. For every game (or only GAME) with a
// bench level, analyses it whole through the page's API and prints the time
// as JSON.
import { openPlayground } from './harness.mjs';

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
} finally {
  await browser.close();
  server.close();
}
