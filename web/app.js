// app.js — the page around the playground canvas. Loads the wasm module,
// forwards link changes, and exposes window.tilelab:
//   tilelab.ready            a promise that resolves once the playground runs
//   tilelab.state()          the playground's state (game, level, moves, status, par, link, ...)
//   tilelab.widgets()        every item of the last drawn frame: label, id, kind, rectangle
//   tilelab.duplicateIds()   items of that frame that share an ID (none, when all is well)
//   tilelab.cut()            windows of that frame with text or a widget cut at their right edge
//   tilelab.command(name)    undo, redo, restart, hint, solve, generate, next, copy-link
//   tilelab.openText(text)   opens a level text of any game (as pasting one does)
//   tilelab.importPack(text) reads a pack file into the Pack panel (as pasting or dropping one does)
//   tilelab.editText(text)   the editor's text, as if typed in its box (Edit mode)
//   tilelab.importFile(text) a pack file (text or JSON), or a file of levels without
//                            headers (a Numberlink stream) as a pack, is imported; a level
//                            opened (picker, drop); anything else is refused in the Pack
//                            panel, saying why
//   tilelab.download(name, data)  saves a text or Blob as a file (the Pack panel's Export, pictures)
//   tilelab.downloadPng(name, svg) saves a picture's SVG drawn as PNG (Share: Save picture)
//   tilelab.printPages(html)     prints a pack's sheet (Pack: Print sheet)
//   tilelab.work            the workers (worker.js) the playground's Session runs its jobs in:
//                            start(id, request) (a job's request as its text:
//                            core/midend/job_text.h), startPool(id, seeds) (a pack's or
//                            a search's seeds, each asked of the playground), cancel(id),
//                            busy(), last {request, result, ms, workerMs: the call's time
//                            in the worker, messages left out} (texts); lastPool {seeds,
//                            ms, seedsByWorker: the seeds each pool worker made};
//                            poolSize: the workers a pack or a search is made by
//   tilelab.api.X(...)       the engine for embedding pages: listGames, generate,
//                            parse, solve, solveAll, analyze, replay, levelLink,
//                            seedLink, open (the same answers as the CLI's --json)
//
// [SECTION] window.tilelab: the page as tests and embedding pages see it
// [SECTION] The build, the compiled wasm and the worker
// [SECTION] The pool of workers a pack or a search is made by
// [SECTION] Keys, pasting, dropping and focus
// [SECTION] Typing: a phone's keyboard and input methods
// [SECTION] Starting the module
// [SECTION] Offline and a new build
'use strict';
// A block, not a function: what is declared in it stays in it.
{
  const canvas = document.getElementById('canvas');
  const typing = document.getElementById('typing');  // the field a text box's typing goes through
  let typingOn = false;  // a text box takes text (web/platform.cpp: follow_typing)
  const status = document.getElementById('status');
  const json = (f) => (...args) => JSON.parse(f(...args));
  let resolveReady;
  // [SECTION] window.tilelab: the page as tests and embedding pages see it
  const tilelab = (window.tilelab = {
    ready: new Promise((resolve) => (resolveReady = resolve)),
    module: null,
    api: null,
    state: () => (tilelab.module ? JSON.parse(tilelab.module.playgroundState()) : { ready: false }),
    // Every item of the last drawn frame, as a person sees it: [{label, id,
    // kind, x, y, w, h, visible}] in CSS pixels of the canvas; and the items
    // that share an ID (a bug: ImGui takes a click on one for both).
    widgets: () => (tilelab.module ? JSON.parse(tilelab.module.playgroundWidgets()) : []),
    duplicateIds: () => (tilelab.module ? JSON.parse(tilelab.module.playgroundDuplicateIds()) : []),
    // The last drawn frame's windows with text or a widget cut at their right edge: [{window, over}].
    cut: () => (tilelab.module ? JSON.parse(tilelab.module.playgroundCut()) : []),
    command: (name) => tilelab.module.playgroundCommand(name),
    openText: (text) => tilelab.module.playgroundOpenText(text),
    importPack: (text) => tilelab.module.playgroundImportPack(text),
    editText: (text) => tilelab.module.playgroundEditText(text),
    // A file picked, dropped or pasted: a pack (its text, or the JSON the Pack
    // panel exports) is imported, a level opened.
    importFile: (text) => {
      if (/^\s*\{/.test(text)) {
        let file = null;
        try { file = JSON.parse(text); } catch (e) {}
        if (file && typeof file.text === 'string') return tilelab.importPack(file.text);
      }
      return tilelab.module.playgroundImportFile(text);
    },
    download: (name, data, type = 'text/plain') => {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    },
    // A picture's SVG drawn by the browser onto a canvas of its size, saved as PNG.
    downloadPng: (name, svg) => {
      const image = new Image();
      const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      const failed = () => {
        URL.revokeObjectURL(url);
        console.warn(`tilelab: the browser could not draw ${name} as PNG; Save picture (SVG) keeps it whole`);
      };
      image.onerror = failed;
      image.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d').drawImage(image, 0, 0);
        URL.revokeObjectURL(url);
        canvas.toBlob((blob) => (blob ? tilelab.download(name, blob) : failed()), 'image/png');
      };
      image.src = url;
    },
    // A sheet's pages (SVG each) printed from a frame of their own, a page a
    // sheet of paper; sheetsPrinted counts the prints done (the frame gone).
    sheetsPrinted: 0,
    printPages: (html) => {
      const frame = document.createElement('iframe');
      frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
      document.body.appendChild(frame);
      const doc = frame.contentDocument;
      doc.open();
      doc.write('<!doctype html><title>tilelab sheet</title><style>@page{size:A4;margin:0}body{margin:0}' +
        '.page{width:210mm;height:296mm;page-break-after:always}.page svg{width:100%;height:100%}</style>' + html);
      doc.close();
      frame.contentWindow.focus();
      frame.contentWindow.print();
      // The dialog closed (print() returns then, or afterprint comes): the
      // frame goes and the keys come back to the board, once (an afterprint
      // after the frame went takes no keys from where they went since).
      const done = () => {
        if (!frame.isConnected) return;
        frame.remove();
        tilelab.focusBoard();
        tilelab.sheetsPrinted += 1;
      };
      frame.contentWindow.addEventListener('afterprint', done);
      setTimeout(done, 0);
    },
    // The keys to the playground: its canvas takes them, or the field a
    // text box's typing goes through while one takes text.
    focusBoard: () => {
      const to = typingOn ? typing : canvas;
      if (document.activeElement !== to) to.focus({ preventScroll: true });
    },
  });
  // [SECTION] The build, the compiled wasm and the worker
  // The build this page runs (build.js): the files it fetches later (the
  // wasm, its workers' script) are asked for as this build's, so a page
  // left open while a new build is installed goes on with its own
  // (web/service-worker.js.in keeps both).
  const build = self.tilelabBuild || '';
  const ofBuild = (file) => (build ? `${file}?build=${build}` : file);
  // A wasm file of this build, compiled once for the page and its workers.
  const compile = (file) => {
    const bytes = () => fetch(ofBuild(file)).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
    return (WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(ofBuild(file))) : Promise.reject()).catch(bytes);
  };
  const compiled = compile('tilelab_web.wasm');
  // The engine with threads (cmake/web.cmake: tilelab_threads) for the
  // one-job worker, where the page is cross-origin isolated (its server sends
  // COOP and COEP: shared memory needs it): a wide analysis, or Flow's count,
  // then takes a second core. Elsewhere, or when it does not compile, the
  // worker runs the page's own module on one thread.
  const compiledThreads = self.crossOriginIsolated === true ? compile('tilelab_threads.wasm').catch(() => null)
                                                           : Promise.resolve(null);

  // The worker: one job at a time (the Embind API's runJob()), off the page's thread,
  // on the engine with threads where the page is cross-origin isolated.
  // A newer call, or cancel(), ends the running one by ending its worker (a
  // wasm call can't be interrupted, and the page without isolation has no
  // shared flag to poll), and the next call starts a fresh one from the
  // compiled wasm.
  // The request and the result are a job's text (core/midend/job_text.h),
  // which the playground writes and reads itself.
  // A call that could not run, as a job's result that says why.
  const failedResult = (error) => engine.failedJob(error);
  // [SECTION] The pool of workers a pack or a search is made by
  // A pack (and a search over seeds) is made by a pool of workers, one per
  // core the browser reports up to kMostPackWorkers: each makes a run of
  // seeds at a time (the playground gives each seed's request), and the
  // playground's Session takes their results as they come, in any order
  // (Session::take_job_seed), so the pack is the one `tilelab pack` makes,
  // byte for byte. A run starts at one seed; then it holds as many seeds as
  // the last run's took kRunMs to make (at most kLongestRun): quick games'
  // seeds would otherwise cost more in messages than in making. Each worker
  // holds kRunsAhead runs: while the page takes one run's answer (which
  // waits for the frame being drawn, 20-30 ms in headless Chromium, more on
  // a slow phone), the worker makes the next. Idle pool workers stay for the
  // next pack.
  const kMostPackWorkers = 8;
  const kLongestRun = 64;
  const kRunMs = 25;
  const kRunsAhead = 2;
  // A worker (`threads`: on the engine with threads where the page has it;
  // the page's own module is posted too, for a worker where it does not start).
  const startWorker = (onMessage, threads) => {
    const w = new Worker(ofBuild('worker.js'));
    Promise.all([compiled, threads ? compiledThreads : null])
      .then(([wasm, withThreads]) => w.postMessage(withThreads ? { wasm, threads: withThreads } : { wasm }));
    w.onmessage = (e) => onMessage(e.data);
    return w;
  };
  const work = (tilelab.work = {
    worker: null,
    current: 0, // the id of the call running, 0 when none
    request: null, // the running call's request (its text)
    last: null, // the last call of the worker: {request, result, ms, workerMs, threads, teamJobs} (texts; the threads
                // its search could take, the jobs its searches ran on both so far)
    threadsFailed: false, // a worker on the engine with threads failed: the next ones run the page's own module
    lastPool: null, // the last call of the pool: {seeds, ms, seedsByWorker: the seeds each pool worker made}
    started: 0,
    progressMessages: 0, // progress messages taken since the page opened (each draws one frame)
    poolSize: Math.max(1, Math.min(navigator.hardwareConcurrency || 1, kMostPackWorkers)),
    pool: [], // the pool's workers: {worker, runs: the runs of seeds given it, oldest first ([]: idle)}
    pooled: null, // the pool's call: {id, token, next, most, run, made: seeds made by each worker}
    poolCalls: 0, // the pool's calls so far: each run's answer names its call by this count (its token)
    busy: () => work.current !== 0,
    start(id, request) {
      if (work.current) work.stop();
      work.current = id;
      work.request = request;
      work.started = performance.now();
      if (!work.worker) {
        const threads = !work.threadsFailed && self.crossOriginIsolated === true;
        const w = (work.worker = startWorker((d) => work.message(d), threads));
        w.onerror = (e) => {
          // A worker on the engine with threads that failed (its helper's
          // script not there, say): the call runs again on the page's own module, as every later one.
          if (threads && !work.threadsFailed) {
            work.threadsFailed = true;
            console.warn(`the worker's engine with threads failed (${e.message}): one thread`);
            w.terminate();
            if (work.worker !== w) return;  // a later call's worker has taken its place
            work.worker = null;
            if (work.current && !work.pooled) work.start(work.current, work.request);
            return;
          }
          work.finish(work.current, failedResult('the worker failed: ' + e.message), null, true);
        };
      }
      work.worker.postMessage({ id, request });
    },
    cancel(id) {
      if (work.current && (!id || id === work.current)) work.stop();
    },
    stop() {
      if (work.worker) work.worker.terminate();
      work.worker = null;
      work.stopPool();
      work.current = 0;
    },
    message(d) {
      if (d.id !== work.current) return;
      if (d.progress) {
        work.progressMessages++;
        tilelab.module.playgroundWorkProgress(d.id, d.progress[0], d.progress[1]);
        return;
      }
      work.finish(d.id, d.failed ? failedResult(d.failed) : d.result, d.ms, !!d.failed, d);
    },
    // `d`: the worker's answer ({threads, teamJobs}), when one came.
    finish(id, result, workerMs, failed, d = {}) {
      if (!id) return;
      work.current = 0;
      // A worker that failed (a trap) is not trusted again: the next call starts a fresh one.
      if (failed) work.stop();
      work.last = { request: work.request, result, ms: performance.now() - work.started, workerMs, threads: d.threads,
                    teamJobs: d.teamJobs };
      tilelab.module.playgroundWorkDone(id, result);
    },

    // The pool on the playground's pack or search: seeds 1 to `most`.
    startPool(id, most) {
      if (work.current) work.stop();
      work.current = id;
      work.request = null;
      work.started = performance.now();
      const token = ++work.poolCalls;
      work.pooled = { id, token, next: 1, most, again: [], run: 1, made: new Map(), seeds: 0, started: work.started };
      work.dispatch();
    },
    // Each pool worker (started up to poolSize) holding fewer than
    // kRunsAhead runs is given the next run of seeds, the least loaded first
    // (first the seeds a failed worker held unmade; a seed the Session has
    // already, from before a pause, is skipped).
    dispatch() {
      const call = work.pooled;
      const more = () => call.again.length > 0 || call.next <= call.most;
      while (call && more()) {
        let w = work.pool.reduce((a, x) => (!a || x.runs.length < a.runs.length ? x : a), null);
        if (!w || (w.runs.length && work.pool.length < work.poolSize)) {
          w = { worker: null, runs: [] };
          w.worker = startWorker((d) => work.seedsMade(w, d));
          w.worker.onerror = (e) => work.seedsMade(w, { failed: 'the worker failed: ' + e.message });
          work.pool.push(w);
        }
        if (w.runs.length >= kRunsAhead) return;
        const seeds = [], requests = [];
        while (seeds.length < call.run && more()) {
          const n = call.again.length ? call.again.shift() : call.next++;
          const request = tilelab.module.playgroundSeedRequest(call.id, n);
          if (request) seeds.push(n), requests.push(request);
        }
        if (!requests.length) return;
        w.runs.push({ seeds, token: call.token });
        w.worker.postMessage({ id: call.token, requests });
      }
    },
    // A run's answer: a worker answers its runs in the order given, so it is
    // of the oldest it holds. A trap: a fresh worker takes its place, and the
    // call's seeds it held in later runs are given again (a failed seed of
    // the call itself ends it: the Session ends a pack or a search with its
    // reason).
    seedsMade(w, d) {
      if (d.progress || !w.runs.length) return;
      const { seeds, token } = w.runs.shift();
      const call = work.pooled;
      if (d.failed) {
        work.dropPoolWorker(w);
        for (const r of w.runs.splice(0)) if (call && r.token === call.token) call.again.push(...r.seeds);
      }
      if (!call || token !== call.token) {  // a run of a call made before: the worker has room again
        if (call) work.dispatch();
        return;
      }
      if (!d.failed) {
        call.made.set(w, (call.made.get(w) || 0) + seeds.length);
        call.run = Math.max(1, Math.min(kLongestRun, Math.floor(kRunMs * seeds.length / Math.max(d.ms, 0.01))));
      }
      for (let i = 0; i < seeds.length; i++) {
        call.seeds++;
        const result = d.failed ? failedResult(d.failed) : d.results[i];
        if (tilelab.module.playgroundSeedMade(call.id, seeds[i], result)) return work.endPool(call);
      }
      work.dispatch();
    },
    // The call made (the Session has taken it): runs still given finish and
    // are dropped (their workers stay, started; up to kRunsAhead runs a
    // worker, each a few dozen ms, or one seed).
    endPool(call) {
      work.lastPool = { seeds: call.seeds, ms: performance.now() - call.started, seedsByWorker: [...call.made.values()] };
      if (work.pooled !== call) return;  // the playground's next call has started meanwhile
      work.pooled = null;
      work.current = 0;
    },
    // Cancelled: the workers still making the call's seeds end.
    stopPool() {
      if (!work.pooled) return;
      work.pooled = null;
      for (const w of work.pool.filter((x) => x.runs.length)) work.dropPoolWorker(w);
    },
    dropPoolWorker(w) {
      w.worker.terminate();
      work.pool = work.pool.filter((x) => x !== w);
    },
  });

  // [SECTION] Keys, pasting, dropping and focus
  // Ctrl+V (Cmd+V) is the browser's: SDL would take it as a key and keep the
  // browser from pasting, so no paste event would ever come.
  window.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'v') e.stopImmediatePropagation();
  }, true);

  // A paste while a text box of the playground is being typed in goes into
  // it. Otherwise pasting a link opens it; pasting a level text (more than
  // one line) opens that level; a pack is imported.
  document.addEventListener('paste', (e) => {
    const text = e.clipboardData ? e.clipboardData.getData('text') : '';
    if (!tilelab.module || !text) return;
    if (tilelab.module.playgroundPasteText(text)) {
      e.preventDefault();
      return;
    }
    const link = text.trim().match(/#game=.*$/);
    if (link) {
      e.preventDefault();
      location.hash = link[0];
    } else if (text.trim().includes('\n') || text.trim().startsWith('{')) {
      // Whatever Import reads opens the same way: a pack (text or JSON), a
      // file of levels (a Numberlink stream) as a pack, or one level.
      e.preventDefault();
      tilelab.importFile(text);
    }
  });

  // Dropping a file: a pack is imported, a level opened.
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file || !tilelab.module) return;
    file.text().then(tilelab.importFile);
  });

  // A press on the canvas (the board or a panel) gives it the keys, after a
  // print, a file picker or a click elsewhere took them (SDL keeps the
  // browser from focusing it on its own).
  let pressedAt = null;
  canvas.addEventListener('pointerdown', (e) => {
    pressedAt = [e.clientX, e.clientY];
    tilelab.focusBoard();
  });
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body || !document.activeElement) tilelab.focusBoard();
  });

  // [SECTION] Typing: a phone's keyboard and input methods
  // The canvas takes no text from a phone's keyboard or an input method (an
  // IME, dictation, an emoji picker): they write into a focused field, and a
  // phone opens its keyboard for one only. While a text box of the
  // playground takes text, the field #typing has the focus, and what is
  // written into it goes on to the box (as a paste does), the field emptied.
  // Keys are SDL's on the window (web/platform.cpp), the field's too: SDL
  // cancels each keypress it makes text of, so a physical keyboard's text
  // never reaches the field and nothing is typed twice.
  const typed = () => {
    const text = typing.value;
    typing.value = '';
    if (text && tilelab.module) tilelab.module.playgroundPasteText(text);
  };
  // An input method's word being made (a composition) goes on once it is done.
  typing.addEventListener('input', (e) => {
    if (!e.isComposing) typed();
  });
  typing.addEventListener('compositionend', typed);
  // A key an input method is using (composing, or keyCode 229: a phone's
  // keyboard writing) is not SDL's. A phone's keyboard may send an editing
  // key without the code SDL reads it by: it goes on with the code its name
  // gives (Backspace, Enter, the arrows).
  const editingKeys = new Set(['Backspace', 'Delete', 'Enter', 'Tab', 'Escape', 'ArrowLeft', 'ArrowRight',
    'ArrowUp', 'ArrowDown', 'Home', 'End']);
  const fieldKey = (e) => {
    if (e.isComposing || e.keyCode === 229) {
      e.stopPropagation();
    } else if (!e.code && e.isTrusted && editingKeys.has(e.key)) {
      e.stopPropagation();
      e.preventDefault();
      typing.dispatchEvent(new KeyboardEvent(e.type, { key: e.key, code: e.key, keyCode: e.keyCode, which: e.which,
        shiftKey: e.shiftKey, bubbles: true, cancelable: true }));
    }
  };
  typing.addEventListener('keydown', fieldKey);
  typing.addEventListener('keyup', fieldKey);
  // Each frame drawn says whether a text box takes text: the field gets the
  // focus, or the canvas gets it back from the field (a focus elsewhere, a
  // print's, stays).
  const followTyping = (on) => {
    typingOn = on;
    if (on || document.activeElement === typing) tilelab.focusBoard();
  };
  // A tap on a text box gives the field the focus in the tap's own event,
  // before a frame says the box takes text: iOS opens its keyboard only for a
  // focus a touch asked for. A tap that made no box take text: the next frame
  // gives the focus back.
  canvas.addEventListener('pointerup', (e) => {
    if (e.pointerType === 'mouse' || !pressedAt || !tilelab.module) return;
    if (Math.hypot(e.clientX - pressedAt[0], e.clientY - pressedAt[1]) > 8) return;  // a swipe
    const box = tilelab.widgets().find((w) => w.kind === 'input' && w.visible &&
      e.clientX >= w.x && e.clientX < w.x + w.w && e.clientY >= w.y && e.clientY < w.y + w.h);
    if (box && document.activeElement !== typing) typing.focus({ preventScroll: true });
  });
  // The field at the box's text cursor: an input method shows its words by it.
  const typingAt = (x, y) => {
    typing.style.left = `${x}px`;
    typing.style.top = `${y}px`;
  };

  canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    status.textContent = 'The browser lost the graphics context. Reload the page; your level is in its link.';
    status.className = 'error';
  });

  // [SECTION] Starting the module
  // The module's settings object is the module itself once it runs (Emscripten's
  // MODULARIZE): `engine` gives its bindings to a call its main() makes (a seed
  // link's level, on a first visit) before the promise gives tilelab.module.
  const engine = {
    canvas,
    instantiateWasm(imports, done) {
      compiled.then((wasm) => WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm)))
        .catch((err) => {
          status.textContent = 'tilelab could not start: ' + err;
          status.className = 'error';
        });
      return {};
    },
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onPlaygroundReady() {
      status.textContent = '';
      canvas.focus();
    },
    onTyping: (on) => followTyping(on),
    onTypingAt: (x, y) => typingAt(x, y),
  };
  // [SECTION] Offline and a new build
  // Installable, and playable with no network: the service worker keeps
  // this build's files (web/service-worker.js.in). tilelab.offline says how
  // far it is: 'unavailable' (no service workers here: a private window, a
  // file URL; the page works as before), 'installing', 'ready' (a reload
  // with no network plays). A new build installed while the page is open
  // says it runs from the next load; the first load of a new build says so.
  tilelab.offline = 'unavailable';
  const workers = 'serviceWorker' in navigator && build ? navigator.serviceWorker : null;
  const hadOne = !!(workers && workers.controller);  // a build's worker served this load
  // The browser looks for a new build as the page loads, and on a busy
  // machine installs it, and it takes over, before the module is up: the
  // page listens from its first script, and says so once the module is.
  let tookOver = false;
  let sayTookOver = null;  // set once the module is up
  if (workers)
    workers.addEventListener('controllerchange', () => {
      tookOver = true;
      if (sayTookOver) sayTookOver();
    });
  const keepForOffline = () => {
    const note = (text) => tilelab.module.playgroundNote(text);
    try {
      const last = localStorage.getItem('tilelab.build');
      if (build && last && last !== build) note('This is a new build of tilelab: it took over on this load.');
      if (build) localStorage.setItem('tilelab.build', build);
    } catch (e) {}
    if (!workers) return;
    tilelab.offline = hadOne ? 'ready' : 'installing';
    sayTookOver = () => {
      tilelab.offline = 'ready';
      if (hadOne) note('A new build of tilelab is installed: the next load runs it.');
    };
    if (tookOver) sayTookOver();
    // Each load asks whether a new build is there (it installs, and takes over at once).
    workers.register('service-worker.js').then((r) => r.update()).catch(() => {
      if (!workers.controller) tilelab.offline = 'unavailable';
    });
  };

  createTilelab(engine).then((Module) => {
    tilelab.module = Module;
    tilelab.api = {
      listGames: json(Module.listGames),
      generate: json(Module.generate),
      parse: json(Module.parse),
      solve: json(Module.solve),
      solveAll: json(Module.solveAll),
      analyze: json(Module.analyze),
      replay: json(Module.replay),
      levelLink: json(Module.levelLink),
      seedLink: json(Module.seedLink),
      open: json(Module.open),
      pack: json(Module.pack),
      readPack: json(Module.readPack),
    };
    // Back, Forward, a link pasted, followed or typed into the address: its
    // history entry is there already, and the level it names opens in it
    // (our own new levels push their entries with history.pushState, which
    // fires neither event). Back or Forward between two links fires both
    // events: the level opens once. Each event opens the address it came
    // with (a hashchange's newURL), not the one shown by then: a link that
    // fails puts the shown level's link back in the address at once, and
    // the second event must not open that level again (it cleared the
    // message saying why the link failed).
    let opened = null;
    const openAddress = (e) => {
      const href = e.type === 'hashchange' ? e.newURL : location.href;
      if (opened === href) return;
      opened = href;
      setTimeout(() => (opened = null), 0);
      Module.playgroundOpenLink(new URL(href).hash);
    };
    window.addEventListener('popstate', openAddress);
    window.addEventListener('hashchange', openAddress);
    keepForOffline();
    resolveReady(tilelab);
  }, (err) => {
    status.textContent = 'tilelab could not start: ' + err;
    status.className = 'error';
  });
}
