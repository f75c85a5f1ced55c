// Browser test: the page's third visit, at a desk (1280x800, a mouse and a
// keyboard): the keys come back after a print or a click elsewhere, the
// keyboard alone reaches every widget, '?' opens the help, a pasted pack or
// Numberlink stream opens, Back and Forward walk the levels shown, the page
// works offline once visited, a page served cross-origin isolated analyses
// on two threads, and the smaller things a newcomer met. Every
// step under test is a key, a click, a paste or the browser's own Back,
// Forward or offline mode; tilelab.command() only sets a scene.
//
// [SECTION] Helpers
// [SECTION] Focus, the keyboard and ?
// [SECTION] Pasting and packs, history
// [SECTION] Offline, installing, a new build
// [SECTION] The smaller findings: names, cut links, dead ends, progress, drags, the phone
// [SECTION] Served cross-origin isolated: the engine with threads
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPlayground, root, serveSite, isolation } from './harness.mjs';
import { runner, check, person } from './person.mjs';

const shots = path.join(root, 'build/web/screenshots/visit');
const { base, insecureBase, browser, page, server } = await openPlayground();
await page.setViewportSize({ width: 1280, height: 800 });
await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base.replace(/\/$/, '') });
const consoleErrors = [];
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(String(e)));

const r = runner();
const p = person(page, { shots });
const arrows = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };
// [SECTION] Helpers
async function fresh(hash = '') {
  if (page.url().startsWith(base)) await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.evaluate(() => window.tilelab.ready.then(() => true));
  return p.waitFor((s) => s.ready && s.level, 'the playground');
}
// The first move of the level shown's shortest solution (a Last Ball level: a direction).
async function firstMove() {
  const s = await p.drawn();
  const solved = await page.evaluate((t) => window.tilelab.api.solve('lastball', t), s.start);
  check(solved.solvable, `no solution: ${JSON.stringify(solved)}`);
  return solved.moves.split(' ')[0];
}
// An arrow key pressed on the page: the level shown takes it (a move made).
async function arrowMoves() {
  const move = await firstMove();
  const before = await p.drawn();
  await page.keyboard.press(arrows[move]);
  const s = await p.waitFor((x) => x.move_count === before.move_count + 1 || x.frames > before.frames + 6, 'the key taken');
  return s.move_count === before.move_count + 1;
}
// Whether the page's service worker keeps this file of the site (in any build's cache).
const kept = (at, file) => at.evaluate(async (f) => {
  for (const name of await caches.keys()) if (await (await caches.open(name)).match(f, { ignoreSearch: true })) return true;
  return false;
}, file);
// A Numberlink stream of three small puzzles, as published files hold them.
const stream = 'a.a\n...\nb.b\n\nab\nab\n\na..\n...\n..a\n';

try {
  // [SECTION] Focus, the keyboard and ?
  await r.test('after Print sheet the keys come back to the board, and a click on the board brings them back from elsewhere', async () => {
    await fresh('#game=lastball&seed=visit-keys&size=6x5&balls=3');
    await p.open('Pack', 'Make pack');
    await p.type('Levels', '2');
    await page.keyboard.press('Enter');
    await p.click('Make pack');
    await p.find('Level 2', { ms: 60000 });
    // The print done (its frame gone): the click's frame may come after the click returns.
    const printed = await page.evaluate(() => window.tilelab.sheetsPrinted);
    await p.click('Print sheet');
    await page.waitForFunction((n) => window.tilelab.sheetsPrinted > n && !document.querySelector('iframe'), printed,
      { timeout: 10000 });
    check(await page.evaluate(() => document.activeElement && document.activeElement.id === 'canvas'), 'the print frame kept the keys');
    check(await arrowMoves(), 'an arrow key after printing moved nothing');
    // The keys elsewhere on the page (a field of another page's part), then a click on the board.
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'elsewhere';
      document.body.appendChild(field);
      field.focus();
    });
    const s = await p.drawn();
    await page.mouse.click(s.board.x + s.board.cell / 2, s.board.y + s.board.cell / 2);
    check(await page.evaluate(() => document.activeElement.id === 'canvas'), 'a click on the board left the keys elsewhere');
    await page.evaluate(() => document.getElementById('elsewhere').remove());
    check(await arrowMoves(), 'an arrow key after a click on the board moved nothing');
  });

  await r.test('the keyboard alone: Tab reaches the game chooser and Generate, Space and Enter press, Esc gives the board its arrows back', async () => {
    await fresh('#game=lastball&seed=visit-tab&size=6x5&balls=3');
    await page.keyboard.press('Tab');
    let s = await p.waitFor((x) => x.keys_on_panels, 'the keys on the panels');
    let w = await p.widgets();
    const first = w.find((x) => x.focused);
    check(first && first.window === 'tilelab', `no widget framed after Tab: ${JSON.stringify(first)}`);
    // Tab by Tab to the game chooser; every Tab frames another widget.
    const seen = [first.label];
    let at = first;
    for (let i = 0; i < 60 && !(at.kind === 'combo' && at.label === 'Game'); i++) {
      await page.keyboard.press('Tab');
      w = await p.widgets();
      const next = w.find((x) => x.focused);
      check(next && next.id !== at.id, `Tab did not move on from ${at.label}`);
      at = next;
      seen.push(at.label);
    }
    check(at.label === 'Game', `Tab never reached the game chooser: ${seen.join(' | ')}`);
    // Space opens the list, arrows pick, Enter takes the choice.
    await page.keyboard.press('Space');
    await p.find('Skiddy');
    for (let i = 0; i < 8; i++) {
      w = await p.widgets();
      if ((w.find((x) => x.focused) || {}).label === 'Skiddy') break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    s = await p.waitFor((x) => x.game === 'skiddy' && !x.work.job, 'Skiddy chosen from the keyboard (its level made)', 60000);
    for (let i = 0; i < 30 && (at.label !== 'Generate' || at.kind !== 'button'); i++) {
      await page.keyboard.press('Tab');
      at = (await p.widgets()).find((x) => x.focused) || at;
    }
    check(at.label === 'Generate', `Tab never reached Generate (last: ${at.label})`);
    await page.keyboard.press('Enter');
    s = await p.waitFor((x) => x.game === 'skiddy' && !x.work.job && /same seed and settings/.test(x.note),
      'Generate pressed from the keyboard (the same seed: the same level, the note says)', 60000);
    // Shift+Tab goes back.
    await page.keyboard.press('Shift+Tab');
    const back = (await p.widgets()).find((x) => x.focused);
    check(back && back.label !== 'Generate', `Shift+Tab stayed on ${back && back.label}`);
    // Esc: the board has the keys; an arrow plays.
    await page.keyboard.press('Escape');
    s = await p.waitFor((x) => !x.keys_on_panels, 'the keys back on the board');
    check(!(await p.widgets()).some((x) => x.focused), 'a widget still framed on the board');
    const moves = await page.evaluate((t) => window.tilelab.api.solve('skiddy', t), s.start);
    await page.keyboard.press(arrows[moves.moves.split(' ')[0]]);
    await p.waitFor((x) => x.move_count === 1, 'an arrow played on the board');
    await p.shot('keyboard.png');
  });

  await r.test('? opens the help and closes it, as the help and the README say', async () => {
    await fresh();
    await page.keyboard.press('?');
    await p.waitFor((x) => x.help, 'the help open');
    check(/Tab/.test((await p.state()).help_text), 'the help does not say how to reach the panels from the keyboard');
    await page.keyboard.press('?');
    await p.waitFor((x) => !x.help, 'the help closed');
  });

  // [SECTION] Pasting and packs, history
  await r.test('a pasted Numberlink stream opens as a pack, on the page and in the level box, its first level on the board', async () => {
    await fresh();
    await page.evaluate((t) => navigator.clipboard.writeText(t), stream);
    await page.keyboard.press('Control+v');
    let s = await p.waitFor((x) => x.pack && x.pack.count === 3, 'the pack of three');
    check(s.game === 'flow' && s.pack.current === 1, `the board shows ${s.game}, the pack's level ${s.pack.current}`);
    check(/3 Flow levels/.test(s.note), `note: ${s.note}`);
    const level1 = await p.get('Level 1');
    check(level1 && level1.visible, 'the pack\'s list is not in view');
    // The level box: the stream pasted into it, then Open level text.
    await fresh();
    await p.open('Share', 'Copy link');
    await p.click('Level text to open', { kind: 'input' });
    await page.keyboard.press('Control+v');
    await p.click('Open level text');
    s = await p.waitFor((x) => x.pack && x.pack.count === 3, 'the pack of three from the level box');
    check(s.message === '' && s.game === 'flow' && s.pack.current === 1, `${s.message}; ${s.game} ${s.pack.current}`);
  });

  await r.test('Make pack shows the pack\'s first level on the board, its list in view', async () => {
    await fresh('#game=lastball&seed=visit-pack&size=6x5&balls=3');
    const before = await p.state();
    await p.open('Pack', 'Make pack');
    await p.type('Levels', '3');
    await page.keyboard.press('Enter');
    await p.click('Make pack');
    const s = await p.waitFor((x) => x.pack && x.pack.count === 3 && !x.work.job, 'the pack', 60000);
    check(s.pack.current === 1 && s.start !== before.start, `the board shows the pack's level ${s.pack.current}`);
    const level1 = await p.get('Level 1');
    check(level1 && level1.whole, `the pack's list is below the fold: ${JSON.stringify(level1)}`);
  });

  await r.test('Back and Forward walk the levels shown, and Back from the first leaves the page', async () => {
    await fresh();
    const links = [(await p.state()).link];
    await p.open('New level', 'Seed');
    for (let i = 0; i < 3; i++) {
      await p.click('New seed', { kind: 'button' });
      const s = await p.waitFor((x) => x.link !== links[links.length - 1] && !x.work.job, `level ${i + 2}`, 30000);
      links.push(s.link);
    }
    for (let i = links.length - 2; i >= 0; i--) {
      await page.goBack();
      const s = await p.waitFor((x) => x.link === links[i] && !x.work.job, `Back to level ${i + 1}`, 30000);
      check(page.url().endsWith(links[i]), `the address ${page.url()} for level ${i + 1}`);
      check(s.message === '', s.message);
    }
    for (let i = 1; i < links.length; i++) {
      await page.goForward();
      await p.waitFor((x) => x.link === links[i] && !x.work.job, `Forward to level ${i + 1}`, 30000);
    }
    for (let i = links.length - 2; i >= 0; i--) {
      await page.goBack();
      await p.waitFor((x) => x.link === links[i] && !x.work.job, `Back again to level ${i + 1}`, 30000);
    }
    await page.goBack();
    check(!page.url().startsWith(base), `Back from the first level stayed on the page: ${page.url()}`);
  });

  // [SECTION] Offline, installing, a new build
  await r.test('installable, and offline a reload plays, generates, makes a pack and searches seeds', async () => {
    await fresh();
    await page.waitForFunction(() => window.tilelab.offline === 'ready', null, { timeout: 60000 });
    // Served without isolation: the engine with threads is never asked for, nor kept.
    check(await kept(page, 'tilelab_web.wasm') && !(await kept(page, 'tilelab_threads.wasm')), 'the files kept for offline use');
    const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
    check(manifest.name && manifest.start_url && manifest.theme_color && manifest.icons.some((i) => i.sizes === '512x512'),
      `the manifest: ${JSON.stringify(manifest)}`);
    const icon = await page.evaluate(async (src) => (await fetch(src)).status, manifest.icons[0].src);
    check(icon === 200, `the icon ${manifest.icons[0].src}: ${icon}`);
    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.evaluate(() => window.tilelab.ready.then(() => true));
      let s = await p.waitFor((x) => x.ready && x.level, 'the page with no network');
      check(await arrowMoves(), 'offline: an arrow key moved nothing');
      await p.open('New level', 'Seed');
      await p.click('New seed', { kind: 'button' });
      s = await p.waitFor((x) => x.seed !== s.seed && !x.work.job && x.level, 'offline: a level made', 60000);
      check(s.message === '', `offline: ${s.message}`);
      await p.open('Pack', 'Make pack');
      await p.type('Levels', '3');
      await page.keyboard.press('Enter');
      await p.click('Make pack');
      s = await p.waitFor((x) => x.pack && x.pack.count === 3 && !x.work.job, 'offline: a pack', 60000);
      await p.type('Seeds 2', '6');
      await page.keyboard.press('Enter');
      await p.type('Keep', '2');
      await page.keyboard.press('Enter');
      await p.click('Search seeds');
      s = await p.waitFor((x) => x.pack && x.pack.count === 2 && !x.work.job && /seeds: 6 tried/.test(x.pack.text),
        'offline: a search of 6 seeds keeping 2', 60000);
    } finally {
      await page.context().setOffline(false);
    }
  });

  await r.test('where service workers are unavailable the page still plays and makes levels', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    try {
      await other.goto(base + '#game=lastball&seed=visit-nosw&size=6x5&balls=3');
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      const q = person(other);
      let s = await q.waitFor((x) => x.ready && x.level, 'the page');
      check(await other.evaluate(() => window.tilelab.offline) === 'unavailable', 'it says it keeps files offline');
      await q.open('New level', 'Seed');
      await q.click('New seed', { kind: 'button' });
      s = await q.waitFor((x) => x.seed !== 'visit-nosw' && !x.work.job, 'a level made', 60000);
      check(s.message === '' && s.level, s.message);
    } finally {
      await context.close();
    }
  });

  await r.test('Copy link where the browser keeps the clipboard from the page says so, and where the link is', async () => {
    // Served over plain http by a name (not this machine's loopback): no clipboard.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    try {
      await other.goto(insecureBase + '#game=lastball&seed=visit-no-clipboard');
      check(await other.evaluate(() => !window.isSecureContext && !navigator.clipboard), 'the page is a secure origin');
      const q = person(other);
      await q.waitFor((x) => x.ready && x.level && !x.work.job, 'the page');
      await q.open('Share', 'Copy link');
      await q.click('Copy link');
      const s = await q.waitFor((x) => !!x.page_note, 'the copy\'s note');
      check(/^Could not copy the link/.test(s.page_note) && /address bar/.test(s.page_note), `the note: ${s.page_note}`);
    } finally {
      await context.close();
    }
  });

  // A copy of the site on a server of its own, whose build is then replaced:
  // the load after says the new build is installed (and the page goes on
  // with its own), the one after that runs it. early: the page's module is
  // held until the new build has taken over, as on a busy machine where the
  // browser's own look for a new build, as the page loads, ends first (a CI
  // run saw the page miss it).
  const newBuild = async (early) => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'tilelab-site-'));
    for (const f of fs.readdirSync(path.join(root, 'build/web/site'))) fs.copyFileSync(path.join(root, 'build/web/site', f), path.join(site, f));
    const own = await serveSite(site, { 'Cache-Control': 'no-cache' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    if (early)
      await other.addInitScript(() => {
        if (!sessionStorage.getItem('hold the module')) return;
        sessionStorage.removeItem('hold the module');
        const workers = navigator.serviceWorker;
        const tookOver = new Promise((resolve) => workers.addEventListener('controllerchange', resolve, { once: true }));
        workers.getRegistration().then((r) => r.update());
        for (const name of ['compileStreaming', 'compile']) {
          const compile = WebAssembly[name];
          WebAssembly[name] = (...args) => tookOver.then(() => compile.apply(WebAssembly, args));
        }
      });
    try {
      await other.goto(`http://127.0.0.1:${own.address().port}/`);
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      await other.waitForFunction(() => window.tilelab.offline === 'ready', null, { timeout: 60000 });
      const q = person(other);
      const old = await other.evaluate(() => self.tilelabBuild);
      const next = 'next' + old.slice(4);
      for (const f of ['build.js', 'service-worker.js'])
        fs.writeFileSync(path.join(site, f), fs.readFileSync(path.join(site, f), 'utf8').replaceAll(old, next));
      if (early) await other.evaluate(() => sessionStorage.setItem('hold the module', '1'));
      // This load is the old build's; the new one installs meanwhile and says when.
      await other.reload();
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      let s = await q.waitFor((x) => x.ready && /new build of tilelab is installed: the next load runs it/.test(x.note),
        'the page to say a new build is installed', 60000);
      check(await other.evaluate(() => self.tilelabBuild) === old, 'the page changed build while open');
      check(await other.evaluate(() => window.tilelab.offline) === 'ready', 'the page does not say it is ready offline');
      await other.reload();
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      s = await q.waitFor((x) => x.ready && /new build of tilelab: it took over on this load/.test(x.note), 'the new build to say so');
      check(await other.evaluate(() => self.tilelabBuild) === next, 'the next load ran the old build');
      check(await q.play('lastball', (await other.evaluate((t) => window.tilelab.api.solve('lastball', t), s.start)).moves.split(' ')[0]),
        'the new build does not play');
    } finally {
      await context.close();
      own.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  };
  await r.test('a new build takes over on the next load and says so', () => newBuild(false));
  await r.test('a new build that took over before the page\'s module was up is said all the same', () => newBuild(true));

  // [SECTION] The smaller findings: names, cut links, dead ends, progress, drags, the phone
  await r.test('every board names its cells on hover: Golf Peaks\' tiles by the palette\'s words, with their heights', async () => {
    const text = '3x3\n0,left 0,flag 0\n1 1 0\n0 0,ball 0\n\n1- 1- 3-\n';
    await fresh();
    const link = await page.evaluate((t) => window.tilelab.api.levelLink('golf', t).link, text);
    await fresh(link);
    const named = async (x, y) => {
      const [px, py] = await p.cell(x, y);
      await page.mouse.move(px, py);
      await page.mouse.move(px + 1, py);
      return (await p.waitFor((st) => st.tooltip !== '' && st.frames_pending === 0, `the name of cell ${x},${y}`)).tooltip;
    };
    check(await named(0, 0) === 'slope left', 'the slope');
    check(await named(1, 0) === 'flag (the hole)', 'the flag');
    check(await named(0, 1) === 'ground, height 1', 'the raised ground');
    check(await named(1, 2) === 'ball', 'the ball');
    for (const [game, want] of [['skiddy', /block|floor|goal|skiddy|pit|crate|ice/], ['penguin', /ice|wall|tree|snow|picks|finish|penguin|treadmill|bridge|door/],
      ['lastball', /empty|ball/], ['flow', /empty|dot/]]) {
      await fresh(`#game=${game}&seed=visit-names`);
      const name = await named(0, 0);
      check(want.test(name), `${game}: cell 0,0 named '${name}'`);
    }
  });

  await r.test('a link cut short says it looks cut off', async () => {
    await fresh();
    const link = await page.evaluate(() => window.tilelab.api.levelLink('lastball', 'o.....\n......\n@....o\no.....\n').link);
    await page.goto(base + link.slice(0, link.length - 5));
    await page.evaluate(() => window.tilelab.ready.then(() => true));
    const s = await p.waitFor((x) => x.ready && x.message !== '', 'the message');
    check(/looks cut off/.test(s.message) && !/size|rows/.test(s.message), `message: ${s.message}`);
  });

  await r.test('the first dead end shown is said beside the board, and an edit that removes the flag leaves no stale figures', async () => {
    await fresh();
    const link = await page.evaluate(() => window.tilelab.api.levelLink('lastball', 'o.....\n......\n@....o\no.....\n').link);
    await fresh(link);
    await p.open('Analysis', 'Analyze this position');
    await p.click('Analyze this position');
    await p.waitFor((x) => !x.analysing && x.dead_end !== '', 'the analysis');
    await p.click('Show the first dead end');
    let s = await p.waitFor((x) => /^Shown: the first dead end/.test(x.board_notice), 'the note above the board');
    // Edit: the level's text without its flag (a Golf Peaks level).
    const golf = await page.evaluate(() => window.tilelab.api.levelLink('golf', '3x1\n0,ball 0 0,flag\n\n2-\n').link);
    await fresh(golf);
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    await p.open('Analysis', 'Analyze this position');
    await p.waitFor((x) => !x.analysing && x.analysis_table.some((row) => row.label === 'solvable' && row.value === 'yes'), 'the edit analysed');
    const edited = '3x1\n0,ball 0 0\n\n2-\n';
    await p.type('Level text', edited);
    // Every key in the box first: the text part-typed (no cards yet) does not read either.
    s = await p.waitFor((x) => x.editor.text === edited && !x.analysing && /does not read/.test(x.analysis_status) && x.analysis_table.length === 0,
      'the analysis of the edited text', 30000);
    check(/flag/.test(s.analysis_status), `the analysis says: ${s.analysis_status}`);
  });

  await r.test('two Enters typed faster than a frame both break a line of the level text (the second was lost)', async () => {
    await fresh();
    const golf = await page.evaluate(() => window.tilelab.api.levelLink('golf', '3x1\n0,ball 0 0,flag\n\n2-\n').link);
    await fresh(golf);
    await p.open('Edit', 'Edit this level');
    await p.click('Edit this level');
    await p.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
    await p.type('Level text', '3x1\n0,ball 0 0,flag');
    const enter = { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' };
    await p.keysAtOnce([enter, enter]);
    await page.keyboard.type('2-', { delay: 15 });
    const s = await p.waitFor((x) => x.editor.text.endsWith('2-'), 'the cards typed');
    check(s.editor.text === '3x1\n0,ball 0 0,flag\n\n2-', `the level text: ${JSON.stringify(s.editor.text)}`);
    check(s.editor.error === '', `the level text does not read: ${s.editor.error}`);
  });

  await r.test('Generate shows its progress as layouts tried', async () => {
    await fresh('#game=skiddy&seed=visit-progress');
    await p.waitFor((x) => x.game === 'skiddy' && !x.work.job, 'the level', 60000);
    await p.open('New level', 'Seed');
    // A band no layout reaches at once (every one of its 400 is tried): its
    // lower end dragged to the top.
    const w = await p.find('Difficulty from', { kind: 'slider' });
    await page.mouse.move(w.x + w.w / 2, w.y + w.h / 2);
    await page.mouse.down();
    await page.mouse.move(w.x + w.w + 300, w.y + w.h / 2, { steps: 5 });
    await page.mouse.up();
    await p.type('Seed', 'visit-progress-2');
    await p.click('Generate', { kind: 'button' });
    const s = await p.waitFor((x) => /^\d+ of at most \d+ layouts tried/.test((x.generate || {}).progress || ''), 'the bar of layouts tried', 60000);
    await p.click('Cancel', { kind: 'button' });
    await p.waitFor((x) => !x.work.job, 'cancelled');
    check(+/^(\d+)/.exec(s.generate.progress)[1] >= 1, s.generate.progress);
  });

  await r.test('a quick Flow drag, pressed and moved within a frame, draws its whole line', async () => {
    await fresh();
    const link = await page.evaluate(() => window.tilelab.api.levelLink('flow', 'a...a\n').link);
    await fresh(link);
    const [x0, y0] = await p.cell(0, 0), [x1, y1] = await p.cell(4, 0);
    await page.mouse.move(x0, y0);
    await page.evaluate(([a, b, c, d]) => {
      // Press, one move four cells on and the release, in one task: the page
      // reads them in one frame, as a quick flick comes.
      const canvas = document.getElementById('canvas');
      const ev = (type, x, y, buttons) => new MouseEvent(type, { clientX: x, clientY: y, button: 0, buttons, bubbles: true });
      canvas.dispatchEvent(ev('mousedown', a, b, 1));
      canvas.dispatchEvent(ev('mousemove', c, d, 1));
      canvas.dispatchEvent(ev('mouseup', c, d, 0));
    }, [x0, y0, x1, y1]);
    const s = await p.waitFor((x) => x.status === 'won' || (x.frames_pending === 0 && x.moves !== ''), 'the line drawn');
    check(s.status === 'won', `the flick drew ${s.moves}: ${s.status}`);
  });

  await r.test('on a phone: the status speaks of taps, whole; a long press names a cell and plays nothing; Play is under the board in Edit mode ', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const tab = await phone.newPage();
    tab.on('pageerror', (e) => consoleErrors.push(String(e)));
    const f = person(tab, { touch: true, shots });
    const open = async (hash) => {
      await tab.goto('about:blank');
      await tab.goto(base + hash);
      await tab.evaluate(() => window.tilelab.ready.then(() => true));
      return f.waitFor((x) => x.ready && x.level && !x.work.job, 'the level', 60000);
    };
    try {
      for (const game of ['lastball', 'penguin', 'skiddy', 'golf', 'flow']) {
        await open(`#game=${game}&seed=visit-phone`);
        const status = (await f.widgets()).find((w) => w.kind === 'text' && w.window === 'Toolbar');
        check(status && status.label, `${game}: no status under the toolbar`);
        check(!/Arrows|WASD|1-9|click|key/i.test(status.label), `${game}: the status names keys: ${status.label}`);
        check(!/\.\.\.$|…$/.test(status.label), `${game}: the status is cut: ${status.label}`);
      }
      // A long press on a Golf Peaks slope: its name, and no card played.
      const text = '3x3\n0,left 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1- 3-\n';
      const link = await tab.evaluate((t) => window.tilelab.api.levelLink('golf', t).link, text);
      await open(link);
      const [x, y] = await f.cell(0, 0);
      const during = await f.longPress({ x: x - 2, y: y - 2, w: 4, h: 4, label: 'cell 0,0' });
      check(during.tooltip === 'slope left', `a long press on the slope showed '${during.tooltip}'`);
      let s = await f.drawn();
      check(s.move_count === 0 && s.moves === '', `a long press played ${s.moves}`);
      // Edit mode: the toolbar's Play plays the edited level; the board's line names it.
      await f.open('Edit', 'Edit this level');
      await f.click('Edit this level');
      s = await f.waitFor((x) => x.editor && x.editor.active, 'Edit mode');
      const play = await f.get('Play', 'button');
      check(play && play.window === 'Toolbar' && play.whole, `no Play under the board: ${JSON.stringify(play)}`);
      await f.click('Play', { kind: 'button' });
      await f.waitFor((x) => x.editor && !x.editor.active, 'the edited level played');
    } finally {
      await phone.close();
    }
  });

  // [SECTION] Served cross-origin isolated: the engine with threads
  await r.test('served cross-origin isolated (as scripts/serve.py serves it), Analyze this position takes a second thread and shows what one thread shows', async () => {
    // Skiddy's bench level: a graph wide enough for two threads (1.28 M states).
    await fresh();
    const games = await page.evaluate(() => window.tilelab.api.listGames());
    const level = games.find((g) => g.id === 'skiddy').bench_level;
    const { link } = await page.evaluate((t) => window.tilelab.api.levelLink('skiddy', t), level);
    const hash = link.slice(link.indexOf('#'));
    // Analyze this position clicked; the worker's answer to it, and what the panel shows.
    const analyse = async (q, at) => {
      const { state, last } = await q.analyze();
      return { analysis: state.analysis, threads: last.threads, teamJobs: last.teamJobs,
               ...(await at.evaluate(() => ({ isolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency }))) };
    };
    // As most static hosts serve it (no isolation headers): one thread.
    await fresh(hash);
    const one = await analyse(p, page);
    check(!one.isolated && one.threads === 1, `the plain page: ${JSON.stringify(one)}`);
    const own = await serveSite(path.join(root, 'build/web/site'), isolation);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    other.on('pageerror', (e) => consoleErrors.push(String(e)));
    other.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    try {
      await other.goto(`http://127.0.0.1:${own.address().port}/${hash}`);
      await other.evaluate(() => window.tilelab.ready.then(() => true));
      const q = person(other);
      await q.waitFor((x) => x.ready && x.level && x.game === 'skiddy', 'the level in the isolated page');
      const two = await analyse(q, other);
      check(two.isolated && two.threads === (two.cores >= 2 ? 2 : 1), `the isolated page: ${JSON.stringify({ ...two, analysis: '' })}`);
      // The helper thread took part (the team's judge may then go on alone: the same answer).
      check(two.threads === 1 || two.teamJobs > 0, `no job on both threads: ${JSON.stringify({ ...two, analysis: '' })}`);
      check(/states:\s+1280052/.test(two.analysis), `the analysis: ${two.analysis}`);
      check(two.analysis === one.analysis, `two threads say\n${two.analysis}\none says\n${one.analysis}`);
      // A second analysis on the same worker (its helper thread kept): the same again.
      const again = await analyse(q, other);
      check(again.analysis === one.analysis && again.threads === two.threads, `the second: ${again.analysis}`);
      check(two.threads === 1 || again.teamJobs > two.teamJobs, `the second analysis ran no job on both threads: ${again.teamJobs}`);
      // Kept for offline use with the rest, and offline the same again.
      await other.waitForFunction(() => window.tilelab.offline === 'ready', null, { timeout: 60000 });
      check(await kept(other, 'tilelab_threads.wasm') && await kept(other, 'tilelab_threads.worker.js'), 'the engine with threads not kept');
      await context.setOffline(true);
      try {
        await other.reload();
        await other.evaluate(() => window.tilelab.ready.then(() => true));
        await q.waitFor((x) => x.ready && x.level && x.game === 'skiddy' && !x.work.job, 'the level offline');
        const offline = await analyse(q, other);
        check(offline.isolated && offline.threads === two.threads && offline.analysis === one.analysis,
          `offline: ${JSON.stringify({ ...offline, analysis: '' })}`);
      } finally {
        await context.setOffline(false);
      }
    } finally {
      await context.close();
      own.close();
    }
  });

  await r.test('served cross-origin isolated with a file of the engine with threads missing, the page analyses on one thread all the same', async () => {
    // A copy of the site on a server of its own, isolated, without the
    // helper thread's script, then without the engine's own script (a host
    // that did not take every file).
    for (const missing of ['tilelab_threads.worker.js', 'tilelab_threads.js']) {
      const site = fs.mkdtempSync(path.join(os.tmpdir(), 'tilelab-site-'));
      for (const f of fs.readdirSync(path.join(root, 'build/web/site')))
        if (f !== missing) fs.copyFileSync(path.join(root, 'build/web/site', f), path.join(site, f));
      const own = await serveSite(site, isolation);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const other = await context.newPage();
      const warned = [];
      other.on('console', (m) => { if (m.type() === 'warning') warned.push(m.text()); });
      try {
        await other.goto(`http://127.0.0.1:${own.address().port}/`);
        await other.evaluate(() => window.tilelab.ready.then(() => true));
        const q = person(other);
        const s = await q.waitFor((x) => x.ready && x.level && !x.work.job, `the first level without ${missing}`, 60000);
        check(await other.evaluate(() => self.crossOriginIsolated), 'not isolated');
        const { state: done, last } = await q.analyze(60000);
        check(/solvable/.test(done.analysis) && last.threads === 1, `without ${missing}: ${JSON.stringify(last)}\n${done.analysis}`);
        check(s.message === '' && done.message === '', `a message: '${done.message}'`);
        check(warned.some((t) => /engine with threads/.test(t)), `no warning said so: ${warned.join(' | ')}`);
      } finally {
        await context.close();
        own.close();
        fs.rmSync(site, { recursive: true, force: true });
      }
    }
  });

  await r.test('the page logged no console errors', async () => {
    check(consoleErrors.length === 0, consoleErrors.join('\n'));
  });
} finally {
  await browser.close();
  server.close();
}
console.log(`browser (visit): ${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);
