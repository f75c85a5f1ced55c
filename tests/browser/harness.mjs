// The browser harness shared by the browser test and the browser benchmark:
// serves the built site (build/web/site) on a free local port and opens it in
// Debian's headless Chromium through playwright-core.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png' };

// A server of a built site (its folder) on a free local port, each answer
// with `headers` too; its base URL is `http://127.0.0.1:PORT/`.
export async function serveSite(site, headers = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const file = path.join(site, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(site) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream', ...headers });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return server;
}
// The headers that make a page cross-origin isolated, as scripts/serve.py
// sends them (the page's worker then has its engine with threads); most
// static hosts send none.
export const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

// { base, browser, page, server }: close browser and server when done.
// `web`: the wasm build whose site is served (build/web); `isolated`: with
// the isolation headers.
export async function openPlayground(web = path.join(root, 'build/web'), { isolated = false } = {}) {
  const server = await serveSite(path.join(web, 'site'), isolated ? isolation : {});
  const base = `http://127.0.0.1:${server.address().port}/`;
  // The same server by a name that is no secure origin (as a page served over
  // plain http from another machine is: no clipboard, no service worker).
  const insecureBase = `http://tilelab.test:${server.address().port}/`;
  // SwiftShader through ANGLE: Chromium 156 rejects --use-gl=swiftshader.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
           '--host-resolver-rules=MAP tilelab.test 127.0.0.1'],
    timeout: 60000,
  });
  const page = await browser.newPage({ viewport: { width: 1200, height: 720 } });
  return { base, insecureBase, browser, page, server };
}
