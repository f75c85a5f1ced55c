// Browser test: the page used as a person uses it, at a desktop size
// (1280x800) with a mouse and a keyboard. Every step under test is a click,
// a drag or a key on a widget found by its label (tilelab.widgets()); no test
// here calls tilelab.command(). The answers a person would work out (a
// level's solution) come from tilelab.api, which changes nothing on the page.
//
// [SECTION] Helpers
// [SECTION] A first visit, the panels, generating
// [SECTION] Text boxes and the clipboard, the analysis, the editor
// [SECTION] Packs, searches, pictures and sheets
// [SECTION] Imports, the Playdate preview, the analysis panel
// [SECTION] The help, reloads, edits, the palette, difficulty
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPlayground, root } from './harness.mjs';
import { runner, check, person } from './person.mjs';

const shots = path.join(root, 'build/web/screenshots/person');
// Served as scripts/serve.py serves it (cross-origin isolated: the page's
// worker on its engine with threads); the other browser suites are served
// as most static hosts serve (no isolation headers: one thread).
const { base, browser, page, server } = await openPlayground(undefined, { isolated: true });
await page.setViewportSize({ width: 1280, height: 800 });
await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base.replace(/\/$/, '') });
const consoleErrors = [];
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(String(e)));

const r = runner();
const p = person(page, { shots });
const games = { lastball: 'The Last Ball', penguin: 'Tickles Penguin', skiddy: 'Skiddy', flow: 'Flow', golf: 'Golf Peaks' };
// [SECTION] Helpers
const solve = (game, text) => page.evaluate(([g, t]) => window.tilelab.api.solve(g, t), [game, text]);
// The panels' headers and a widget each shows when open.
const panels = [['New level', 'Seed'], ['Edit', 'Edit this level'], ['Play', 'Solve'], ['Share', 'Copy link'],
  ['Analysis', 'Analyze this position'], ['Pack', 'Make pack']];
async function openAll() { for (const [h, w] of panels) await p.open(h, w); }
// A first visit: nothing kept from an earlier one (a real load, not a jump
// within the page, with the page's storage emptied).
async function fresh(hash = '') {
  if (page.url().startsWith(base)) await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.evaluate(() => window.tilelab.ready.then(() => true));
  return p.waitFor((s) => s.ready, 'the playground');
}
// A slider dragged with the mouse from `from` (a fraction of its width) to
// `to` (one; past either end stops there); the slider as drawn then.
async function drag(label, from, to) {
  const w = await p.find(label, { kind: 'slider' });
  await page.mouse.move(w.x + w.w * from, w.y + w.h / 2);
  await page.mouse.down();
  await page.mouse.move(w.x + w.w * to, w.y + w.h / 2, { steps: 5 });
  await page.mouse.up();
  return p.find(label, { kind: 'slider' });
}
// Picks a game, types a seed and clicks Generate; the level made.
async function generate(game, seed) {
  await p.open('New level', 'Seed');
  const before = await p.state();
  if (before.game !== game) {
    await p.choose('Game', games[game]);
    await p.waitFor((s) => s.game === game, `${games[game]} chosen`);
  }
  await p.type('Seed', seed);
  await p.click('Generate', { kind: 'button' });
  return p.waitFor((s) => s.game === game && s.seed === seed && !s.work.job, `the ${game} level of seed ${seed}`, 30000);
}

// Makes a pack of `count` levels of the Generate panel's settings with the
// Pack panel (Levels typed, Make pack clicked); done when its last is shown.
async function makePack(count) {
  await p.open('Pack', 'Make pack');
  await p.type('Levels', String(count));
  await page.keyboard.press('Enter');
  await p.click('Make pack');
  await p.find(`Level ${count}`, { ms: 60000 });
}

try {
  // [SECTION] A first visit, the panels, generating
  await r.test('a first visit: pick a game, type a seed, Generate, play, Hint, Solve, Copy link, and the link reopens the level in a fresh page', async () => {
    await fresh();
    let s = await generate('penguin', 'person-1');
    check(s.link.includes('seed=person-1') && s.link.includes('game=penguin'), `link ${s.link}`);
    check(s.message === '', `message ${s.message}`);
    await p.shot('generated.png');
    const solved = await solve('penguin', s.start);
    check(solved.solvable && solved.moves.split(' ').length >= 2, `solution ${JSON.stringify(solved)}`);
    // The first move by hand, then a hint, then Solve plays the rest.
    s = await p.play('penguin', solved.moves.split(' ')[0]);
    check(s.move_count === 1, `moves after one key: ${s.move_count}`);
    await p.click('Hint (H)');
    s = await p.waitFor((x) => x.move_count === 2 || x.status === 'won', 'the hint played');
    check(/^Hint/.test(s.note), `note after Hint: ${s.note}`);
    if (s.status !== 'won') {
      await p.click('Solve', { kind: 'button' });
      s = await p.waitFor((x) => x.status === 'won' && !x.animating, 'Solve to win', 30000);
    }
    check(/no medal/i.test(s.medals), `a win with help earns no medal: ${s.medals}`);
    await p.click('Copy link');
    let copied = '';
    for (let i = 0; i < 40 && !copied; i++) {  // the copy is asynchronous
      await page.waitForTimeout(50);
      copied = await page.evaluate(() => navigator.clipboard.readText());
    }
    check(copied.endsWith(s.link), `the clipboard has ${copied}, the page shows ${s.link}`);
    const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await other.goto(copied);
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      const q = person(other);
      const t = await q.waitFor((x) => x.ready && x.level, 'the copied link');
      check(t.start === s.start, `the link opened another level:\n${t.start}\nvs\n${s.start}`);
    } finally { await other.close(); }
  });

  await r.test('every panel of every game is drawn with no two items sharing an ID and nothing cut at a panel\'s edge', async () => {
    await fresh();
    await openAll();
    for (const game of Object.keys(games)) {
      await p.choose('Game', games[game]);
      await p.waitFor((s) => s.game === game, games[game]);
      await p.click('Generate', { kind: 'button' });
      await p.waitFor((s) => s.game === game && !s.work.job && s.level, `a ${game} level`, 30000);
      for (const [h, w] of panels) await p.find(w);  // every panel open and drawn
      // The analysis drawn too: its figures, its buttons, its graph's caption.
      await p.click('Analyze this position');
      await p.waitFor((x) => !x.analysing && x.work.job === '' && x.analysis_table.length > 0, `${game}: the analysis`);
      const dup = await p.duplicates();
      check(dup.length === 0, `${game}: items sharing an ID: ${JSON.stringify(dup)}`);
      // No text or widget reaches past its panel's right edge (all of each panel laid out).
      const cut = await page.evaluate(() => window.tilelab.cut());
      check(cut.length === 0, `${game}: cut at a panel's right edge: ${JSON.stringify(cut)}`);
    }
  });

  await r.test('Skiddy\'s Height slider stops at 7 and its level is made', async () => {
    await fresh();
    await p.open('New level', 'Seed');
    await p.choose('Game', 'Skiddy');
    await p.waitFor((s) => s.game === 'skiddy', 'Skiddy');
    for (const side of ['Width', 'Height']) {
      const w = await p.find(side, { kind: 'slider' });
      await page.mouse.move(w.x + w.w / 2, w.y + w.h / 2);
      await page.mouse.down();
      await page.mouse.move(w.x + w.w + 300, w.y + w.h / 2, { steps: 5 });
      await page.mouse.up();
    }
    await p.type('Seed', 'person-skiddy');
    await p.click('Generate', { kind: 'button' });
    const s = await p.waitFor((x) => x.seed === 'person-skiddy' && !x.work.job, 'the 8x7 level', 30000);
    check(/size=8x7/.test(s.link), `link ${s.link}`);
    check(s.message === '', `message ${s.message}`);
    check(s.start.trim().split('\n').length === 7, `level:\n${s.start}`);
  });

  await r.test('The Last Ball\'s start sliders say "random", never -1; dragged, they show the column, and back at the left "random" again', async () => {
    await fresh();
    await p.open('New level', 'Seed');
    await p.choose('Game', 'The Last Ball');
    await p.waitFor((s) => s.game === 'lastball', 'The Last Ball');
    for (const side of ['Start column', 'Start row']) {
      let w = await p.find(side, { kind: 'slider' });
      check(w.shows === 'random', `${side} shows '${w.shows}'`);
      // Dragged a little to the right: a column of the field.
      w = await drag(side, 0.02, 0.3);
      check(/^\d+$/.test(w.shows), `${side} dragged shows '${w.shows}'`);
      w = await drag(side, 0.5, -2);
      check(w.shows === 'random', `${side} back at the left shows '${w.shows}'`);
    }
  });

  await r.test('parameters that cannot go together disable Generate and say why', async () => {
    await fresh();
    await p.open('New level', 'Seed');
    for (const [side, to] of [['Width', -300], ['Height', -300], ['Balls', 300]]) {
      const w = await p.find(side, { kind: 'slider' });
      await page.mouse.move(w.x + w.w / 2, w.y + w.h / 2);
      await page.mouse.down();
      await page.mouse.move(w.x + w.w / 2 + to, w.y + w.h / 2, { steps: 5 });
      await page.mouse.up();
    }
    const s = await p.drawn();
    check(/balls/i.test(s.generate_blocked), `reason shown: '${s.generate_blocked}'`);
    const button = (await p.widgets()).find((x) => x.label === 'Generate' && x.kind === 'button');
    check(button && button.disabled, `Generate is not disabled: ${JSON.stringify(button)}`);
    const before = s.start;
    await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
    const after = await p.drawn();
    check(after.start === before && after.message === '', `a disabled Generate made something: ${after.message}`);
  });

  await r.test('a seed typed while the chosen game\'s level is made stays in the box, and Generate makes its level', async () => {
    await fresh();
    await generate('lastball', 'person-typed-before');
    // The scene: the worker's answer held until the seed is typed (a person
    // quicker than the level), then let through as it came.
    await page.evaluate(() => {
      const work = window.tilelab.work;
      const finish = work.finish;
      work.held = [];
      work.finish = (...answer) => { work.held.push(answer); };
      work.release = () => { work.finish = finish; for (const answer of work.held) finish(...answer); };
    });
    await p.choose('Game', games.golf);
    let s = await p.waitFor((x) => x.generate.game === 'golf' && x.work.job === 'generate', 'the panel on Golf Peaks, its level being made');
    check(s.game === 'lastball', `the level shown before the worker answered: ${s.game}`);
    await page.waitForFunction(() => window.tilelab.work.held.length === 1, null, { timeout: 60000, polling: 30 });
    await p.type('Seed', 'person-typed-after');
    // Done typing, the person clicks away from the box (on its label): the box lets go of the text.
    const box = await p.find('Seed', { kind: 'input' });
    await page.mouse.click(box.x + box.w + 16, box.y + box.h / 2);
    await p.waitFor((x) => x.generate.seed === 'person-typed-after' && x.frames_pending === 0, 'the seed typed');
    await page.evaluate(() => window.tilelab.work.release());
    s = await p.waitFor((x) => x.game === 'golf' && x.work.job === '', 'the Golf Peaks level');
    check(s.seed === 'person-typed-before', `the level came of seed ${s.seed}, not the one set when it was asked for`);
    check(s.generate.game === 'golf' && s.generate.seed === 'person-typed-after',
      `the level's coming changed the panel to ${JSON.stringify(s.generate)}`);
    check(s.move_count === 0, `keys in the seed box moved on the board: ${s.moves}`);
    await p.click('Generate', { kind: 'button' });
    s = await p.waitFor((x) => x.seed === 'person-typed-after' && x.work.job === '', 'the typed seed\'s level');
    check(s.game === 'golf' && /seed=person-typed-after/.test(s.link), `Generate made ${s.link}`);
    check(!/same level/.test(s.page_note), `a new seed's level was said to be the same: ${s.page_note}`);
    // Generate again, nothing changed: the same level, and the page says why.
    await p.click('Generate', { kind: 'button' });
    const again = await p.waitFor((x) => x.work.job === '' && /same seed and settings make the same level/.test(x.page_note),
      'the same level made again, said');
    check(again.link === s.link && again.start === s.start, `Generate with the same seed made another level: ${again.link}`);
  });

  // [SECTION] Text boxes and the clipboard, the analysis, the editor
  await r.test('Ctrl+A in the seed box selects its text, and keys typed there never move on the board', async () => {
    let s = await fresh();
    await p.open('New level', 'Seed');
    await p.type('Seed', 'aaaa-wasd');  // Ctrl+A, then letters that are moves on the board
    s = await p.drawn();
    check(s.move_count === 0, `typing moved on the board: ${s.moves}`);
    await p.type('Seed', 'person-ctrl-a');  // Ctrl+A again replaces all of it
    await p.click('Generate', { kind: 'button' });
    s = await p.waitFor((x) => x.seed === 'person-ctrl-a' && !x.work.job, 'the seed typed over the old one', 30000);
    check(s.move_count === 0, `moves ${s.moves}`);
    // Ctrl+A with the board focused (a click beside the panels) is no move
    // either, where A alone is one.
    const b = s.board;
    await page.mouse.click(b.x + b.cell * 0.5, page.viewportSize().height - 5);
    s = await p.drawn();
    const moves = s.move_count;
    const first = (await solve('lastball', s.start)).moves.split(' ')[0];
    const arrow = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' }[first];
    const letter = { U: 'w', D: 's', L: 'a', R: 'd' }[first];
    for (const key of ['Control+a', `Control+${arrow}`, ...(letter === 'w' ? [] : [`Control+${letter}`])]) {
      await page.keyboard.press(key);
      s = await p.drawn();
      check(s.move_count === moves, `${key} on the board moved: ${s.moves}`);
    }
    await page.keyboard.press(arrow);
    s = await p.waitFor((x) => x.move_count === moves + 1, `${arrow} alone moving`);
  });

  await r.test('Ctrl+C, Ctrl+X and Ctrl+V in the seed box go through the system clipboard', async () => {
    await fresh();
    await p.open('New level', 'Seed');
    await p.type('Seed', 'clip-board-7');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+c');
    const clip = async (want) => {
      let text = '';
      for (let i = 0; i < 40 && text !== want; i++) {
        await page.waitForTimeout(50);
        text = await page.evaluate(() => navigator.clipboard.readText());
      }
      return text;
    };
    check(await clip('clip-board-7') === 'clip-board-7', 'Ctrl+C did not copy the seed');
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+x');
    check(await clip('clip-board-7') === 'clip-board-7', 'Ctrl+X did not cut the seed');
    await page.evaluate(() => navigator.clipboard.writeText('pasted-seed'));
    await page.keyboard.press('End');  // nothing selected: a paste adds to what the cut left
    await page.keyboard.press('Control+v');
    await page.keyboard.press('Enter');  // Enter in the seed box generates
    const s = await p.waitFor((x) => x.seed === 'pasted-seed' && !x.work.job, 'the pasted seed generated');
    check(s.move_count === 0, `keys in the seed box moved on the board: ${s.moves}`);
  });

  await r.test('Analysis: Cancel takes Analyze\'s place while it works, nothing else moves, and Cancel stops it', async () => {
    const big = '#####Y##\n#r..c.rR\n#.y....#\n#y..r..#\n#ry.i.c#\n##.....#\n########\n';
    await fresh();
    const l = await page.evaluate((t) => window.tilelab.api.levelLink('skiddy', t), big);
    await fresh(l.link);
    await p.open('Analysis', 'Analyze this position');
    const before = await p.find('Analyze this position');
    const header = await p.get('Analysis', 'header');
    await p.click('Analyze this position');
    await p.waitFor((x) => x.analysing, 'the search under way');
    // The frame drawn since, read once and Cancel clicked at once: the search
    // (1.28 M states) takes well under a second on two threads.
    const all = await p.widgets();
    const cancel = all.find((w) => w.label === 'Cancel' && w.kind === 'button');
    const header2 = all.find((w) => w.label === 'Analysis' && w.kind === 'header');
    check(cancel, `no Cancel while it works: ${all.map((w) => w.label).join(', ')}`);
    await page.mouse.click(cancel.x + cancel.w / 2, cancel.y + cancel.h / 2);
    check(Math.abs(header2.y - header.y) < 1, `the panel moved while it works: header at ${header.y}, then ${header2.y}`);
    check(Math.abs(cancel.y - before.y) < 1 && Math.abs(cancel.x - before.x) < 1,
      `Cancel at ${cancel.x},${cancel.y}, Analyze was at ${before.x},${before.y}`);
    const s = await p.waitFor((x) => !x.analysing && x.analysis_status === 'Cancelled.', 'the cancel');
    check(s.work.job === '', `job ${s.work.job}`);
    await p.find('Analyze this position');
  });

  await r.test('the editor: a brush clicked on a cell, then the edit played', async () => {
    let s = await fresh();
    await generate('skiddy', 'person-edit');
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    const block = await p.find('block', { kind: 'button' });  // Skiddy's block brush, named by its tooltip
    check(block.w > 0, 'no block brush');
    await p.click('block', { kind: 'button' });
    s = await p.drawn();
    // An empty cell where a block leaves the level solvable (a person
    // would try; the answer is the solver's).
    const rows = s.level.split('\n');
    let at = null;
    for (let y = 1; y < rows.length - 1 && !at; y++) {
      for (let x = 1; x < rows[y].length - 1 && !at; x++) {
        if (rows[y][x] !== '.') continue;
        const edited = rows.map((row, i) => (i === y ? row.slice(0, x) + '#' + row.slice(x + 1) : row)).join('\n');
        if ((await solve('skiddy', edited)).solvable) at = [x, y];
      }
    }
    check(at, `no empty cell keeps this level solvable:\n${s.level}`);
    await page.mouse.click(...(await p.cell(...at)));
    await p.click('Play this level');
    s = await p.waitFor((x) => x.start.split('\n')[at[1]][at[0]] === '#', 'the edit playing');
    s = await p.play('skiddy', (await solve('skiddy', s.start)).moves);
    check(s.status === 'won', `the edit was not won: ${s.status}`);
  });

  await r.test('Generate pressed in Edit mode plays the new level: Edit mode ends, and the board shows it', async () => {
    await fresh();
    await generate('skiddy', 'person-edit-then-new');
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    const editing = await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    // A new level asked for while the editor is open: another seed typed, Generate clicked.
    let s = await generate('skiddy', 'person-edit-then-new.2');
    s = await p.waitFor((x) => x.frames_pending === 0, 'the new level drawn');
    check(!s.editor.active, 'Edit mode stayed on over the new level (the board showed the edit)');
    check(s.start !== editing.start, 'the new level is the old one');
    check(!(await p.get('Play this level')), 'Play this level is still offered, and would play the old edit');
  });

  await r.test('Infinite mode is offered only for a game that goes on from where a level ended', async () => {
    await fresh();
    await generate('lastball', 'person-infinite');
    check(await p.has('Infinite mode'), 'The Last Ball offers no Infinite mode');
    await generate('penguin', 'person-infinite');
    check(!(await p.get('Infinite mode')), 'Tickles Penguin offers Infinite mode');
  });

  // [SECTION] Packs, searches, pictures and sheets
  await r.test('a pack made by a pool of three workers, each given its next run ahead: the bytes the command line writes, every worker used; Cancel ends every worker', async () => {
    await fresh();
    // The scene: three pack workers, whatever cores this machine has.
    await page.evaluate(() => { window.tilelab.work.poolSize = 3; });
    await generate('skiddy', 'person-pool');
    await makePack(12);
    const s = await p.waitFor((x) => x.pack && x.pack.count === 12 && !x.work.job, 'the pack of 12');
    const cli = execFileSync(path.join(root, 'build/native/tilelab'),
      ['pack', 'skiddy', '--count', '12', '--seed', 'person-pool']).toString();
    check(s.pack.text === cli, `the page's pack is not the command line's:\n${s.pack.text.slice(0, 300)}\n---\n${cli.slice(0, 300)}`);
    const last = await page.evaluate(() => window.tilelab.work.lastPool);
    check(last.seedsByWorker.length === 3 && last.seedsByWorker.every((n) => n > 0),
      `seeds made by each worker: ${JSON.stringify(last.seedsByWorker)}`);
    // A pack no level can enter (its band past every difficulty) runs through
    // all its seeds: Cancel stops it, ending every worker making one.
    await p.type('Levels', '200');
    await page.keyboard.press('Enter');
    await p.type('Difficulty band 1', '99999');
    await p.type('Difficulty band 2', '99999');
    await page.keyboard.press('Enter');
    await p.click('Make pack');
    await p.waitFor((x) => x.work.job === 'pack' && x.work.total === 200, 'the pack under way');
    // Each worker holds its next run while the page takes the one before.
    await page.waitForFunction(() => window.tilelab.work.pool.length === 3 && window.tilelab.work.pool.every((w) => w.runs.length === 2),
                               null, { timeout: 30000 });
    await p.click('Cancel', { kind: 'button' });
    const after = await p.waitFor((x) => !x.work.job, 'the cancelled pack');
    check(after.pack.count === 12 && after.pack_error === '', `after Cancel: a pack of ${after.pack.count}, error '${after.pack_error}'`);
    const pool = await page.evaluate(() => ({ busy: window.tilelab.work.busy(), workers: window.tilelab.work.pool.length }));
    check(!pool.busy && pool.workers === 0, `after Cancel: ${JSON.stringify(pool)} (every worker was making a seed)`);
  });

  await r.test('Search seeds: the 4 lowest-par Skiddy levels of seeds 1 to 40 - the bytes tilelab search prints - then played from the pack', async () => {
    await fresh();
    await generate('skiddy', 'person-search');
    await p.open('Pack', 'Make pack');
    await p.type('Keep', '4');
    await page.keyboard.press('Enter');
    await p.type('Seeds 2', '40');
    await page.keyboard.press('Enter');
    await p.choose('Rank by', 'par');
    await p.click('Lowest first');
    await p.click('Search seeds');
    await p.find('Level 4', { ms: 60000 });
    let s = await p.waitFor((x) => x.pack && x.pack.count === 4 && !x.work.job, 'the search\'s 4 levels');
    const cli = execFileSync(path.join(root, 'build/native/tilelab'),
      ['search', 'skiddy', '--seeds', 'person-search:1-40', '--keep', '4', '--by', '-par']).toString();
    await p.shot('search.png');
    check(s.pack.text === cli, `the page's search is not the command line's:\n${s.pack.text.slice(0, 400)}\n---\n${cli.slice(0, 400)}`);
    // Its first level (the lowest par) opens and plays.
    await p.click('Level 1');
    const first = cli.split(/^== .*$/m)[1].trim();
    s = await p.waitFor((x) => x.game === 'skiddy' && x.start.trim() === first, 'the search\'s first level');
    const solved = await solve('skiddy', s.start);
    s = await p.play('skiddy', solved.moves);
    check(s.status === 'won' && s.move_count === Number(/par=(\d+)/.exec(cli)[1]), `status ${s.status} in ${s.move_count} moves`);
  });

  await r.test('a pack played in part, replaced by Search seeds, comes back with its solved levels by a click', async () => {
    await fresh();
    await generate('lastball', 'person-replaced');
    await makePack(2);
    let s = await p.waitFor((x) => x.pack && x.pack.count === 2 && x.pack.current === 1 && !x.work.job, 'the pack\'s first level');
    const played = s.pack.text;
    s = await p.play('lastball', (await solve('lastball', s.start)).moves);
    s = await p.waitFor((x) => x.pack.solved === '10', 'the pack\'s first level marked solved');
    await p.type('Keep', '3');
    await page.keyboard.press('Enter');
    await p.type('Seeds 2', '10');
    await page.keyboard.press('Enter');
    await p.click('Search seeds');
    s = await p.waitFor((x) => x.pack && x.pack.text !== played && x.pack.count === 3 && !x.work.job, 'the search\'s pack');
    check(s.pack.solved === '000', `the search's pack starts with solved levels: ${s.pack.solved}`);
    const searched = s.pack.text;
    await p.find('The pack played before (2 levels, 1 solved) was replaced.', { kind: 'text' });
    // Made again (the same seed and settings), it comes back with its marks, and is offered back no more.
    await p.click('Make pack');
    s = await p.waitFor((x) => x.pack && x.pack.text !== searched && x.pack.count === 2 && !x.work.job, 'the pack made again');
    check(s.pack.text === played, `made again: ${s.pack.text.slice(0, 300)}\n--- first made: ${played.slice(0, 300)}`);
    check(s.pack.solved === '10', `the pack made again has lost its solved level: ${s.pack.solved}`);
    check(!(await p.get('Back to the pack played before')), 'the pack on show is offered back');
    // Replaced again, and taken back by the button.
    await p.click('Search seeds');
    s = await p.waitFor((x) => x.pack && x.pack.text !== played && x.pack.count === 3 && !x.work.job, 'the search\'s pack again');
    await p.click('Back to the pack played before');
    s = await p.waitFor((x) => x.pack && x.pack.text !== searched, 'the pack played before');
    check(s.pack.text === played, `taken back: ${s.pack.text.slice(0, 200)}`);
    check(s.pack.solved === '10' && s.pack.current === 1, `the pack played before came back as ${s.pack.solved}, at level ${s.pack.current}`);
    // And the search's pack, nothing solved in it, is not kept in its turn.
    check(!(await p.get('Back to the pack played before')), 'an unplayed pack is offered back');
  });

  await r.test('a level opened from its level link has no seed: Make pack and Search seeds say to type one', async () => {
    await fresh();
    // The scene: a first visit by a level link (no seed in it).
    const link = await page.evaluate(() => window.tilelab.api.levelLink('lastball', '@.o.\no...\n').link);
    await fresh(link);
    let s = await p.waitFor((x) => x.game === 'lastball' && x.generate.seed === '' && x.start === '@.o.\no...\n', 'the level of the link');
    await p.open('Pack', 'Make pack');
    await p.click('Search seeds');
    s = await p.waitFor((x) => x.pack_error !== '', 'the search refused');
    check(/type a seed/.test(s.pack_error) && !s.work.job, `Search seeds said '${s.pack_error}'`);
    await p.click('Make pack');
    s = await p.waitFor((x) => /type a seed/.test(x.pack_error) && !x.work.job, 'Make pack refused');
  });

  await r.test('a pack: made, exported, imported in a fresh page, its first level won, N opens its second, in Edit mode a level goes into the editor', async () => {
    await fresh();
    await generate('lastball', 'person-pack');
    await makePack(3);
    const download = page.waitForEvent('download');
    await p.click('Export', { kind: 'button' });
    const file = path.join(os.tmpdir(), `tilelab-person-pack-${process.pid}.txt`);
    await (await download).saveAs(file);
    const text = fs.readFileSync(file, 'utf8');
    check((text.match(/^== lastball seed=/mg) || []).length === 3, `exported:\n${text.slice(0, 400)}`);

    await fresh();
    await p.open('Pack', 'Make pack');
    check(!(await p.has('Level 1')), 'a pack is shown before the import');
    const chooser = page.waitForEvent('filechooser');
    await p.click('Import...');
    await (await chooser).setFiles(file);
    await p.find('Level 3', { ms: 20000 });
    await p.click('Level 1');
    const levels = text.split(/^== .*$/m).slice(1).map((x) => x.trim());  // [0]: the comment above the first
    let s = await p.waitFor((x) => x.game === 'lastball' && x.start.trim() === levels[0], 'the first level');
    const first = s.start;
    const solved = await solve('lastball', first);
    s = await p.play('lastball', solved.moves);
    check(s.status === 'won', `status ${s.status}`);
    await page.keyboard.press('n');
    s = await p.waitFor((x) => x.start !== first && x.status === 'playing', 'the next level');
    check(s.start.trim() === levels[1], `N opened another level than the pack's second:\n${s.start}`);
    // In Edit mode a pack's level goes into the editor; the level played stays.
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    // Edit mode analyses the level; its figures, when they come, push the
    // Pack panel down. A person waits for the page to settle before clicking.
    await p.waitFor((x) => x.analysis && !x.analysing && x.work.job === '' && x.frames_pending === 0,
      'the edited level analysed');
    await p.click('Level 3');
    s = await p.waitFor((x) => x.editor.level.trim() === levels[2], 'the third level in the editor');
    check(s.start.trim() === levels[1], `the level played changed under the editor:\n${s.start}`);
    check(s.editor.active, 'Edit mode ended');
    fs.unlinkSync(file);
  });

  await r.test('a picture of the level (SVG and PNG) and the printable sheet of a pack, saved and printed with their buttons', async () => {
    await fresh();
    const s = await generate('skiddy', 'person-picture');
    await p.open('Share', 'Copy link');
    const saved = async (label) => {
      const download = page.waitForEvent('download');
      await p.click(label, { kind: 'button' });
      const d = await download;
      const file = path.join(os.tmpdir(), `tilelab-person-${process.pid}-${d.suggestedFilename()}`);
      await d.saveAs(file);
      const bytes = fs.readFileSync(file);
      fs.unlinkSync(file);
      return { name: d.suggestedFilename(), bytes };
    };
    const svg = await saved('Save picture (SVG)');
    check(svg.name === 'tilelab-skiddy.svg', `picture named ${svg.name}`);
    const text = svg.bytes.toString('utf8');
    check(/^<svg /.test(text), `no SVG: ${text.slice(0, 80)}`);
    // An element a skiddy (their cells), as the level has skiddies.
    const skiddies = (s.start.match(/[ry]/g) || []).length;
    const cells = new Set([...text.matchAll(/class="actor" data-cell="(\d+)"/g)].map((m) => m[1]));
    check(skiddies > 0 && cells.size === skiddies, `${cells.size} skiddies drawn, ${skiddies} in the level`);
    const png = await saved('Save picture (PNG)');
    check(png.name === 'tilelab-skiddy.png', `picture named ${png.name}`);
    check(png.bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a', 'no PNG signature');
    const size = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      return [image.width, image.height];
    }, png.bytes.toString('base64'));
    const [, w, h] = text.match(/width="(\d+)" height="(\d+)"/);
    check(size[0] === Number(w) && size[1] === Number(h), `PNG ${size} against SVG ${w}x${h}`);
    await p.shot('picture.png');

    await makePack(2);
    const sheet = await saved('Save sheet');
    const pages = (sheet.bytes.toString('utf8').match(/class="page"/g) || []).length;
    check(pages === 2, `the sheet of 2 levels has ${pages} pages (levels, then solutions)`);
    check(/Level 2   par \d+/.test(sheet.bytes.toString('utf8')), 'the sheet names no Level 2 with its par');
    // What the page prints, read as it goes to its print frame (the frame
    // goes as soon as the print dialog returns: too soon to look into).
    await page.evaluate(() => {
      const real = window.tilelab.printPages;
      window.tilelab.printPages = (html) => {
        window.printedPages = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('.page svg').length;
        real(html);
      };
    });
    await p.click('Print sheet');
    const printed = await page.waitForFunction(() => window.printedPages !== undefined && !document.querySelector('iframe') &&
      { pages: window.printedPages }, null, { timeout: 10000 });
    check((await printed.jsonValue()).pages === 2, 'the print frame holds no two pages');
  });

  await r.test('a Golf Peaks pack\'s sheet plays on paper: each level\'s hand drawn as its cards, and a QR code a level that opens it', async () => {
    await fresh();
    await generate('golf', 'person-sheet');
    await makePack(2);
    const saved = async (label) => {
      const download = page.waitForEvent('download');
      await p.click(label, { kind: 'button' });
      const d = await download;
      const file = path.join(os.tmpdir(), `tilelab-person-${process.pid}-${d.suggestedFilename()}`);
      await d.saveAs(file);
      const text = fs.readFileSync(file, 'utf8');
      fs.unlinkSync(file);
      return text;
    };
    // The pack's levels, as exported: each one's hand is its cards line.
    const levels = (await saved('Export')).split(/^== .*$/m).slice(1).map((x) => x.trim() + '\n');
    check(levels.length === 2, `exported ${levels.length} levels`);
    const hands = levels.map((l) => [...new Set(l.trim().split('\n').pop().trim().split(/\s+/))]);
    const sheet = await saved('Save sheet');
    // A card box a kind of card in the hand, on the page of levels and on the page of solutions.
    const boxes = (sheet.match(/<rect [^>]*class="card"/g) || []).length;
    const kinds = hands.reduce((n, h) => n + h.length, 0);
    check(boxes === 2 * kinds, `${boxes} cards drawn, the hands hold ${kinds} kinds (${JSON.stringify(hands)})`);
    const labels = [...sheet.matchAll(/class="card-text"[^>]*>([^<]*)</g)].map((m) => m[1]);
    for (const h of hands) for (const c of h) check(labels.includes(c), `no card ${c} drawn: ${labels.join(' ')}`);
    const codes = (sheet.match(/class="qr"/g) || []).length;
    check(codes === 2, `${codes} QR codes on the sheet of 2 levels`);
    // The QR codes read by zbarimg off the sheet drawn at 216 pixels an inch,
    // each a whole link to this page that opens its level.
    const png = await page.evaluate(async (svg) => {
      const image = new Image();
      image.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width * 3;
      canvas.height = image.height * 3;
      const g = canvas.getContext('2d');
      g.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png').split(',')[1];
    }, sheet);
    const file = path.join(os.tmpdir(), `tilelab-person-sheet-${process.pid}.png`);
    fs.writeFileSync(file, Buffer.from(png, 'base64'));
    let decoded = '';
    try {
      decoded = execFileSync('zbarimg', ['-q', '--raw', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    } catch (e) {
      decoded = e.stdout ? e.stdout.toString() : '';
    }
    fs.unlinkSync(file);
    const links = decoded.split('\n').filter((x) => x);
    check(links.length === 2, `zbarimg read ${links.length} QR codes: ${decoded}`);
    const address = page.url().split('#')[0];
    const opened = [];
    for (const link of links) {
      check(link.startsWith(address + '#game=golf&'), `the QR code's link is no whole link to this page: ${link}`);
      const o = await page.evaluate((l) => window.tilelab.api.open(l), link);
      check(o.ok, `the QR code's link does not open: ${link}: ${JSON.stringify(o)}`);
      opened.push(o.level);
    }
    for (const l of levels) check(opened.includes(l), `no QR code opens the level:\n${l}\nopened:\n${opened.join('\n')}`);
  });

  await r.test('Golf Peaks writes a move as the key pressed on the board as drawn: Solve\'s moves played as those keys win, and the moves text is them', async () => {
    await fresh();
    let s = await generate('golf', 'person-arrows');
    const solved = await solve('golf', s.start);
    check(solved.solvable && solved.moves.split(' ').every((m) => /[\u2190-\u2193]$/.test(m)),
      `moves not written as the keys pressed: ${solved.moves}`);
    s = await p.play('golf', solved.moves);  // each move: its card clicked, then the arrow key its arrow names
    check(s.status === 'won', `status ${s.status} after ${s.moves}`);
    check(s.moves === solved.moves, `the page's moves text '${s.moves}', the keys pressed '${solved.moves}'`);
  });

  // [SECTION] Imports, the Playdate preview, the analysis panel
  await r.test('a file that is no pack: the import says so and the page keeps its level', async () => {
    let s = await fresh();
    const file = path.join(os.tmpdir(), `tilelab-no-pack-${process.pid}.txt`);
    fs.writeFileSync(file, 'these are my shopping notes\nmilk\n');
    await p.open('Pack', 'Make pack');
    const chooser = page.waitForEvent('filechooser');
    await p.click('Import...');
    await (await chooser).setFiles(file);
    s = await p.waitFor((x) => x.pack_error !== '' || x.message !== '', 'the import refused');
    check(/no pack/i.test(s.pack_error), `pack error: '${s.pack_error}', message '${s.message}'`);
    check(!/as lastball/.test(s.pack_error + s.message), `message: ${s.pack_error} ${s.message}`);
    fs.unlinkSync(file);
  });

  await r.test('a Numberlink file of several puzzles, as published: imported by the picker, its second solved with Solve, a 300x300 board opened and drawn', async () => {
    await fresh();
    // The published stream's form: each size line right after the last
    // row, a "0 0" line ending it; the third board 300 cells a side.
    const side = 300;
    const rows = Array.from({ length: side }, () => '.'.repeat(side));
    rows[0] = 'a' + rows[0].slice(1);
    rows[side - 1] = rows[side - 1].slice(0, side - 2) + 'a.';
    const stream = `2 2\nab\nab\n3 3\na..\n...\n..a\n${side} ${side}\n${rows.join('\n')}\n0 0\n`;
    const file = path.join(os.tmpdir(), `tilelab-person-stream-${process.pid}.txt`);
    fs.writeFileSync(file, stream);
    await p.open('Pack', 'Make pack');
    const chooser = page.waitForEvent('filechooser');
    await p.click('Import...');
    await (await chooser).setFiles(file);
    await p.find('Level 3', { ms: 20000 });
    let s = await p.drawn();
    check(/3 Flow levels/.test(s.page_note || ''), `the page says what it read: '${s.page_note}'`);
    // Every thumbnail on screen has its board, the 300x300 one too (drawn at one cell in five).
    check(s.pack.blank_thumbnails === 0, `thumbnails drawn blank: ${s.pack.blank_thumbnails}`);
    await p.click('Level 2');
    s = await p.waitFor((x) => x.game === 'flow' && x.start.includes('a..\n...\n..a'), 'the second level');
    await p.click('Solve', { kind: 'button' });
    s = await p.waitFor((x) => x.status === 'won' && !x.animating, 'the second level solved', 30000);
    await p.click('Level 3');
    s = await p.waitFor((x) => x.game === 'flow' && x.start.startsWith('a' + '.'.repeat(side - 1)) && x.frames_pending === 0,
      'the 300x300 board open', 30000);
    // All of it on screen, right of the side panel; the Share panel's link
    // (90,000 characters) shown by its start, so its controls stay together.
    const b = s.board;
    check(b.cell > 0 && b.x >= 360 && b.y >= 0 && b.x + b.cell * side <= 1280 && b.y + b.cell * side <= 800,
      `the board runs off the screen: ${JSON.stringify(b)}`);
    await p.open('Share', 'Copy link');
    const all = await p.widgets();
    const copy = all.find((w) => w.label === 'Copy link'), open = all.find((w) => w.label === 'Open level text');
    check(copy && open && open.y - copy.y < 300, `the Share panel's controls ${open && copy ? open.y - copy.y : '?'} px apart`);
    await p.shot('stream-300x300.png');
    fs.unlinkSync(file);
  });

  await r.test('the Playdate preview: its button, then the device\'s own menu and a level won at the keys', async () => {
    await fresh();
    const button = await p.click('Playdate preview');
    const dev = async (pred, what) => (await p.waitFor((x) => x.device && pred(x.device), what)).device;
    let d = await dev((x) => x.open && x.screen === 'games', 'the device game list');
    // The button now goes back to the board, where it was: the preview
    // takes the board's place, and the panels do not move under the pointer.
    const board = await p.get('Board', 'button');
    check(board && board.whole && Math.abs(board.y - button.y) <= 1, `the Board button (${JSON.stringify(board)}) not where Playdate preview was (y ${button.y})`);
    await page.keyboard.press('x');  // A: The Last Ball's setup
    d = await dev((x) => x.screen === 'setup', 'the device setup screen');
    await page.keyboard.press('x');  // A: play
    d = await dev((x) => x.screen === 'play' && x.game === 'lastball', 'a device level');
    const keys = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };
    for (const m of d.solution.split(' ')) {
      const before = d.moves;
      await page.keyboard.press(keys[m]);
      d = await dev((x) => x.moves !== before || x.status !== 'playing', `the device move ${m}`);
    }
    check(d.status === 'won', `device status ${d.status}`);
    await p.shot('device.png');
    await p.click('Board', { kind: 'button' });
    await p.waitFor((x) => !x.device.open, 'the board again');
    await p.click('Playdate preview');
    await dev((x) => x.open, 'the preview again');
    await page.keyboard.press('Escape');  // Esc closes it too
    await p.waitFor((x) => !x.device.open, 'Esc closing the preview');
    await p.find('Playdate preview');
  });

  await r.test('the Analysis panel: Analyze this position says whether the level solves, and its par', async () => {
    await fresh();
    await generate('skiddy', 'person-analysis');
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    const s = await p.waitFor((x) => !x.analysing && x.analysis && x.analysis.length > 0, 'the analysis', 60000);
    check(/solvable|solves/i.test(s.analysis), `analysis: ${s.analysis}`);
    check(!/-1/.test(s.analysis), `a raw -1 in: ${s.analysis}`);
    // A move made after it: the figures say they are of an earlier position.
    check(!(await p.has(/earlier position/, 'text')), 'an earlier position before any move');
    for (const d of ['U', 'D', 'L', 'R']) {
      await p.direction(d);
      if ((await p.waitFor((x) => x.frames_pending === 0, 'the move drawn')).move_count > 0) break;
    }
    await p.find(/^These figures are of an earlier position/, { kind: 'text' });
  });

  await r.test('Analyze this position clicked at the panels\' bottom edge: once the figures come the panels show them', async () => {
    await fresh();
    await generate('skiddy', 'person-figures');
    await p.analyzeSeeingFigures(3);
  });

  await r.test('a loss says why on its banner, then what to do', async () => {
    await fresh();
    await generate('lastball', 'person-lost');
    let s;
    for (const d of ['U', 'D', 'L', 'R']) {
      await p.direction(d);
      s = await p.waitFor((x) => x.frames_pending === 0, 'the move drawn');
      if (s.status === 'lost') break;
      if (s.move_count > 0) {
        await page.keyboard.press('z');
        await p.waitFor((x) => x.move_count === 0 && x.frames_pending === 0, 'the move undone');
      }
    }
    check(s.status === 'lost', `no move of four lost: ${s.status}`);
    check(/^Lost\nThe black ball rolled off the field\. Undo the last move \(Z\)/.test(s.banner), `the banner: ${s.banner}`);
  });

  await r.test('Show the first wrong move and Show the first dead end play it on the board and say what it is', async () => {
    await fresh();
    await generate('golf', 'person-shown');
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    let s = await p.waitFor((x) => !x.analysing && x.work.job === '' && x.analysis_table.length > 0, 'the analysis', 60000);
    check(s.wrong_move !== '' && s.dead_end !== '', `this level has no wrong move or dead end to show: '${s.wrong_move}' '${s.dead_end}'`);
    const { wrong_move: wrong, dead_end: dead } = s;
    await p.click('Show the first wrong move');
    s = await p.waitFor((x) => x.moves === wrong, 'the first wrong move on the board');
    check(/first wrong move/.test(s.note) && s.note.includes(wrong) && /Undo/.test(s.note), `the note: '${s.note}'`);
    await p.click('Show the first dead end');
    // (Its moves may be the wrong move's: the click is taken when the note changes.)
    s = await p.waitFor((x) => x.moves === dead && !/first wrong move/.test(x.note), 'the first dead end on the board');
    check(/first dead end/.test(s.note) && s.note.includes(dead) && /no move wins/.test(s.note), `the note: '${s.note}'`);
    // The next move is the player's: the note goes.
    await p.find('Play', { kind: 'header' });  // the panels scrolled back up to it (its buttons are not drawn off screen)
    await p.click('Undo (Z)');
    s = await p.waitFor((x) => x.moves !== dead, 'the undo');
    check(s.note === '', `the note after a move: '${s.note}'`);
  });

  await r.test('Flow: a hint names the line it draws; Golf: a card\'s tooltip says what it does', async () => {
    let s = await fresh();
    s = await generate('flow', 'person-flow');
    await p.click('Hint (H)');
    s = await p.waitFor((x) => /^Hint/.test(x.note), 'the hint');
    check(/line [a-z]/.test(s.note) && !/\(\d+, ?\d+\)/.test(s.note), `note: ${s.note}`);
    s = await generate('golf', 'person-golf');
    const card = (await p.widgets()).find((w) => w.kind === 'button' && / x\d+$/.test(w.label));
    check(card, 'no card in the hand');
    await page.mouse.move(card.x + card.w / 2, card.y + card.h / 2);
    await page.waitForTimeout(800);
    s = await p.drawn();
    check(/(rolls|flies) \d+ cells?/.test(s.tooltip), `the card's tooltip: '${s.tooltip}'`);
  });

  // [SECTION] The help, reloads, edits, the palette, difficulty
  await r.test('the Help button opens the help; after a bad link the address and Copy link hold the shown level\'s link, and the message names what is wrong and the link typed', async () => {
    let s = await fresh('#game=lastball&v=1&gen=1&seed=person-help&size=8x6&balls=4&weight=3&start_x=-1&start_y=-1');
    const level = s.start, link = s.link;
    await p.click('Help (F1)');
    s = await p.waitFor((x) => x.help, 'the help window');
    // No key plays under the help; Esc and F1 close it.
    const moved = s.move_count;
    for (const k of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(k);
    s = await p.drawn();
    check(s.help && s.move_count === moved, `under the help the keys played ${s.move_count - moved} moves`);
    await page.keyboard.press('Escape');
    s = await p.waitFor((x) => !x.help, 'Esc closing the help');
    check(s.move_count === moved, 'Esc played a move');
    await page.keyboard.press('F1');
    await p.waitFor((x) => x.help, 'F1 opening the help');
    await page.keyboard.press('F1');
    await p.waitFor((x) => !x.help, 'F1 closing the help');
    // A game that does not exist: the level showing stays, and so does its
    // link in the address; the message names the game and the link typed.
    const unknown = '#game=chess&v=1&gen=1&seed=x';
    await page.evaluate((h) => { location.hash = h; }, unknown);
    s = await p.waitFor((x) => x.message !== '', 'the bad link\'s message');
    check(/chess/.test(s.message), `the message names the game: ${s.message}`);
    check(s.message.includes(`(The link: ${unknown})`), `the message does not give the link typed: ${s.message}`);
    check(!/: link: /.test(s.message), `the message says "link" twice: ${s.message}`);
    check(s.start === level && s.game === 'lastball', `the level changed: ${s.game}\n${s.start}`);
    check(s.link === link, `the shown level's link changed: ${s.link}`);
    let address = await page.evaluate(() => location.hash);
    check(address === link, `the address holds ${address}, not the shown level's link ${link}`);
    // Copy link (the Share panel's button) copies a link that opens the level shown.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await p.open('Share', 'Copy link');
    await p.click('Copy link');
    await p.waitFor((x) => /Link copied/.test(x.page_note), 'the copy\'s note');
    let copied = '';
    for (let i = 0; i < 40 && !copied; i++) {  // the clipboard is written asynchronously: bounded in tries
      copied = await page.evaluate(() => navigator.clipboard.readText());
      if (!copied) await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    }
    check(copied.endsWith(link), `Copy link copied ${copied}, not the shown level's ${link}`);
    // A readable game and version with a bad last parameter: that game opens
    // with its defaults, the message names the parameter and the link typed,
    // and the address is the link of the level shown.
    const typed = '#game=penguin&v=1&gen=2&seed=x&size=8x16&mode=nine';
    await page.evaluate((h) => { location.hash = h; }, typed);
    s = await p.waitFor((x) => /mode/.test(x.message) && x.game === 'penguin', 'the bad parameter\'s message');
    check(s.message.includes(`(The link: ${typed})`), `the message does not give the link typed: ${s.message}`);
    address = await page.evaluate(() => location.hash);
    check(address === s.link && address !== typed, `the address became ${address}; the level shown is ${s.link}`);
  });

  await r.test('a reload keeps the level and its moves, so does a tab opened anew; a level reached by another link starts fresh', async () => {
    await fresh();
    let s = await generate('lastball', 'person-reload');
    const moves = (await solve('lastball', s.start)).moves.split(' ');
    check(moves.length >= 2, `a one-move level shows nothing: ${moves}`);
    s = await p.play('lastball', moves[0]);
    const kept = s;
    check(kept.move_count === 1, `moves before the reload: ${kept.move_count}`);
    await page.reload();
    await page.evaluate(() => window.tilelab.ready.then(() => true));
    s = await p.waitFor((x) => x.ready && x.level && x.work.job === '', 'the reloaded page');
    check(s.link === kept.link && s.level === kept.level && s.moves === kept.moves,
      `after the reload: ${s.link} ${JSON.stringify(s.moves)}, before: ${kept.link} ${JSON.stringify(kept.moves)}`);
    // The tab closed and the page opened anew with no link: the level on show comes back with its moves.
    // (A context of its own with this one's storage: the same browser's, a tab later.)
    const later = await browser.newContext({ storageState: await page.context().storageState() });
    const other = await later.newPage();
    try {
      await other.goto(base);
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      const t = await person(other).waitFor((x) => x.ready && x.level && x.work.job === '', 'the page opened anew');
      check(t.link === kept.link && t.moves === kept.moves, `a new tab shows ${t.link} ${JSON.stringify(t.moves)}`);
    } finally { await later.close(); }
    // Another link: its level starts fresh.
    const link = kept.link.replace('person-reload', 'person-reload-2');
    await page.evaluate((h) => { location.hash = h; }, link);
    s = await p.waitFor((x) => x.link === link && x.work.job === '', 'the other link\'s level');
    check(s.move_count === 0, `a new link's level starts with ${s.move_count} moves`);
  });

  await r.test('a pack\'s last level: the reload keeps its place, the win says the pack is done and how much was solved, and the Generate panel keeps its settings', async () => {
    await fresh();
    await generate('lastball', 'person-pack-end');
    await makePack(2);
    // The person sets the Generate panel for the next thing they will make.
    await p.choose('Game', games.golf);
    // Its level comes from the worker and the panels move under it: a person waits for it.
    await p.waitFor((x) => x.game === 'golf' && x.work.job === '', 'the Golf Peaks level chosen');
    await p.type('Seed', 'kept-seed');
    await p.waitFor((x) => x.generate.game === 'golf' && x.generate.seed === 'kept-seed', 'Generate set to Golf Peaks');
    await p.click('Level 2');
    let s = await p.waitFor((x) => x.pack && x.pack.current === 2 && x.game === 'lastball', 'the pack\'s second level');
    check(s.generate.game === 'golf' && s.generate.seed === 'kept-seed',
      `opening the pack's level changed the Generate panel to ${JSON.stringify(s.generate)}`);
    const moves = (await solve('lastball', s.start)).moves.split(' ');
    s = await p.play('lastball', moves[0]);
    await page.reload();
    await page.evaluate(() => window.tilelab.ready.then(() => true));
    s = await p.waitFor((x) => x.ready && x.level && x.work.job === '', 'the reloaded page');
    check(s.pack && s.pack.current === 2 && s.move_count === 1, `after the reload: level ${s.pack && s.pack.current} of the pack, ${s.move_count} moves`);
    // The Generate panel after the reload shows settings (the level's), never none.
    check(s.generate && s.generate.game === 'lastball' && /size=/.test(s.generate.params),
      `the Generate panel after the reload: ${JSON.stringify(s.generate)}`);
    s = await p.play('lastball', moves.slice(1).join(' '));
    check(s.status === 'won', `status ${s.status}`);
    check(/^Pack done!/.test(s.banner) && /1 of 2 solved/.test(s.banner) && /N: a new level from a fresh seed/.test(s.banner),
      `the banner on the pack's last level says: ${s.banner}`);
    await p.shot('pack-done.png');
    // The banner's button sits inside it with room around it (its text too: the same padding).
    const next = await p.get('Next level', 'button');
    const box = s.banner_box;
    check(next && next.x - box.x >= 8 && box.x + box.w - (next.x + next.w) >= 8 && box.y + box.h - (next.y + next.h) >= 8,
      `the banner's button against its edges: ${JSON.stringify(next)} in ${JSON.stringify(box)}`);
  });

  await r.test('an edited level that cannot be won says so above the board at once; the Generate panel keeps its settings', async () => {
    // The scene: a level of settings other than the game's defaults, so the Generate panel shows them.
    let s = await fresh('#game=lastball&v=1&gen=1&seed=person-unwinnable&size=8x6&balls=4&weight=3&start_x=-1&start_y=-1');
    const settings = s.generate;
    check(/size=8x6/.test(settings.params), `the Generate panel shows ${JSON.stringify(settings)}`);
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    await page.evaluate(() => window.tilelab.editText('@..\n...\n..o\n'));  // the scene: a level no move wins
    // Each edit is analysed; its figures push the panels down. A person waits for the page to settle.
    s = await p.waitFor((x) => x.editor.level === '@..\n...\n..o\n' && !x.analysing && x.work.job === '' && x.frames_pending === 0,
      'the edit analysed');
    const figures = s.analysis;
    check(/solvable/i.test(figures), `the edit's figures: '${figures}'`);
    await p.click('Play this level');
    s = await p.waitFor((x) => x.editor && !x.editor.active && x.start.trim() === '@..\n...\n..o', 'the edit playing');
    s = await p.drawn();
    check(/cannot be won/.test(s.board_notice), `nothing says the level cannot be won: '${s.board_notice}'`);
    // The edit's figures are the played level's at its start: the Analysis panel keeps them.
    check(s.analysis === figures, `playing the edit left the Analysis panel with '${s.analysis}', not the edit's figures`);
    check(JSON.stringify(s.generate) === JSON.stringify(settings),
      `playing the edit changed the Generate panel from ${JSON.stringify(settings)} to ${JSON.stringify(s.generate)}`);
    await p.shot('unwinnable.png');
    // A level that can be won says nothing of the kind.
    await generate('lastball', 'person-unwinnable');
    s = await p.drawn();
    check(s.board_notice === '', `a winnable level's notice: ${s.board_notice}`);
  });

  await r.test('the help closes with a click outside it, which reaches nothing under it', async () => {
    let s = await fresh();
    await p.click('Help (F1)');
    s = await p.waitFor((x) => x.help, 'the help window');
    const before = s;
    // Outside the help window (in the middle of the page): on the board, near its right edge.
    await page.mouse.click(1280 - 8, 400);
    s = await p.waitFor((x) => !x.help, 'a click outside closing the help');
    check(s.moves === before.moves && s.level === before.level, 'the click outside the help played on the board');
  });

  await r.test('the editor\'s palette: brushes drawn as pieces and named on hover, Golf\'s heights to 9, its hand edited with buttons', async () => {
    await fresh();
    await generate('golf', 'person-palette');
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    // The brushes are named as people name them, never by their code words.
    for (const name of ['angled wall, top left', 'spring', 'belt up', 'quicksand', 'height 9']) {
      const w = await p.find(name, { kind: 'button' });
      check(w.w >= 44 && w.h >= 44, `'${name}' is ${w.w}x${w.h}`);
    }
    const words = (await p.widgets()).filter((w) => w.kind === 'button' && /^(,|\*)/.test(w.label));
    check(words.length === 0, `brushes labelled with code words: ${words.map((w) => w.label).join(' ')}`);
    // The name on hover.
    const spring = await p.find('spring', { kind: 'button' });
    await page.mouse.move(spring.x + spring.w / 2, spring.y + spring.h / 2);
    let s = await p.waitFor((x) => x.tooltip === 'spring', 'the brush\'s name on hover');
    // Height 9 painted on a cell that shows ground.
    await p.click('height 9', { kind: 'button' });
    s = await p.drawn();
    const cells = s.editor.text.split('\n').slice(1, 1 + s.editor.height).map((row) => row.trim().split(/\s+/));
    let at = null;
    for (let y = 0; y < cells.length && !at; y++)
      for (let x = 0; x < cells[y].length && !at; x++) if (/^\d$/.test(cells[y][x])) at = [x, y];
    check(at, `no plain ground cell:\n${s.editor.text}`);
    await page.mouse.click(...(await p.cell(...at)));
    s = await p.waitFor((x) => x.editor.text.split('\n')[1 + at[1]].trim().split(/\s+/)[at[0]] === '9', 'height 9 painted');
    // The hand: a card added and one taken out, by their buttons.
    const handOf = (x) => x.editor.text.split('\n').slice(1 + x.editor.height).find((l) => l.trim() !== '').trim().split(/\s+/);
    const before = handOf(s);
    await p.click('Add 2/', { kind: 'button' });
    s = await p.waitFor((x) => handOf(x).length === before.length + 1, 'the card added');
    check(handOf(s)[before.length] === '2/', `hand: ${handOf(s).join(' ')}`);
    check(s.editor.error === '', `the edited level does not read: ${s.editor.error}`);
    await p.click(`Take out ${before[0]}`, { kind: 'button' });
    s = await p.waitFor((x) => handOf(x).length === before.length, 'the card taken out');
    check(handOf(s).join(' ') === [...before.slice(1), '2/'].join(' '), `hand: ${handOf(s).join(' ')}`);
  });

  await r.test('the analysis: figures in a table that lines up, a medal that cannot be earned is none, difficulty 0-1000 (Flow too), a graph too large says so', async () => {
    await fresh();
    // A Skiddy level whose max-combo medal cannot be earned and whose graph is
    // too large to draw (the engine's own analysis finds one).
    let link = null;
    for (let i = 1; i <= 40 && !link; i++) {
      const g = await page.evaluate((seed) => window.tilelab.api.generate('skiddy', '', seed), `person-medal-${i}`);
      const a = await page.evaluate((t) => window.tilelab.api.analyze('skiddy', t), g.level);
      if (a.ok && a.medal_max_combo === false && a.states > 600 && !a.capped) link = g.link;
    }
    check(link, 'no Skiddy level without a max-combo medal in 40 seeds');
    await fresh(link);
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    let s = await p.waitFor((x) => !x.analysing && x.analysis_table.length > 0, 'the analysis', 60000);
    const table = s.analysis_table;
    const xs = new Set(table.map((row) => Math.round(row.value_x)));
    check(xs.size === 1, `values start at ${[...xs].join(', ')}`);
    check(table.every((row) => row.value_x > row.label_x + 10), 'a value over its label');
    const combo = table.find((row) => /max-combo par/i.test(row.label));
    check(combo && combo.value === 'none', `max-combo par: ${JSON.stringify(combo)}`);
    const difficulty = table.find((row) => row.label === 'difficulty');
    check(difficulty && +difficulty.value >= 0 && +difficulty.value <= 1000, `difficulty ${JSON.stringify(difficulty)}`);
    check(/too large/.test(s.graph_note) && s.graph_states === 0, `graph: '${s.graph_note}', ${s.graph_states} drawn`);
    // Flow: a level whose guessing runs high, still on the scale.
    let flow = null;
    for (let i = 1; i <= 20 && !flow; i++) {
      const g = await page.evaluate((seed) => window.tilelab.api.generate('flow', 'size=14x14', seed), `person-hard-${i}`);
      const a = await page.evaluate((t) => window.tilelab.api.analyze('flow', t), g.level);
      if (a.ok && a.difficulty > 600) flow = g.link;
    }
    check(flow, 'no hard 14x14 Flow level in 20 seeds');
    await fresh(flow);
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    s = await p.waitFor((x) => !x.analysing && x.analysis_table.length > 0, 'the Flow analysis', 60000);
    const d = s.analysis_table.find((row) => row.label === 'difficulty');
    check(d && +d.value > 0 && +d.value <= 1000, `Flow's difficulty: ${JSON.stringify(d)}`);
  });

  await r.test('the analysis says why a level is hard: the reasons of its difficulty in words, summing to the figure of the command line', async () => {
    await fresh();
    // A Golf Peaks level of our own: a slope on the course, three rolls.
    const text = '3x3\n0,left 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1- 3-\n';
    const link = await page.evaluate((t) => window.tilelab.api.levelLink('golf', t).link, text);
    const cli = await page.evaluate((t) => window.tilelab.api.analyze('golf', t), text);
    check(cli.ok && cli.difficulty > 0, `the API's analysis: ${JSON.stringify(cli)}`);
    await fresh(link);
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    const s = await p.waitFor((x) => !x.analysing && x.work.job === '' && x.analysis_table.length > 0 && x.frames_pending === 0, 'the analysis', 60000);
    const table = s.analysis_table;
    const at = table.findIndex((row) => row.label === 'difficulty');
    check(at >= 0 && +table[at].value === cli.difficulty, `the page's difficulty ${JSON.stringify(table[at])}, the command line's ${cli.difficulty}`);
    // The rows under it: a reason each, "+points: words".
    const reasons = [];
    for (let i = at + 1; i < table.length && /^\+\d+: /.test(table[i].value); i++) reasons.push(table[i]);
    const sum = reasons.reduce((n, row) => n + +/^\+(\d+)/.exec(row.value)[1], 0);
    check(sum === cli.difficulty, `the reasons add to ${sum}: ${JSON.stringify(reasons)}`);
    const named = (label, words) => reasons.find((row) => row.label === label && words.test(row.value));
    check(named('newest rule', /slopes, the 1st of the 12 rules the game teaches/), `no newest rule: ${JSON.stringify(reasons)}`);
    check(named('wrong moves', /^\+\d+: \d+ wrong moves to rule out along the way$/), `no wrong moves: ${JSON.stringify(reasons)}`);
    check(named('board', /^\+\d+: 9 cells to read$/), `no board: ${JSON.stringify(reasons)}`);
    for (const row of reasons) {
      const key = { 'newest rule': 'newest_rule', 'wrong moves': 'wrong_moves', board: 'board' }[row.label];
      check(cli.difficulty_parts[key] === +/^\+(\d+)/.exec(row.value)[1], `${row.label}: the page's ${row.value}, the command line's ${cli.difficulty_parts[key]}`);
    }
    // Drawn as a table row under the difficulty, where a person reads it.
    check(reasons.every((row) => row.value_x === table[at].value_x && row.y > table[at].y), `the reasons' rows: ${JSON.stringify(reasons)}`);
    await p.shot('analysis-difficulty-reasons.png');
  });

  await r.test('Skiddy at every maximum: the refusal names the pieces to change, never the band at its widest', async () => {
    await fresh();
    await p.open('New level', 'Seed');
    await p.choose('Game', 'Skiddy');
    await p.waitFor((x) => x.game === 'skiddy', 'Skiddy');
    for (const label of ['Width', 'Height', 'Red skiddies', 'Yellow skiddies', 'Crates', 'Ice cubes', 'Pits', 'Inner blocks', 'Difficulty to']) {
      const w = await p.find(label, { kind: 'slider' });
      await page.mouse.move(w.x + w.w / 2, w.y + w.h / 2);
      await page.mouse.down();
      await page.mouse.move(w.x + w.w + 300, w.y + w.h / 2, { steps: 5 });
      await page.mouse.up();
    }
    const set = await p.drawn();
    check(set.generate_blocked === '', `Generate refused at once: ${set.generate_blocked}`);
    await p.type('Seed', 'person-maxed');
    await p.click('Generate', { kind: 'button' });
    await p.waitFor((x) => x.work.job === 'generate', 'the generator started');
    const s = await p.waitFor((x) => !x.work.job && x.message !== '', 'the refusal', 180000);
    check(!/widen/.test(s.message) && !/difficulty/.test(s.message), `the refusal names the band: ${s.message}`);
    check(/fewer reds, yellows, crates or ice/.test(s.message), `the refusal names no setting: ${s.message}`);
  });

  await r.test('the page logged no console errors', async () => {
    check(consoleErrors.length === 0, consoleErrors.join('\n'));
  });
} finally {
  await browser.close();
  server.close();
}
console.log(`browser (person): ${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);
