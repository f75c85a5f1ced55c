#!/usr/bin/env python3
"""Serves a folder on 127.0.0.1 with the wasm MIME type, cross-origin isolated (COOP and COEP: the
page's worker then takes a second thread for a wide analysis, web/app.js). Usage: serve.py DIR PORT"""
import functools
import http.server
import sys

directory, port = sys.argv[1], int(sys.argv[2])


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript", ".webmanifest": "application/manifest+json"}

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=directory))
print(f"serving {directory} on http://127.0.0.1:{port}/", flush=True)
server.serve_forever()
