// The Embind API, loaded by node exactly as a page would load it (without
// starting the playground). Usage: node api.test.mjs path/to/tilelab_web.js
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { jobRequest, readRecord } from './job_text.mjs';

const require = createRequire(import.meta.url);
const createTilelab = require(process.argv[2]);
const Module = await createTilelab({ noInitialRun: true, print: () => {}, printErr: () => {} });
const call = (name, ...args) => JSON.parse(Module[name](...args));

let passed = 0, failed = 0;
function test(name, fn) {
  try { fn(); passed++; } catch (e) { failed++; console.error(`FAIL ${name}\n${e.stack}`); }
}

test('listGames names lastball with its parameters', () => {
  const games = call('listGames');
  const lastball = games.find((g) => g.id === 'lastball');
  assert.ok(lastball);
  assert.deepEqual(lastball.params.map((p) => p.key), ['size', 'balls', 'weight', 'start_x', 'start_y']);
});

test('generate gives a level, its par, a solution and a seed link', () => {
  const r = call('generate', 'lastball', 'size=8x5&balls=4', 'api-test');
  assert.equal(r.ok, true);
  assert.equal(r.level.split('\n').length, 6);
  assert.equal((r.level.match(/o/g) || []).length, 4);
  assert.ok(r.par >= 1 && r.par <= 4);
  assert.equal(r.solution.split(' ').length, r.par);
  assert.match(r.link, /^#game=lastball&v=1&gen=1&seed=api-test&size=8x5&balls=4/);
  // Opening the link gives the same level back.
  const o = call('open', r.link);
  assert.equal(o.ok, true);
  assert.equal(o.level, r.level);
});

// The page's worker runs a Session's job (web/worker.js calls runJob): the
// golden bytes every target's Session makes (tests/test_determinism.cpp).
test('the worker makes the golden levels a Session makes on every target', () => {
  const golden = fs.readFileSync(new URL('../golden/levels.txt', import.meta.url), 'utf8');
  const seen = new Set();
  for (const block of golden.split('\n== ').slice(1)) {
    const [header, ...rows] = block.split('\n');
    const [game, seed, ...keys] = header.split(' ');
    if (seen.has(game) || keys.length) continue;  // the first of each game, with its defaults
    seen.add(game);
    // Every line up to the next header, its trailing blank lines dropped (a Golf Peaks level has one inside).
    const level = rows.filter((l) => !l.startsWith('# ')).join('\n').replace(/\n+$/, '') + '\n';
    const r = readRecord(Module.runJob(jobRequest({ kind: 'make', game, seed: seed.replace(/^seed=/, '') })));
    assert.equal(r.error, undefined, `${header}: ${r.error}`);
    assert.equal(r.level, level, header);
    assert.ok(Number(r['generated.par']) >= 0, `${header}: par ${r['generated.par']}`);
  }
  assert.equal(seen.size, call('listGames').length);
});

test('solve and analyze agree on par', () => {
  const r = call('generate', 'lastball', '', 'api-test-2');
  const s = call('solve', '', r.level);
  const a = call('analyze', 'lastball', r.level);
  assert.equal(s.ok, true);
  assert.equal(s.solvable, true);
  assert.equal(s.length, r.par);
  assert.equal(a.par, r.par);
  assert.equal(a.capped, false);
  for (const key of ['states', 'win_states', 'dead_ends', 'optimal_solutions']) assert.ok(key in a, key);
});

test('parse gives the canonical text; level links round-trip', () => {
  const p = call('parse', 'lastball', '@.o.\r\n.o..\r\n');
  assert.equal(p.level, '@.o.\n.o..\n');
  const l = call('levelLink', 'lastball', p.level);
  assert.equal(call('open', l.link).level, p.level);
});

test('bad input answers ok:false with a message naming the place', () => {
  const p = call('parse', 'lastball', '@.o.\n.x..\n');
  assert.equal(p.ok, false);
  assert.match(p.error, /line 2, column 2/);
  assert.equal(call('generate', 'lastball', 'balls=99', 's').ok, false);
  assert.match(call('generate', 'lastball', 'balls=99', 's').error, /parameter balls/);
  assert.equal(call('generate', 'chess', '', 's').ok, false);
  assert.match(call('open', '#game=lastball&gen=0&seed=x').error, /generator version 0/);
});

console.log(`embind api: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
