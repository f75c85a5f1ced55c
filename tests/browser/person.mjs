// Using the page as a person does: widgets found by the label on screen
// (tilelab.widgets(): the items of the last drawn frame) and used with real
// mouse, keyboard and touch events. tilelab.command() sets a scene in the
// tests; a step under test goes through these.
import fs from 'node:fs';
import path from 'node:path';

// A test run: named checks, a line each, and the total.
export function runner() {
  const r = { passed: 0, failed: 0 };
  // ONLY=pattern runs the tests whose names match it (while fixing one).
  const only = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null;
  r.test = async (name, fn) => {
    if (only && !only.test(name)) return;
    const t0 = Date.now(), took = () => `(${((Date.now() - t0) / 1000).toFixed(1)} s)`;
    try { await fn(); r.passed++; console.log(`ok   ${name} ${took()}`); }
    catch (e) { r.failed++; console.log(`FAIL ${name} ${took()}\n     ${e.message}`); }
  };
  return r;
}
export function check(cond, message) { if (!cond) throw new Error(message); }

// The least half-length of a scrolling swipe: its first of 8 steps moves
// the finger 5 px, past the 4 px a resting finger may stray (web/touch.cpp's
// kRest), so however late the page reads it, it is never a long press.
const kLeastReach = 20;

// Whether widget w has this label (a string or a pattern) and kind (any when null).
const matches = (w, label, kind) => (label instanceof RegExp ? label.test(w.label) : w.label === label) &&
  (!kind || w.kind === kind);
const centre = (w) => [w.x + w.w / 2, w.y + w.h / 2];
// Where the labelled widgets lie: the same after a scroll that moved nothing.
const where = (all) => JSON.stringify(all.filter((x) => x.label).map((x) => [x.label, Math.round(x.y)]));

// A person at the page: a mouse and a keyboard, or (touch) a finger;
// `shots`: the folder screenshots go to (none when null).
class Person {
  #touch;
  #shots;
  #cdp = null;

  constructor(page, touch, shots) {
    this.page = page;
    this.#touch = touch;
    this.#shots = shots;
  }

  // The DevTools session that sends touch events (and text written as a
  // phone's keyboard writes it), opened the first time.
  async #touchSession() {
    if (!this.#cdp) this.#cdp = await this.page.context().newCDPSession(this.page);
    return this.#cdp;
  }

  // What the page reports of itself (tilelab.state()).
  state() { return this.page.evaluate(() => window.tilelab.state()); }

  // The state once pred holds of it, asked every 30 ms; after `ms`, an
  // error naming `what` was waited for.
  async waitFor(pred, what, ms = 15000) {
    const t0 = Date.now();
    for (;;) {
      const s = await this.state();
      if (pred(s)) return s;
      if (Date.now() - t0 > ms) {
        // The state without its long texts (a pack's file, the analysis), so what matters fits.
        const brief = JSON.stringify({ ...s, pack: s.pack && { ...s.pack, text: undefined }, analysis: undefined });
        throw new Error(`timed out waiting for ${what}; state: ${brief.slice(0, 2500)}`);
      }
      await this.page.waitForTimeout(30);
    }
  }

  // The state once the page has drawn everything done so far: its widget
  // list is then what is on screen.
  async drawn() {
    await this.page.waitForTimeout(20);
    const s0 = await this.state();
    if (s0.frames_pending === 0) return s0;
    // Drawing all the time (an animation, the device's screen): two frames on.
    return this.waitFor((x) => x.frames_pending === 0 || x.frames >= s0.frames + 2, 'the page to draw what was done');
  }

  async widgets() { await this.drawn(); return this.page.evaluate(() => window.tilelab.widgets()); }
  async duplicates() { await this.drawn(); return this.page.evaluate(() => window.tilelab.duplicateIds()); }

  // With a finger: the panels scrolled toward what is below their visible
  // part (the finger going up) or above, by a slow swipe at x across its
  // middle (top to bottom: a phone's panels may be short, under a tall
  // board), at most `most` px each way.
  #scrollSwipe(x, top, bottom, most, below) {
    const mid = (top + bottom) / 2, reach = Math.max(kLeastReach, Math.min(most, (bottom - top) / 2 - 8));
    // Four steps: each touch event waits for the page to take it (a frame
    // of its own under a software renderer), so more only cost time.
    return this.swipe(x, below ? mid + reach : mid - reach, x, below ? mid - reach : mid + reach, 4, true);
  }

  // Widget w, found off its panel's visible part or cut by its edge,
  // brought in: a wheel over its window with a mouse, a swipe with a finger.
  async #scrollToward(w) {
    const page = this.page;
    const vh = page.viewportSize().height;
    // Above its window's visible part (a phone's panels start halfway down the page): go up.
    const up = w.clip_top !== undefined ? w.y < w.clip_top
      : w.y < 0 || (w.y < vh / 2 && !w.visible) || (w.visible && w.y < vh / 3);
    if (this.#touch) {
      // Within its window's visible part (a phone's panels may be short, under a tall board).
      const top = w.clip_top !== undefined ? w.clip_top : vh / 2, bottom = w.clip_bottom !== undefined ? w.clip_bottom : vh;
      // As far as it lies outside (and a little more), up to half the visible part a swipe.
      const outside = up ? top - w.y : w.y + w.h - bottom;
      await this.#scrollSwipe(w.x + 10, top, bottom, Math.max(90, outside + 24), !up);
    }
    else {
      await page.mouse.move(w.x + w.w / 2, Math.min(Math.max(w.y, 40), vh - 40));
      await page.mouse.wheel(0, up ? -200 : 200);
    }
  }

  // A widget not drawn at all: ImGui names no widget below its window's
  // edge. The panel scrolled down (the `downs`th time; after 8, back up) to
  // meet it; false when nothing with a label is on screen to scroll by.
  async #scrollToMeet(all, downs) {
    const page = this.page;
    // With a finger, the panels' (a swipe elsewhere could play the board).
    const shown = all.filter((x) => x.label && x.whole && (!this.#touch || x.window === 'tilelab'));
    const last = shown[shown.length - 1];
    if (!last) return false;
    const dir = downs <= 8 ? 1 : -1;
    // (Half the visible part a swipe: what is not drawn at all lies below the window's edge.)
    if (this.#touch) await this.#scrollSwipe(last.x + 10, last.clip_top, last.clip_bottom, Infinity, dir > 0);
    else {
      await page.mouse.move(last.x + 10, last.y + last.h / 2);
      await page.mouse.wheel(0, dir * 300);
    }
    return true;
  }

  // The widget with this label (and kind), scrolled into view: a wheel over
  // its window with a mouse, a swipe with a finger.
  async find(label, { kind = null, ms = 10000 } = {}) {
    const t0 = Date.now();
    for (let scrolls = 0, downs = 0; ; ) {
      const all = await this.widgets();
      const w = all.find((x) => matches(x, label, kind));
      if (w && w.whole && w.w > 0 && w.h > 0) return w;
      if (w && scrolls < 30) {
        // Off the panel's visible part, or cut by its edge: bring it in.
        scrolls++;
        await this.#scrollToward(w);
        continue;
      }
      if (!w && downs < 12 && Date.now() - t0 > 400) {
        // Not drawn at all: scroll the panel down (then back up) to meet it;
        // up at once when down moved nothing (the panels at their end: eight
        // swipes there took 20 s on a phone).
        downs++;
        const before = where(all);
        if (await this.#scrollToMeet(all, downs)) {
          if (downs <= 8 && where(await this.widgets()) === before) downs = 8;
          continue;
        }
      }
      if (Date.now() - t0 > ms) {
        throw new Error(`no widget '${label}'${kind ? ` (${kind})` : ''}; on screen: ` +
          all.filter((x) => x.label).map((x) => `${x.label} (${x.kind})`).join(', '));
      }
      await this.page.waitForTimeout(50);
    }
  }

  async has(label, kind = null) { return (await this.widgets()).some((x) => matches(x, label, kind) && x.visible); }
  async get(label, kind = null) { return (await this.widgets()).find((x) => matches(x, label, kind)); }

  // A click with the mouse, or a tap with a finger.
  async click(label, opts = {}) {
    const w = await this.find(label, opts);
    const [x, y] = centre(w);
    if (this.#touch) await this.page.touchscreen.tap(x, y);
    else await this.page.mouse.click(x, y);
    return w;
  }

  // Opens a panel's header if it is closed (the header says), then finds its first widget.
  async open(header, firstWidget) {
    if (!(await this.find(header, { kind: 'header' })).open) await this.click(header, { kind: 'header' });
    return this.find(firstWidget);
  }

  // The text box with this label, once a frame has seen the click or tap
  // on it: it then takes the keys (a Ctrl+A before that selects nothing, and
  // the text goes where the click was).
  async taking(label) {
    for (const t0 = Date.now(); ;) {
      const w = await this.get(label, 'input');
      if (w?.active) return w;
      if (Date.now() - t0 > 10000) throw new Error(`the text box '${label}' never took the keys`);
      await this.page.waitForTimeout(20);
    }
  }

  // Types into a text box: click it, select what is there (Ctrl+A), type.
  async type(label, text) {
    await this.click(label, { kind: 'input' });
    await this.taking(label);
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.type(text, { delay: 15 });
    await this.drawn();
  }

  // Keys typed faster than the page draws, as a quick typist's two Enters
  // may land between two frames: each key's press and release sent at once,
  // none waiting for the one before. `keys`: [{key, code, keyCode}], e.g.
  // the Enter key twice.
  async keysAtOnce(keys) {
    const cdp = await this.#touchSession();
    const events = [];
    for (const k of keys) {
      const base = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, nativeVirtualKeyCode: k.keyCode };
      events.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...base, text: k.text }));
      events.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base }));
    }
    await Promise.all(events);
    await this.drawn();
  }

  // Text written as a phone's keyboard or an input method (an IME,
  // dictation, an emoji picker) writes it: into the focused field, with no
  // key events (DevTools' Input.insertText). `composing`: a word being made
  // is shown first (not yet written), then replaced by the text.
  async write(text, composing = '') {
    const cdp = await this.#touchSession();
    if (composing) await cdp.send('Input.imeSetComposition', { text: composing, selectionStart: composing.length, selectionEnd: composing.length });
    await cdp.send('Input.insertText', { text });
  }

  // A combo's choice: open it, pick the item.
  async choose(combo, item) {
    await this.click(combo, { kind: 'combo' });
    await this.click(item);
  }

  // A finger's swipe from (x0, y0) to (x1, y1) (Chromium's touch events).
  // `settle`: the finger rests at the end until the page has drawn it there
  // (a drag whose last place counts, as a slider's: ImGui reads the finger
  // once a frame, and one lifted in the frame it got there is read up).
  async swipe(x0, y0, x1, y1, steps = 8, slow = false, settle = false) {
    const cdp = await this.#touchSession();
    const point = (x, y) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) });
    await this.page.waitForTimeout(slow ? 50 : 20);
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove', touchPoints: point(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) });
      await this.page.waitForTimeout(slow ? 40 : 16);
    }
    if (settle) await this.drawn();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await this.page.waitForTimeout(40);
  }

  // A finger held on a widget for `ms`, then lifted; what the page showed while it was down.
  // label: a widget's label, or the widget itself (as tilelab.widgets() gives it).
  async longPress(label, ms = 700) {
    const cdp = await this.#touchSession();
    const w = typeof label === 'object' && !(label instanceof RegExp) ? label : await this.find(label);
    const [x, y] = centre(w);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: Math.round(x), y: Math.round(y), id: 1 }] });
    await this.page.waitForTimeout(ms);
    const during = await this.drawn();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await this.page.waitForTimeout(150);
    return during;
  }

  // The board's cell (x, y) centre, from the layout the page reports.
  async cell(x, y) {
    const s = await this.drawn();
    const b = s.board;
    const rowShift = b.hex && (y & 1) ? 0.5 : 0;
    return [b.x + (x + 0.5 + rowShift) * b.cell, b.y + (y + 0.5) * b.row];
  }

  // A move on the board a person makes: a swipe from the middle of the board
  // (a finger) or an arrow key (a keyboard).
  async direction(d) {
    if (this.#touch) {
      const s = await this.drawn();
      const w = this.page.viewportSize().width;
      const cx = w / 2, cy = s.board.y + Math.min(150, s.board.cell * 2);
      const [dx, dy] = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] }[d];
      await this.swipe(cx, cy, cx + dx * 90, cy + dy * 90, 6);
    } else {
      await this.page.keyboard.press({ U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' }[d]);
    }
  }

  // Plays a solution written as the game writes moves, as a person would:
  // directions (a swipe or an arrow key), Golf Peaks' cards (a click or tap
  // on the card, then a direction), Flow's lines (a drag, by mouse or finger,
  // through each cell). Each move waits for its effect.
  async play(game, moves) {
    const steps = game === 'flow' ? moves.split('+').filter((x) => x.trim()) : moves.split(' ').filter((x) => x);
    for (const step of steps) {
      const before = await this.drawn();
      if (game === 'flow') {
        const cells = step.trim().split(' ').map((c) => c.split(',').map((v) => Number(v) - 1));
        await this.stroke(cells);
      } else if (game === 'golf') {
        await this.#playCard(step);
      } else {
        await this.direction(step);
      }
      await this.waitFor((x) => x.moves !== before.moves || x.status !== before.status, `the move ${step.slice(0, 40)}`);
    }
    return this.drawn();
  }

  // A Golf Peaks move: its card chosen in the hand, then its arrow.
  async #playCard(step) {
    // Golf Peaks writes a move's arrow as the key pressed on the board as drawn.
    const arrows = { '\u2191': 'U', '\u2192': 'R', '\u2193': 'D', '\u2190': 'L' };
    const card = step.slice(0, -1);
    const label = (await this.widgets()).find((w) => w.kind === 'button' && w.label.startsWith(card + ' x'));
    check(label, `no card ${card} in the hand`);
    await this.click(label.label);
    // The card the page holds (its hand: "1-x2 2/x0 ..."), not just a frame: a
    // click the page has not yet taken would leave the arrow to the card before.
    await this.waitFor((x) => (x.hand.split(' ')[x.card] || '').startsWith(card + 'x'), `the card ${card} chosen`);
    await this.direction(arrows[step.slice(-1)]);
  }

  // A line drawn through cells, pressed on the first and released on the last.
  async stroke(cells) {
    const page = this.page;
    const points = [];
    for (const [x, y] of cells) points.push(await this.cell(x, y));
    if (this.#touch) {
      const cdp = await this.#touchSession();
      const at = ([x, y]) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]) });
      await page.waitForTimeout(30);
      for (const q of points.slice(1)) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(q) });
        await page.waitForTimeout(30);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } else {
      await page.mouse.move(...points[0]);
      await page.mouse.down();
      for (const q of points.slice(1)) await page.mouse.move(...q, { steps: 2 });
      await page.mouse.up();
    }
    await page.waitForTimeout(40);
  }

  // Analyze this position clicked (the Analysis panel opened first); once
  // the worker has answered this click and the panel shows it: the state,
  // and the worker's answer (tilelab.work.last: workerMs, threads, teamJobs).
  async analyze(ms = 120000) {
    await this.open('Analysis', 'Analyze this position');
    await this.page.evaluate(() => { window.lastBefore = window.tilelab.work.last; });
    await this.click('Analyze this position');
    await this.page.waitForFunction(() => window.tilelab.work.last !== window.lastBefore && !window.tilelab.work.busy(), null,
                                    { timeout: ms, polling: 20 });
    const state = await this.waitFor((x) => !x.analysing && x.analysis, 'the analysis shown');
    const { workerMs, threads, teamJobs } = await this.page.evaluate(() => window.tilelab.work.last);
    return { state, last: { workerMs, threads, teamJobs } };
  }

  // Analyze this position clicked as a person meets it after opening the
  // Analysis panel: the button within `heights` of its own heights of the
  // panels' foot (opening scrolls only as far as the button), what comes
  // below it out of sight. Once the figures come, the button and the
  // figures' first four rows are within the panels' visible part.
  async analyzeSeeingFigures(heights) {
    await this.open('Analysis', 'Analyze this position');
    const button = await this.find('Analyze this position');
    check(button.y + heights * button.h > button.clip_bottom, `the button (${JSON.stringify(button)}) not near the panels' foot: nothing to show`);
    await this.click('Analyze this position');
    const s = await this.waitFor((x) => !x.analysing && x.work.job === '' && x.analysis_table.length > 0 && x.frames_pending === 0, 'the analysis', 60000);
    const after = await this.get('Analyze this position');
    check(after && after.whole, `the button scrolled out of sight: ${JSON.stringify(after)}`);
    for (const row of s.analysis_table.slice(0, 4))
      check(row.y >= after.clip_top && row.y + 16 <= after.clip_bottom, `a figure (${JSON.stringify(row)}) not within the panels' visible part (${after.clip_top} to ${after.clip_bottom})`);
    await this.shot('analysis-shown.png');
  }

  // A screenshot into the shots folder, when there is one.
  async shot(name) {
    if (!this.#shots) return;
    fs.mkdirSync(this.#shots, { recursive: true });
    await this.page.screenshot({ path: path.join(this.#shots, name) });
  }
}

export function person(page, { touch = false, shots = null } = {}) {
  return new Person(page, touch, shots);
}
