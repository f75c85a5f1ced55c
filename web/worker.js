// worker.js — the page's worker: a second instance of the page's own module
// (tilelab_web.js and the wasm the page compiled once, posted here), started
// without its main(), so it never touches a canvas; or, where the page is
// cross-origin isolated, the one-job worker's engine with threads
// (tilelab_threads.js: cmake/web.cmake), whose searches take a second thread. It runs one job at a
// time (the Session's: make a level, solve, analyse; or a run of a pack's or
// a search's seeds for the page's pool) through the Embind API's runJob():
// a job's request as its text in, its result's text out
// (core/midend/job_text.h), and posts back the progress while it runs. The
// page cancels a call by ending this worker and starting another (app.js:
// tilelab.work).
'use strict';
// The page's build (app.js asks for this script as worker.js?build=B):
// its module, whatever build the page's service worker has installed since.
const build = new URL(self.location.href).searchParams.get('build');
const ofBuild = (file) => (build ? `${file}?build=${build}` : file);
importScripts(ofBuild('tilelab_web.js'));

const kProgressMs = 100;  // the least time between two progress messages

// The engine, once the page has posted its compiled wasm (calls may come
// first). An engine that does not start fails every call, each answered so.
let engineReady, engineFailed;
const engine = new Promise((resolve, reject) => ((engineReady = resolve), (engineFailed = reject)));

// The engine with threads (m.threads: the page is cross-origin isolated and
// posted tilelab_threads.wasm compiled): that module's script, which its own
// helper thread's worker loads too (tilelab_threads.worker.js), asked for as
// this build's like the rest. Where it does not start (this worker not
// isolated, no memory to share), the page's own module (m.wasm) does.
const threadsScript = ofBuild('tilelab_threads.js');
let threads = 1;  // the threads a job's search may take here (each answer says)
let teamJobs = () => 0;  // the jobs run on both threads so far

// An engine of a compiled module: `create` its factory; a promise of it.
const startEngine = (create, wasm) => new Promise((resolve, reject) => {
  create({
    noInitialRun: true,
    print: () => {},
    printErr: (text) => console.warn('worker: ' + text),
    mainScriptUrlOrBlob: threadsScript,
    locateFile: (file) => ofBuild(file),
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm), reject);
      return {};
    },
  }).then(resolve, reject);
});
const startThreads = (wasm) => new Promise((resolve, reject) => {
  if (!self.crossOriginIsolated) throw new Error('this worker is not cross-origin isolated');
  importScripts(threadsScript);
  startEngine(createTilelabThreads, wasm).then(resolve, reject);
});

self.onmessage = (e) => {
  const m = e.data;
  if (m.wasm) {
    const plain = () => startEngine(createTilelab, m.wasm);
    const started = m.threads ? startThreads(m.threads).catch((err) => {
      console.warn(`worker: the engine with threads did not start (${err}): one thread`);
      return plain();
    }) : plain();
    started.then((M) => {
      threads = M.workerThreads();
      teamJobs = () => M.teamJobs();
      engineReady(M);
    }, engineFailed);
    return;
  }
  const unstarted = (err) => self.postMessage({ id: m.id, failed: 'the worker failed: its engine did not start: ' + err });
  engine.then((M) => {
    // Progress at most every kProgressMs: each message costs the page a frame,
    // and a search reports far more often than a person can read.
    let last = -kProgressMs;
    M.onWorkProgress = (done, total) => {
      const now = performance.now();
      if (now - last < kProgressMs) return;
      last = now;
      self.postMessage({ id: m.id, progress: [done, total] });
    };
    try {
      const t0 = performance.now();  // the call's own time (tilelab.work.last.workerMs)
      if (m.requests) {
        // A run of a pack's or a search's seeds (app.js: the pool), answered together.
        const results = m.requests.map((r) => M.runJob(r));
        self.postMessage({ id: m.id, results, ms: performance.now() - t0, threads, teamJobs: teamJobs() });
        return;
      }
      const result = M.runJob(m.request);
      self.postMessage({ id: m.id, result, ms: performance.now() - t0, threads, teamJobs: teamJobs() });
    } catch (err) {
      self.postMessage({ id: m.id, failed: 'the worker failed: ' + err });
    }
  }, unstarted);
};
