// Browser test: the page on a phone (390x844 CSS pixels, 3x HiDPI, touch
// only). Every control is reached by a finger: the toolbar under the board
// without scrolling, the panels below by a swipe, tooltips by a long press;
// each game is won by taps, swipes and strokes, and Next is tapped after a
// win. No step under test calls tilelab.command().
//
// [SECTION] Helpers
// [SECTION] The board, the toolbar and swipes
// [SECTION] Messages, long presses and the analysis
// [SECTION] Every panel at a phone's width, the help and banners
// [SECTION] Text boxes by a phone's keyboard
// [SECTION] The palette by a finger, console errors
import path from 'node:path';
import { openPlayground, root } from './harness.mjs';
import { runner, check, person } from './person.mjs';

const shots = path.join(root, 'build/web/screenshots/phone');
const { base, browser, page: desktop, server } = await openPlayground();
const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base.replace(/\/$/, '') });
const page = await phone.newPage();
const consoleErrors = [];
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(String(e)));

const r = runner();
const p = person(page, { touch: true, shots });
// [SECTION] Helpers
const solve = (game, text) => page.evaluate(([g, t]) => window.tilelab.api.solve(g, t), [game, text]);
async function fresh(hash = '') {
  if (page.url().startsWith(base)) await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.evaluate(() => window.tilelab.ready.then(() => true));
  return p.waitFor((s) => s.ready && s.level, 'the playground');
}
async function seedLink(game, seed) {
  if (!page.url().startsWith(base)) await fresh();  // (the API is the page's: a test run alone, ONLY=, has none yet)
  const games = await page.evaluate(() => window.tilelab.api.listGames());
  return `#game=${game}&v=1&gen=${games.find((g) => g.id === game).generator_version}&seed=${seed}`;
}
// The kinds of widget a finger taps or drags.
const fingerKinds = ['button', 'slider', 'input', 'combo', 'header', 'checkbox'];
// A widget all on screen, without any scrolling first.
async function onScreen(label, kind = null) {
  const w = await p.get(label, kind);
  check(w && w.whole && w.y >= 0 && w.y + w.h <= 844 && w.x >= 0 && w.x + w.w <= 390,
    `'${label}' is not on screen at first: ${JSON.stringify(w)}`);
  return w;
}

try {
  // [SECTION] The board, the toolbar and swipes
  await r.test('on first load the board and its toolbar (Undo, Restart, Hint, Solve, Help) are on screen', async () => {
    const s = await fresh();
    for (const label of ['Undo', 'Restart', 'Hint', 'Solve', 'Help']) {
      const w = await onScreen(label, 'button');
      check(w.h >= 44, `the toolbar's '${label}' is ${w.h} CSS px tall, a finger's is 44`);
    }
    const b = s.board;
    const columns = s.start.split('\n')[0].length;
    check(b.x >= 0 && b.y >= 0 && b.x + columns * b.cell <= 390 + 1, `the board does not fit: ${JSON.stringify(b)}`);
    await p.click('Hint', { kind: 'button' });
    const t = await p.waitFor((x) => x.move_count === 1, 'the hint tapped');
    check(t.touch === true, 'the page did not see a finger');
    await p.shot('first-load.png');
  });

  for (const game of ['lastball', 'penguin', 'skiddy', 'golf', 'flow']) {
    await r.test(`${game}: won by a finger, and Next tapped after the win opens a new level`, async () => {
      let s = await fresh(await seedLink(game, `phone-${game}`));
      const solved = await solve(game, s.start);
      check(solved.solvable, `${game}: no solution`);
      s = await p.play(game, solved.moves);
      check(s.status === 'won', `${game}: status ${s.status} after ${s.moves}`);
      await p.shot(`${game}-won.png`);
      const before = s.start;
      await p.click('Next', { kind: 'button' });
      s = await p.waitFor((x) => x.start !== before && x.status === 'playing' && x.move_count === 0, 'the next level', 30000);
      check(s.game === game, `Next changed the game to ${s.game}`);
    });
  }

  await r.test('Undo and Hint are one tap each', async () => {
    let s = await fresh(await seedLink('lastball', 'phone-undo'));
    await p.click('Hint', { kind: 'button' });
    s = await p.waitFor((x) => x.move_count === 1, 'the hint');
    await p.click('Undo', { kind: 'button' });
    s = await p.waitFor((x) => x.move_count === 0, 'the undo');
  });

  await r.test('the win banner leaves the board in view: a strip at its foot or head, clear of the piece moved, that names the toolbar\'s Next, which a tap takes', async () => {
    // (Seed sunny-gecko-20's last ball ends in the board's lower half.)
    for (const [game, seed] of [['lastball', 'phone-banner'], ['lastball', 'sunny-gecko-20'], ['skiddy', 'phone-banner'], ['penguin', 'phone-banner']]) {
      let s = await fresh(await seedLink(game, seed));
      s = await p.play(game, (await solve(game, s.start)).moves);
      check(s.status === 'won', `${game}: status ${s.status}`);
      s = await p.drawn();
      // The board as drawn (its rows of cells) and the banner over it: in
      // its lower or its upper half, 40% of its height at most (centred
      // with its button, it hid half of a 7x6 board and four fifths of a
      // small one), and off the piece the player moved (the last ball; a
      // Skiddy or Penguin level won has none left to show).
      const box = s.banner_box, b = s.board, rows = s.start.split('\n').filter((l) => l.length).length;
      const top = b.y, bottom = b.y + rows * b.row, middle = (top + bottom) / 2;
      check(/^Solved!\n/.test(s.banner) && box.h > 0, `${game}: the banner: ${s.banner} ${JSON.stringify(box)}`);
      check(box.h <= (bottom - top) * 0.4 && ((box.y >= middle && box.y + box.h <= bottom + 1) || (box.y >= top - 1 && box.y + box.h <= middle)),
        `${game}: the banner ${JSON.stringify(box)} hides the board from ${top} to ${bottom}`);
      if (game === 'lastball') check(b.actor_x >= 0, `${game}: no black ball on the board won: ${JSON.stringify(b)}`);
      if (b.actor_x >= 0) {
        const y = b.y + (b.actor_y + 0.5) * b.row;
        check(y < box.y || y > box.y + box.h, `${game}: the banner ${JSON.stringify(box)} covers the piece moved, at ${y}`);
      }
      check(/Tap Next for /.test(s.banner), `${game}: the banner does not name the toolbar's Next: ${s.banner}`);
      check(!(await p.get('Next level', 'button')), `${game}: the banner has a button of its own`);
      await p.shot(`banner-won-${game}-${seed}.png`);
      const before = s.start;
      await p.click('Next', { kind: 'button' });
      await p.waitFor((x) => x.start !== before && x.move_count === 0, `${game}: the next level`);
    }
  });

  await r.test('the panels below the board scroll by a swipe: Copy link reached and tapped', async () => {
    await fresh();
    const w = await p.get('Copy link');
    check(!w || !w.whole, 'Copy link is on screen without a swipe: the test shows nothing');
    await p.click('Copy link');  // found by swiping the panels up
    const s = await p.waitFor((x) => /Link copied/.test(x.page_note), 'the copy\'s note');
    await p.shot('copy-link.png');
    check(s.board.y >= 0, 'the board scrolled away with the panels');
    // Said where the finger can see it: under the toolbar, not in the Play panel off screen.
    const status = await onScreen(/Link copied/, 'text');
    check(status.window === 'Toolbar', `'Link copied' is said in ${status.window}, not under the toolbar`);
  });

  await r.test('a swipe up or down that starts on a slider or a header\'s arrow scrolls the panels and changes neither; a drag sideways or a tap moves the slider and a long press names it, a tap on the arrow folds its panel', async () => {
    if (!page.url().startsWith(base)) await fresh();  // seedLink asks the page
    await fresh(await seedLink('penguin', 'phone-swipe'));
    const walls = async () => Number(/(?:^|&)walls=(\d+)/.exec((await p.state()).generate.params)[1]);
    const settings = async () => (await p.state()).generate.params;
    const before = await settings();
    // Up from the middle of the Walls slider, then down from it again: each
    // scrolls the panels (the slider moves, or leaves the panels' view).
    const scrolled = async (w, dy) => {
      const m = await p.get('Walls', 'slider');
      return !m || !m.visible || (dy < 0 ? m.y < w.y - 60 : m.y > w.y + 60);
    };
    let w = await p.find('Walls', { kind: 'slider' });
    await p.swipe(w.x + w.w / 2, w.y + w.h / 2, w.x + w.w / 2 + 10, w.y + w.h / 2 - 120, 8, true);
    check(await scrolled(w, -1), 'the swipe up from the Walls slider did not scroll the panels');
    check(await settings() === before, `the swipe up changed a setting: ${before} -> ${await settings()}`);
    w = await p.find('Walls', { kind: 'slider' });
    await p.swipe(w.x + w.w * 0.8, w.y + w.h / 2, w.x + w.w * 0.8, w.y + w.h / 2 + 120, 8, true);
    check(await scrolled(w, 1), 'the swipe down from the Walls slider did not scroll the panels');
    check(await settings() === before, `the swipe down changed a setting: ${before} -> ${await settings()}`);
    // Sideways from its left end to its right: the slider follows the finger.
    w = await p.find('Walls', { kind: 'slider' });
    const was = await walls();
    await p.swipe(w.x + w.w * 0.1, w.y + w.h / 2, w.x + w.w * 0.9, w.y + w.h / 2, 8, true, true);
    await p.drawn();
    const dragged = await walls();
    check(dragged > was + 50, `a drag sideways left Walls at ${dragged} (it was ${was})`);
    // A long press names it and leaves it as it was.
    const pressed = await p.longPress('Walls');
    check(pressed.tooltip !== '', 'a long press on the Walls slider showed no tooltip');
    await p.drawn();
    check(await walls() === dragged, `a long press moved Walls from ${dragged} to ${await walls()}`);
    // A tap: the slider takes where the finger lifts.
    w = await p.find('Walls', { kind: 'slider' });
    await page.touchscreen.tap(w.x + w.w * 0.3, w.y + w.h / 2);
    await p.drawn();
    check(await walls() < dragged - 50, `a tap near the slider's left end left Walls at ${await walls()} (it was ${dragged})`);
    // A header's arrow (its left end): a swipe that starts there leaves the
    // panel open; a tap there folds it.
    const header = await p.find('New level', { kind: 'header' });
    const ax = header.x + 13, ay = header.y + header.h / 2;
    await p.swipe(ax, ay, ax, ay + 200, 8, true);
    const newLevel = async () => (await p.find('New level', { kind: 'header' })).open;
    check(await newLevel(), 'a swipe that started on the New level header\'s arrow folded the panel');
    const again = await p.find('New level', { kind: 'header' });
    await page.touchscreen.tap(again.x + 13, again.y + again.h / 2);
    await p.drawn();
    check(!(await newLevel()), 'a tap on the New level header\'s arrow did not fold the panel');
    // A tap whose finger slides a few pixels, off the arrow (its right end
    // some 27 pixels in) onto the label: it unfolds the panel, once. The
    // slide in one move, at once past the few pixels a resting finger may
    // stray: in small steps on a loaded machine, the page's clock passed a
    // long press before the finger had strayed (a rest, which presses
    // nothing: the CI run of 2026-11-27 failed so).
    const folded = await p.find('New level', { kind: 'header' });
    await p.swipe(folded.x + 24, folded.y + folded.h / 2, folded.x + 30, folded.y + folded.h / 2, 1, false, true);
    await p.drawn();
    check(await newLevel(), 'a tap sliding from the New level header\'s arrow onto its label did not unfold the panel');
  });

  // [SECTION] Messages, long presses and the analysis
  await r.test('under the toolbar, on screen: how to move before the first move, then the moves against par and what a hint played', async () => {
    const s = await fresh();
    const how = await onScreen(/^Moves: 0 {3}Par: \d+ {3}.*swipe/, 'text');
    check(how.window === 'Toolbar', `how to move is said in ${how.window}`);
    await p.click('Hint', { kind: 'button' });
    await p.waitFor((x) => x.move_count === 1 && x.start === s.start, 'the hint played');
    const after = await onScreen(/^Moves: 1 {3}Par: \d+ {3}Hint played: /, 'text');
    const hint = await p.get('Hint', 'button');
    check(after.y >= hint.y + hint.h, 'the status is not under the toolbar\'s buttons');
  });

  await r.test('Flow\'s progress, lines joined and the board filled, is said under the toolbar, on screen, after how to move', async () => {
    const s = await fresh(await seedLink('flow', 'phone-progress'));
    // A solution's lines, the longest first (each fills cells between its dots).
    const lines = (await solve('flow', s.start)).moves.split('+').filter((x) => x.trim())
      .sort((a, b) => b.trim().split(' ').length - a.trim().split(' ').length);
    // Before the first move, how to move, whole (the progress waits for a line).
    const how = await onScreen(/^Moves: 0 {3}Par: \d+ {3}Press on a dot.*to cut it\.$/, 'text');
    check(how.window === 'Toolbar' && !/lines joined/.test(how.label), `before the first move the status says: ${how.label}`);
    const progress = (moves, joined) => new RegExp(`^Moves: ${moves} {3}Par: \\d+ {3}${joined} of ${lines.length} lines joined, (\\d+)% filled`);
    const filled = (w, moves, joined) => Number(progress(moves, joined).exec(w.label)[1]);
    await p.play('flow', lines[0]);  // a line of a solution, drawn by a finger
    const one = await onScreen(progress(1, 1), 'text');
    check(one.window === 'Toolbar', `Flow's progress after a line is said in ${one.window}`);
    await p.play('flow', lines[1]);
    const two = await onScreen(progress(2, 2), 'text');
    check(filled(two, 2, 2) > filled(one, 1, 1), `the board filled no more after a second line: ${one.label} / ${two.label}`);
  });

  await r.test('a message over a level sits above the board: all of it and Dismiss on screen, the level still played to a win', async () => {
    if (!page.url().startsWith(base)) await fresh();  // seedLink asks the page
    let s = await fresh(await seedLink('flow', 'phone-message'));
    const level = s.start;
    // The scene: a seed link whose level cannot be made (a long reason).
    await page.evaluate(() => { location.hash = '#game=flow&seed=x&size=40x40&max_line=12'; });
    s = await p.waitFor((x) => x.message !== '', 'the message');
    check(s.start === level, 'the level under the message changed');
    await p.shot('message.png');
    const dismiss = await onScreen('Dismiss', 'button');
    // The board as drawn with the message (the state the message first showed
    // in may come before the frame that laid the board out under it).
    s = await p.drawn();
    check(s.board.y >= dismiss.y + dismiss.h, `the board lies under the message: its top at ${s.board.y}, Dismiss ends at ${dismiss.y + dismiss.h}`);
    s = await p.play('flow', (await solve('flow', s.start)).moves);  // every line, the top row's too
    check(s.status === 'won', `status ${s.status} after ${s.moves}`);
    await p.click('Dismiss', { kind: 'button' });
    await p.waitFor((x) => x.message === '', 'the message dismissed');
    // A message longer than half the board's room: its words scroll, and
    // Dismiss stays whole below them (it was cut to a sliver), and works.
    // (The message quotes the link: a person's whole seed link, one parameter mistyped.)
    const long = (await seedLink('skiddy', 'tilelab')) +
      '&size=7x6&reds=2&yellows=2&crates=1&ice=1&pits=1&blocks=2&min_difficulty=0&max_difficulty=1000xx%20garbage';
    await page.evaluate((h) => { location.hash = h; }, long.slice(long.indexOf('#')));
    s = await p.waitFor((x) => x.message !== '', 'the long message');
    check(/max_difficulty/.test(s.message), `the message names no parameter: ${s.message}`);
    const whole = await onScreen('Dismiss', 'button');
    check(whole.h >= 44, `Dismiss under a long message is ${whole.h} CSS px tall, a finger's is 44`);
    await p.click('Dismiss', { kind: 'button' });
    await p.waitFor((x) => x.message === '', 'the long message dismissed');
  });

  await r.test('a long press shows a tooltip on screen above the finger, and it goes when the finger lifts; a long press presses no button and folds no panel', async () => {
    await fresh();
    const hint = await p.get('Hint', 'button');
    const during = await p.longPress('Hint');
    check(during.tooltip !== '', 'no tooltip while the finger was down');
    const box = during.tooltip_box;
    check(box.w > 0 && box.x >= 0 && box.x + box.w <= 390 && box.y >= 0 && box.y + box.h <= hint.y + hint.h / 2 - 40,
      `the tooltip (${JSON.stringify(box)}) is not on screen above the finger (at ${hint.y + hint.h / 2})`);
    check(!/\([A-Z]\)/.test(during.tooltip), `a finger's tooltip names a key: ${during.tooltip}`);
    const after = await p.drawn();
    check(after.tooltip === '', `the tooltip stayed after the finger lifted: ${after.tooltip}`);
    check(after.move_count === 0, 'the long press played the hint');
    // Buttons with no tooltip and a panel's header: a long press does nothing either.
    const link = after.link;
    // What each lift did is drawn two frames on.
    const settled = (at) => p.waitFor((x) => x.frames >= at.frames + 2 && x.frames_pending === 0, 'the frames after the lift');
    await p.find('Generate', { kind: 'button' });
    await settled(await p.longPress('Generate'));
    let s = await settled(await p.longPress('New seed'));
    check(s.work.job === '' && s.link === link && s.move_count === 0, `a long press on Generate or New seed made a level: ${s.link}`);
    await p.find('Share', { kind: 'header' });
    await settled(await p.longPress('Share'));
    check(await p.get('Copy link', 'button'), 'a long press on the Share header folded its panel');
    s = await settled(await p.longPress('Copy link'));
    check(!/copied/i.test(s.note), `a long press on Copy link copied it: ${s.note}`);
    // A number box's + repeats while a mouse holds it; a finger resting on it counts nothing.
    await p.open('Pack', 'Make pack');
    const levels = await p.find('Levels', { kind: 'input' });
    const plus = (await p.widgets()).find((w) => w.label === '+' && w.kind === 'button' && Math.abs(w.y - levels.y) < 2);
    check(plus && plus.whole, `no + beside Levels on screen: ${JSON.stringify(plus)}`);
    const count = (await p.state()).pack_levels;
    s = await settled(await p.longPress(plus));
    check(s.pack_levels === count, `a long press on Levels' + counted from ${count} to ${s.pack_levels}`);
    await page.touchscreen.tap(plus.x + plus.w / 2, plus.y + plus.h / 2);  // where the long press was: a tap counts one
    await p.waitFor((x) => x.pack_levels === count + 1, 'a tap on Levels\' + counting one');
  });

  await r.test('Analyze this position tapped at the panels\' foot: once the figures come the panels show them', async () => {
    await fresh();  // (the page's api makes the link)
    await fresh(await seedLink('skiddy', 'phone-figures'));
    await p.analyzeSeeingFigures(6);
  });

  await r.test('a pack\'s level tapped stays under the finger when the analysis above it goes', async () => {
    await fresh(await seedLink('lastball', 'phone-anchor'));
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    await p.waitFor((x) => !x.analysing && x.work.job === '' && x.analysis_table.length > 0, 'the analysis');
    await p.open('Pack', 'Make pack');
    await p.type('Levels', '24');
    await page.keyboard.press('Enter');
    await p.click('Make pack');
    await p.find('Level 24', { ms: 60000 });
    // Back up to Level 5, the panels short of their end (at their end, ImGui's
    // own limit on the scroll would keep the thumbnails in place).
    const before = await p.find('Level 5', { kind: 'button' });
    const end = await p.get('Level 24', 'button');
    check(before.whole && end.y + end.h > end.clip_bottom, `Level 5 (${JSON.stringify(before)}) to tap with the panels short of their end (Level 24 at ${end.y})`);
    await p.click('Level 5', { kind: 'button' });
    await p.waitFor((x) => x.pack && x.pack.current === 5 && x.analysis_table.length === 0 && x.frames_pending === 0, 'level 5 opened, its analysis gone');
    const after = await p.get('Level 5', 'button');
    check(Math.abs(after.y - before.y) <= 1, `Level 5 moved from y ${before.y} to ${after.y} under the finger`);
  });

  // [SECTION] Every panel at a phone's width, the help and banners
  await r.test('every panel of every game at a phone\'s width: nothing cut at a panel\'s edge, every button, box, slider and header 44 CSS pixels tall or more', async () => {
    // The panels open at first (New level, Play, Share) and those a person opens.
    const panels = [['Edit', 'Edit this level'], ['Analysis', 'Analyze this position'], ['Pack', 'Make pack']];
    // The panels stay open from game to game: each game's level opened by its link in the same page.
    await fresh(await seedLink('lastball', 'phone-cut-lastball'));
    for (const game of ['lastball', 'penguin', 'skiddy', 'flow', 'golf']) {
      const seed = `phone-cut-${game}`, link = await seedLink(game, seed);
      await page.evaluate((hash) => { location.hash = hash; }, link);
      await p.waitFor((x) => x.game === game && x.seed === seed && x.level && x.work.job === '', `the ${game} level of ${link}`);
      // Each panel open (a closed one draws none of its widgets; an open one draws them all, on screen or not).
      for (const [h, w] of panels) await p.open(h, w);
      // The analysis drawn too: its figures, its buttons, its graph's caption.
      await p.click('Analyze this position');
      await p.waitFor((x) => !x.analysing && x.work.job === '' && x.analysis_table.length > 0, `${game}: the analysis`);
      await p.drawn();
      const cut = await page.evaluate(() => window.tilelab.cut());
      check(cut.length === 0, `${game}: cut at a panel's right edge: ${JSON.stringify(cut)}`);
      // What a finger taps is as tall as a fingertip (the toolbar's and the brushes' 44 CSS px).
      const short = (await p.widgets()).filter((w) => w.window === 'tilelab' && fingerKinds.includes(w.kind) && w.h < 44);
      check(short.length === 0, `${game}: shorter than a finger's 44 CSS px: ${short.map((w) => `'${w.label}' (${w.kind}) ${w.h}`).join(', ')}`);
    }
    // A combo's list: its rows a finger apart.
    await p.click('Game', { kind: 'combo' });
    await p.find('Golf Peaks', { kind: 'button' });  // the list open
    const rows = (await p.widgets()).filter((w) => w.window.startsWith('##Combo') && w.kind === 'button');
    check(rows.length === 5 && rows.every((w) => w.h >= 40) && rows.every((w, i) => i === 0 || w.y - rows[i - 1].y >= 44),
      `the Game list's rows: ${JSON.stringify(rows.map((w) => [w.label, w.y, w.h]))}`);
    await p.click('Skiddy', { kind: 'button' });
    await p.waitFor((x) => x.game === 'skiddy' && x.work.job === '', 'Skiddy chosen in the list');
    // The Playdate preview in the board's place: its buttons wrap at the phone's width.
    await p.find('Play', { kind: 'header' });  // the panels scrolled back up to it (its buttons are not drawn off screen)
    await p.click('Playdate preview', { kind: 'button' });
    await p.waitFor((x) => x.device && x.device.open, 'the Playdate preview');
    const close = await p.find('Close preview', { kind: 'button' });
    const preview = (await p.widgets()).filter((w) => w.window === 'Playdate preview' && w.kind === 'button');
    check(preview.length >= 9 && preview.every((w) => w.h >= 44), `the preview's buttons: ${JSON.stringify(preview.map((w) => [w.label, w.h]))}`);
    // The crank's two buttons on one row: neither left alone on another.
    const crank = preview.filter((w) => /^Crank [-+]$/.test(w.label));
    check(crank.length === 2 && crank[0].y === crank[1].y, `the crank's buttons on two rows: ${JSON.stringify(crank.map((w) => [w.label, w.y]))}`);
    await p.shot('playdate-preview.png');
    const cut = await page.evaluate(() => window.tilelab.cut());
    check(cut.length === 0, `the Playdate preview: cut at a window's right edge: ${JSON.stringify(cut)}`);
    // Its window is as tall as its buttons need: the last row above the toolbar under it.
    const undo = await p.get('Undo', 'button');
    check(close.y + close.h <= undo.y, `Close preview (${JSON.stringify(close)}) runs under the toolbar (Undo at ${undo.y})`);
    // The toolbar would play the board the preview hides: greyed out, Help aside.
    for (const label of ['Undo', 'Restart', 'Hint', 'Solve']) check((await p.get(label, 'button')).disabled, `'${label}' is live under the preview`);
    check(!(await p.get('Help', 'button')).disabled, 'Help is greyed out under the preview');
    await p.click('Close preview', { kind: 'button' });
    await p.waitFor((x) => !x.device.open, 'the preview closed');
  });

  await r.test('the help closes with a tap outside it (nothing under it plays) and with a swipe sideways', async () => {
    let s = await fresh(await seedLink('lastball', 'phone-help'));
    await p.click('Help', { kind: 'button' });
    s = await p.waitFor((x) => x.help && x.help_text !== '', 'the help window');
    // It says what a finger does, and names no key.
    check(/swipe/.test(s.help_text) && /long press/.test(s.help_text), `the help on a phone: ${s.help_text}`);
    check(!/\b(WASD|Backspace|F1|Esc|Z|Y|R|H|N)\b/.test(s.help_text), `the help on a phone names a key: ${s.help_text}`);
    await p.shot('help.png');
    const before = s;
    await page.touchscreen.tap(before.board.x + 6, before.board.y + 6);
    s = await p.waitFor((x) => !x.help, 'a tap outside closing the help');
    check(s.moves === before.moves, 'the tap outside the help played on the board');
    await p.click('Help', { kind: 'button' });
    await p.waitFor((x) => x.help, 'the help window again');
    await p.swipe(320, 420, 60, 430, 8, true);
    s = await p.waitFor((x) => !x.help, 'a swipe closing the help');
    check(s.moves === before.moves, 'the swipe played on the board');
  });

  await r.test('banners name the buttons to tap, not keys; the toolbar\'s Undo undoes an edit in Edit mode', async () => {
    let s = await fresh(await seedLink('lastball', 'phone-words'));
    s = await p.play('lastball', (await solve('lastball', s.start)).moves);
    check(s.status === 'won', `status ${s.status}`);
    check(/Tap Next for /.test(s.banner) && !/\bN:/.test(s.banner), `the win banner on a phone says: ${s.banner}`);
    if (!(await p.get('Edit this level'))) await p.click('Edit', { kind: 'header' });
    await p.click('Edit this level');
    s = await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    s = await p.drawn();
    // The line above the board wraps at its width, clear of the board; the
    // toolbar offers no Next for the level won before the edit.
    const caption = s.editor.caption_box;
    check(caption && caption.w > 0 && caption.x >= 0 && caption.x + caption.w <= 390 && caption.y + caption.h <= s.board.y,
      `the line above the board: ${JSON.stringify(caption)}, the board at ${JSON.stringify(s.board)}`);
    check(!(await p.get('Next', 'button')), 'the toolbar offers Next in Edit mode');
    const text = s.editor.text;
    await p.click('white ball', { kind: 'button' });  // on an empty cell
    const row = s.start.split('\n').findIndex((line) => line.includes('.'));
    const x = s.start.split('\n')[row].indexOf('.');
    await page.touchscreen.tap(...(await p.cell(x, row)));
    s = await p.waitFor((q) => q.editor.text !== text, 'the cell painted');
    // The toolbar's Undo, under the board (the Edit panel below has one of its own).
    const undo = (await p.widgets()).filter((w) => w.label === 'Undo' && w.kind === 'button').sort((a, b) => a.y - b.y)[0];
    check(undo && !undo.disabled && undo.y + undo.h <= 844, `the toolbar's Undo: ${JSON.stringify(undo)}`);
    await page.touchscreen.tap(undo.x + undo.w / 2, undo.y + undo.h / 2);
    s = await p.waitFor((q) => q.editor.text === text, 'the toolbar\'s Undo taking the edit back');
  });

  await r.test('the panels under the toolbar name no key and repeat none of its buttons (Golf Peaks\' hand too)', async () => {
    await fresh(await seedLink('golf', 'phone-keys'));
    // A key in a label: "Undo (Z)", "Help (F1)".
    const named = (ws) => ws.filter((w) => w.visible && /\((?:[A-Z]|F\d+)\)$/.test(w.label)).map((w) => w.label);
    let ws = await p.widgets();
    check(named(ws).length === 0, `on first load a label names a key: ${named(ws).join(', ')}`);
    // The Play panel's own buttons, scrolled into view: the toolbar's are not among them.
    await p.find('Redo', { kind: 'button' });
    await p.find('Playdate preview', { kind: 'button' });
    ws = await p.widgets();
    check(named(ws).length === 0, `with the Play panel in view a label names a key: ${named(ws).join(', ')}`);
    const cards = ws.filter((w) => w.kind === 'button' && / x\d+$/.test(w.label)).map((w) => w.label);
    check(cards.length > 0, 'no card of the hand on screen');
    for (const label of ['Undo', 'Restart', 'Hint', 'Solve', 'Help', ...new Set(cards)]) {
      const drawn = ws.filter((w) => w.kind === 'button' && w.visible && w.label === label);
      check(drawn.length === 1, `'${label}' is drawn ${drawn.length} times: ${JSON.stringify(drawn)}`);
    }
    // A card's tooltip, by a long press: what it does and how many are left, no key.
    const during = await p.longPress(cards[0]);
    check(/left\)$/.test(during.tooltip) && !/key/.test(during.tooltip), `a card's tooltip on a phone: '${during.tooltip}'`);
  });

  // [SECTION] Text boxes by a phone's keyboard
  await r.test('the Seed box tapped takes text from a phone\'s keyboard and an input method (no key events), its Backspace and Enter; a key typed goes in once; the board has the focus back after', async () => {
    const s0 = await fresh(await seedLink('lastball', 'phone-ime'));
    const focused = () => page.evaluate(() => {
      const e = document.activeElement;
      return { tag: e ? e.tagName : '', editable: !!e && (e.isContentEditable || /^(TEXTAREA|INPUT)$/.test(e.tagName)) };
    });
    // The box's text, `written` put in where the cursor was (at the tap).
    const seedWith = async (written, what) => {
      const s = await p.waitFor((x) => x.generate.seed.length === s0.seed.length + written.length &&
        x.generate.seed.includes(written) && x.frames_pending === 0, what);
      check(s.generate.seed.replace(written, '') === s0.seed, `the Seed box says '${s.generate.seed}' after ${what}`);
      return s;
    };
    check(s0.generate.seed === 'phone-ime', `the Seed box says '${s0.generate.seed}' at first`);
    await p.click('Seed', { kind: 'input' });
    await p.taking('Seed');
    const s1 = await p.drawn();
    const f = await focused();
    check(f.editable, `a phone opens no keyboard: the focus is on ${f.tag}, no editable element`);
    check(s1.typing === true, 'the page does not say a text box takes text');
    // Written as a phone's keyboard does, then a word an input method makes (shown first, then written).
    await p.write('Q7');
    await seedWith('Q7', 'text written as a phone\'s keyboard writes it');
    await p.write('K', 'k');
    await seedWith('Q7K', 'a word an input method made');
    // A phone's Backspace, without the code a physical key has.
    const cdp = await page.context().newCDPSession(page);
    const softKey = async (key, keyCode, text = undefined) => {
      await cdp.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', key, code: '', windowsVirtualKeyCode: keyCode, text });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: '', windowsVirtualKeyCode: keyCode });
    };
    await softKey('Backspace', 8);
    await seedWith('Q7', 'a phone\'s Backspace');
    // A key typed on a keyboard: its letter once (SDL's, not the field's too).
    await page.keyboard.type('ab', { delay: 15 });
    const typed = await seedWith('Q7ab', 'two keys typed');
    // A phone's Enter: the level of that seed, and the board takes the keys again.
    await softKey('Enter', 13, '\r');
    await p.waitFor((x) => !x.typing && x.seed === typed.generate.seed && x.work.job === '' && x.frames_pending === 0, 'the level of the seed typed');
    const after = await focused();
    check(after.tag === 'CANVAS', `the focus stayed on ${after.tag} after the typing ended`);
  });

  // [SECTION] The palette by a finger, console errors
  await r.test('the editor\'s palette by a finger: every brush 44 CSS pixels or more, a long press names it, a tap chooses it', async () => {
    await fresh();
    await fresh(await seedLink('skiddy', 'phone-edit'));
    await p.click('Edit', { kind: 'header' });
    await p.click('Edit this level');
    await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    const names = ['floor', 'block', 'pit', 'red skiddy', 'yellow skiddy', 'crate', 'ice cube'];
    for (const name of names) {
      const w = await p.find(name, { kind: 'button' });
      check(w.w >= 44 && w.h >= 44, `the '${name}' brush is ${w.w}x${w.h} CSS pixels`);
    }
    const during = await p.longPress('crate');
    check(during.tooltip === 'crate', `a long press on the crate brush showed '${during.tooltip}'`);
    await p.click('crate', { kind: 'button' });
    const s = await p.waitFor((x) => x.editor.brush === 'c', 'the crate brush chosen');
    check(s.editor.brush === 'c', `brush ${s.editor.brush}`);
  });

  await r.test('the page logged no console errors', async () => {
    check(consoleErrors.length === 0, consoleErrors.join('\n'));
  });
} finally {
  await phone.close();
  await browser.close();
  server.close();
}
console.log(`browser (phone): ${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);
