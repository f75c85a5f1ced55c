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

const [cliJs, webJs] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const Module = await require(path.resolve(webJs))({ noInitialRun: true, print: () => {}, printErr: () => {} });
const api = (name, ...args) => JSON.parse(Module[name](...args));
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
  test(`${game}: the page's analysis (the worker's runWork job) prints what the CLI prints, with its graph`, () => {
    const request = { kind: 4 /* JobKind::kAnalyze */, game, params: '', seed: '', text: generated.level, moves: '', count: 0,
                      min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 0, search_to: 0, search_by: '' };
    const r = Module.runWork(request);
    assert.equal(r.ok, true, r.error);
    assert.equal(r.analysis, cli('analyze', file, '--game', game).out);
    const a = cliJson('analyze', file, '--graph');
    assert.equal(r.states, a.states + a.win_states);
    assert.equal(r.first_dead_end, a.first_dead_end);
    assert.equal(r.graph.depth.length, a.graph ? a.graph.states.length : 0);
    assert.equal(r.graph.edges.length, a.graph ? a.graph.edges.length * 3 : 0);
  });
  test(`${game}: the worker's make job is the CLI's generate`, () => {
    const r = Module.runWork({ kind: 0 /* JobKind::kMake */, game, params: '', seed, text: '', moves: '', count: 0,
                               min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 0, search_to: 0, search_by: '' });
    assert.equal(r.ok, true, r.error);
    assert.equal(r.level, generated.level);
    assert.equal(r.par, generated.par);
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
  test(`${game}: a pack of 6 from a pool: its seeds made back to front (runWork), judged in order (PackJudge), the CLI's bytes`, () => {
    const judge = new Module.PackJudge({ kind: Module.kJobMakePack, game, params: '', seed, text: '', moves: '', count: 6,
                                         min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 0, search_to: 0, search_by: '' });
    try {
      assert.equal(judge.finished(), false, judge.result().error);
      // Runs of four seeds, each run made last seed first, as workers finishing out of order would give them.
      for (let from = 1; !judge.finished() && from <= judge.mostSeeds(); from += 4) {
        const answers = [];
        for (let n = Math.min(from + 3, judge.mostSeeds()); n >= from; n--) answers.push([n, Module.runWork(judge.seedRequest(n))]);
        for (const [n, answer] of answers) if (!judge.finished()) judge.take(n, answer);
      }
      assert.equal(judge.finished(), true);
      const r = judge.result();
      assert.equal(r.ok, true, r.error);
      assert.equal(r.pack, cli('pack', game, '--count', '6', '--seed', seed).out);
    } finally {
      judge.delete();
    }
  });
  test(`${game}: a search from a pool: its seeds made last first (runWork), kept as they come (SearchJudge), the CLI's bytes`, () => {
    const judge = new Module.SearchJudge({ kind: Module.kJobMakePackSeed, game, params: '', seed, text: '', moves: '', count: 3, min_difficulty: 0,
                                           max_difficulty: 0, seed_number: 0, search_from: 4995, search_to: 5006,
                                           search_by: '-par' });
    try {
      assert.equal(judge.finished(), false, judge.result().error);
      for (let i = judge.mostSeeds(); i >= 1; i--) judge.take(i, Module.runWork(judge.seedRequest(i)));
      assert.equal(judge.finished(), true);
      const r = judge.result();
      assert.equal(r.ok, true, r.error);
      assert.equal(r.pack, cli('search', game, '--seeds', `${seed}:4995-5006`, '--keep', '3', '--by', '-par').out);
    } finally {
      judge.delete();
    }
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

test('a search the page cannot run says why at once', () => {
  const search = (fields) => {
    const judge = new Module.SearchJudge({ kind: Module.kJobMakePackSeed, game: 'flow', params: '', seed: 's', text: '', moves: '', count: 3,
                                           min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 1,
                                           search_to: 9, search_by: 'par', ...fields });
    const r = { finished: judge.finished(), ...judge.result() };
    judge.delete();
    return r;
  };
  for (const [fields, says] of [[{ search_by: 'states' }, 'Flow has no states'], [{ search_from: 9, search_to: 3 }, 'runs backwards'],
                                [{ count: 0 }, 'levels kept: 0'], [{ game: 'chess' }, "unknown game 'chess'"],
                                [{ search_to: 1000001 }, 'more than the page searches']]) {
    const r = search(fields);
    assert.ok(r.finished && !r.ok && r.error.includes(says), `${JSON.stringify(fields)}: "${r.error}"`);
  }
});

test('a pool\'s seed a worker failed on ends the pack with its reason; a seed given twice or not the pack\'s ends it too', () => {
  const pack = () => new Module.PackJudge({ kind: Module.kJobMakePack, game: 'lastball', params: '', seed: 'fail', text: '', moves: '',
                                            count: 3, min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 0,
                                            search_to: 0, search_by: '' });
  const cases = [
    [(j) => { j.take(2, Module.runWork(j.seedRequest(2))); return j.take(1, Module.failedWork('the worker failed: a trap')); }, 'the worker failed: a trap'],
    [(j) => { j.take(2, Module.runWork(j.seedRequest(2))); return j.take(2, Module.runWork(j.seedRequest(2))); }, 'seed 2 twice'],
    [(j) => j.take(9999, Module.runWork(j.seedRequest(1))), 'seed 9999, not the pack\'s'],
  ];
  for (const [step, says] of cases) {
    const j = pack();
    try {
      assert.equal(step(j), true);
      const r = j.result();
      assert.ok(!r.ok && r.error.includes(says), `"${r.error}"`);
    } finally {
      j.delete();
    }
  }
});

test('the worker refuses a bad job, naming what is wrong', () => {
  const job = (fields) => Module.runWork({ kind: 0, game: 'golf', params: '', seed: 'x', text: '', moves: '', count: 0,
                                           min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 0, search_to: 0, search_by: '', ...fields });
  const cases = [[{ game: 'chess' }, "unknown game 'chess'"], [{ kind: 99 }, 'no job of kind 99'],
                 [{ kind: 5 /* JobKind::kCount: not the worker's */ }, 'no job of kind 5'],
                 [{ kind: 6 /* JobKind::kMakePackSeed */, seed_number: 0, search_from: 0, search_to: 0, search_by: '' }, 'has no seed 0'],
                 [{ kind: 6, seed_number: 1, params: 'size=7x7&cards=4&tiles=nope' }, 'tiles'],
                 [{ params: 'size=2x99' }, 'size'], [{ kind: 3, text: '@@@' }, ''], [{ kind: 1, text: '#game=nope' }, 'nope']];
  for (const [fields, says] of cases) {
    const r = job(fields);
    assert.equal(r.ok, false, JSON.stringify(fields));
    assert.ok(r.error.length > 0 && r.error.includes(says), `${JSON.stringify(fields)}: "${r.error}"`);
  }
});

test('a solve from a position: the worker plays the request\'s moves (ids) first; a move that is no move there, or no number, is refused naming it', () => {
  const level = cliJson('generate', 'lastball', '--seed', 'from-a-position').level;
  const solve = (moves) => Module.runWork({ kind: Module.kJobSolve, game: 'lastball', params: '', seed: '', text: level, moves,
                                            count: 0, min_difficulty: 0, max_difficulty: 0, seed_number: 0, search_from: 0, search_to: 0, search_by: '' });
  const whole = solve('');
  assert.ok(whole.ok && whole.solvable, JSON.stringify(whole));
  // Each direction first (a move id each): those that move solve on from where they lead.
  const after = [0, 1, 2, 3].map((id) => solve(String(id))).filter((r) => r.ok);
  assert.ok(after.length > 0, 'no direction moves at the start');
  assert.ok(after.some((r) => r.solution !== whole.solution), `every position gave the start's solution: ${whole.solution}`);
  const refused = [['x', "moves: 'x' is no move number"], ['99999', 'move 1 of the position (99999) is no move there']];
  for (const [moves, says] of refused) {
    const r = solve(moves);
    assert.ok(!r.ok && r.error.includes(says), `moves '${moves}': "${r.error}"`);
  }
});

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`cli and api: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
