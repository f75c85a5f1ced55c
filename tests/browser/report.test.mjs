// The CLI and the Embind API answer every command alike: both print what
// core/report/report makes, so for every game and command the JSON of
// `tilelab CMD --json` and of tilelab.api.CMD() must have the same keys in
// the same order and the same values (but "ms", a time). Both are the wasm
// builds, run by node. Usage: node report.test.mjs tilelab_cli.js tilelab_web.js
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobRequest, readRecord } from './job_text.mjs';

const [cliJs, webJs] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const Module = await require(path.resolve(webJs))({ noInitialRun: true, print: () => {}, printErr: () => {} });
const api = (name, ...args) => JSON.parse(Module[name](...args));
// The worker's entry point (web/worker.js): a job's request as text in, its result's text out, read.
const runJob = (fields) => readRecord(Module.runJob(jobRequest(fields)));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tilelab-report-'));

// Runs the CLI; returns { code, out, err }.
function cli(...args) {
  try {
    const out = execFileSync(process.execPath, ['--no-experimental-fetch', cliJs, ...args], { stdio: 'pipe' });
    return { code: 0, out: out.toString(), err: '' };
  } catch (e) {
    return { code: e.status, out: e.stdout.toString(), err: e.stderr.toString() };
  }
}
function cliJson(...args) {
  const r = cli(...args, '--json');
  assert.ok(r.code === 0 || r.code === 1, `tilelab ${args.join(' ')} exited ${r.code}: ${r.err}`);
  return JSON.parse(r.out);
}
// Same keys in the same order, same values but times; "ok" is the API's own.
function agree(what, fromCli, fromApi) {
  assert.equal(fromApi.ok, true, `${what}: the API refused: ${fromApi.error}`);
  const { ok, ...rest } = fromApi;
  assert.deepEqual(Object.keys(fromCli), Object.keys(rest), `${what}: keys differ`);
  for (const key of Object.keys(fromCli)) {
    if (key === 'ms') { assert.equal(typeof rest.ms, 'number', `${what}: ms`); continue; }
    assert.deepEqual(fromCli[key], rest[key], `${what}: "${key}" differs`);
  }
}

let passed = 0, failed = 0;
function test(name, fn) {
  try { fn(); passed++; console.log(`ok   ${name}`); } catch (e) { failed++; console.log(`FAIL ${name}\n${e.message}`); }
}

test('games: the game list', () => {
  assert.deepEqual(cliJson('games'), api('listGames'));
});

for (const game of api('listGames').map((g) => g.id)) {
  const seed = `report-${game}`;
  const generated = cliJson('generate', game, '--seed', seed);
  const file = path.join(tmp, `${game}.txt`);
  fs.writeFileSync(file, generated.level);
  const solved = cliJson('solve', file, '--game', game);

  test(`${game}: generate`, () => agree('generate', generated, api('generate', game, '', seed)));
  test(`${game}: parse`, () => agree('parse', cliJson('parse', file), api('parse', game, generated.level)));
  test(`${game}: solve`, () => agree('solve', solved, api('solve', game, generated.level)));
  test(`${game}: analyze`, () =>
    agree('analyze', cliJson('analyze', file, '--graph'), api('analyze', game, generated.level)));
  test(`${game}: the worker's analysis job (runJob) holds what the CLI's analysis prints, with its graph and figures`, () => {
    const r = runJob({ kind: 'analyze', game, text: generated.level, 'limits.graph_states': 500 });
    assert.equal(r.error, undefined, r.error);
    const a = cliJson('analyze', file, '--graph');
    for (const key of ['states', 'win_states', 'dead_ends', 'optimal_solutions', 'edges', 'par', 'max_distance'])
      assert.equal(Number(r[`analysis.${key}`]), a[key], key);
    assert.equal(r['analysis.depth_histogram'], a.depth_histogram.join(' '));
    assert.equal((r['graph.depth'] || '').split(' ').filter(Boolean).length, a.graph ? a.graph.states.length : 0);
    assert.equal((r['graph.edges'] || '').split(' ').filter(Boolean).length, a.graph ? a.graph.edges.length * 3 : 0);
    // The game's own figures, each under the key the CLI prints it by.
    for (let i = 0; i < Number(r.figures); i++) assert.ok(r[`figure.${i}.key`] in a, r[`figure.${i}.key`]);
  });
  test(`${game}: the worker's make job is the CLI's generate`, () => {
    const r = runJob({ kind: 'make', game, seed });
    assert.equal(r.error, undefined, r.error);
    assert.equal(r.level, generated.level);
    assert.equal(Number(r['generated.par']), generated.par);
    assert.equal(r.link, generated.link);
  });
  test(`${game}: replay`, () =>
    agree('replay', cliJson('replay', file, '--moves', solved.moves), api('replay', game, generated.level, solved.moves)));
  test(`${game}: level link`, () => agree('link', cliJson('link', file), api('levelLink', game, generated.level)));
  test(`${game}: seed link`, () =>
    agree('seed link', cliJson('link', '--game', game, '--seed', seed), api('seedLink', game, '', seed)));
  test(`${game}: a pack of 4 - the same text byte for byte`, () => {
    const fromCli = cliJson('pack', game, '--count', '4', '--seed', seed);
    const fromApi = api('pack', game, '', seed, 4, 0, 0);
    agree('pack', fromCli, fromApi);
    assert.equal(fromCli.text, fromApi.text);
    const back = api('readPack', fromApi.text);
    assert.equal(back.levels.length, fromApi.levels.length);
    assert.deepEqual(back.levels.map((l) => l.level), fromApi.levels.map((l) => l.level));
  });
  test(`${game}: the worker's pack job and search job hold the levels the CLI's pack and search make`, () => {
    const pack = runJob({ kind: 'make-pack', game, seed, 'pack.count': 6 });
    const fromCli = cliJson('pack', game, '--count', '6', '--seed', seed);
    assert.equal(Number(pack['pack.levels']), fromCli.levels.length);
    fromCli.levels.forEach((l, i) => assert.equal(pack[`pack.${i}.level`], l.level, `level ${i + 1}`));
    const search = runJob({ kind: 'search', game, seed, 'search.from': 4995, 'search.to': 5006, 'search.keep': 3,
                            'search.by': 'par', 'search.lowest': 1 });
    const found = cli('search', game, '--seeds', `${seed}:4995-5006`, '--keep', '3', '--by', '-par', '--json').out
      .trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.level);
    assert.equal(Number(search['search.levels']), found.length);
    found.forEach((l, i) => assert.equal(search[`search.${i}.seed`], l.seed, `level ${i + 1}`));
  });
  test(`${game}: open a seed link and a level link`, () => {
    agree('open seed link', cliJson('open', generated.link), api('open', generated.link));
    const levelLink = api('levelLink', game, generated.level).link;
    agree('open level link', cliJson('open', levelLink), api('open', levelLink));
  });
  test(`${game}: bad input is refused by both with the same message`, () => {
    const bad = path.join(tmp, `${game}-bad.txt`);
    // (Two '@' are a 2x1 Numberlink board of empty cells, which Flow reads;
    // 'a' with one dot it refuses.)
    const text = game === 'flow' ? 'a.b\n#\n' : '@@\n#\n';
    fs.writeFileSync(bad, text);
    const r = cli('solve', bad, '--game', game, '--json');
    const a = api('solve', game, text);
    assert.equal(r.code, 2);
    assert.equal(a.ok, false);
    assert.ok(r.err.includes(a.error), `CLI said "${r.err.trim()}", API said "${a.error}"`);
  });
}

test('golf: every distinct solution', () => {
  const g = cliJson('generate', 'golf', '--seed', 'report-golf');
  const file = path.join(tmp, 'golf.txt');
  agree('solve --all', cliJson('solve', file, '--all'), api('solveAll', 'golf', g.level));
});

test('the worker refuses a bad job, naming what is wrong', () => {
  const cases = [[{ kind: 'make', game: 'chess' }, "unknown game 'chess'"], [{ kind: 'bake' }, "'bake' is no job"],
                 [{ kind: 'make-pack-seed', game: 'golf', seed: 'x' }, 'seed_number'],
                 [{ kind: 'make-pack-seed', game: 'golf', seed: 'x', seed_number: 1, params: 'size=7x7&cards=4&tiles=nope' }, 'tiles'],
                 [{ kind: 'make', game: 'golf', seed: 'x', params: 'size=2x99' }, 'size'],
                 [{ kind: 'solve', game: 'golf', text: '@@@' }, ''], [{ kind: 'open-link', text: '#game=nope' }, 'nope'],
                 [{ kind: 'search', game: 'flow', seed: 's', 'search.to': 9, 'search.by': 'states' }, 'Flow has no states'],
                 [{ kind: 'search', game: 'flow', seed: 's', 'search.from': 9, 'search.to': 3 }, 'seeds 9 to 3'],
                 [{ kind: 'search', game: 'flow', seed: 's', 'search.to': 3, 'search.keep': 0 }, 'search.keep']];
  for (const [fields, says] of cases) {
    const r = runJob(fields);
    assert.ok(r.error && r.error.includes(says), `${JSON.stringify(fields)}: "${r.error}"`);
  }
});

test('a solve from a position: the worker plays the request\'s moves (ids) first; a move that is no move there, or no number, is refused naming it', () => {
  const level = cliJson('generate', 'lastball', '--seed', 'from-a-position').level;
  const solve = (moves) => runJob({ kind: 'solve', game: 'lastball', text: level, moves });
  const whole = solve([]);
  assert.ok(!whole.error && whole['solve.solvable'] === '1', JSON.stringify(whole));
  // Each direction first (a move id each): those that move solve on from where they lead.
  const after = [0, 1, 2, 3].map((id) => solve([id])).filter((r) => !r.error);
  assert.ok(after.length > 0, 'no direction moves at the start');
  assert.ok(after.some((r) => r.solution !== whole.solution), `every position gave the start's solution: ${whole.solution}`);
  const refused = [[['x'], "'moves' is not a list"], [[99999], 'move 1 of the position (99999) is no move there']];
  for (const [moves, says] of refused) {
    const r = solve(moves);
    assert.ok(r.error && r.error.includes(says), `moves '${moves}': "${r.error}"`);
  }
});

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`cli and api: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
