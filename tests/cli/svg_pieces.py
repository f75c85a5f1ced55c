#!/usr/bin/env python3
"""svg_pieces.py FILE: parses an SVG picture of tilelab render (exit 1 when it
is no well-formed SVG) and prints, a line a class, how many cells hold an
element of that class: "ball 4" (elements with no cell count once each)."""
import sys
import xml.etree.ElementTree as ET

try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError as e:
    print(f"svg_pieces: {sys.argv[1]}: {e}", file=sys.stderr)
    sys.exit(1)
if root.tag != '{http://www.w3.org/2000/svg}svg':
    print(f"svg_pieces: {sys.argv[1]}: the root is {root.tag}, not svg", file=sys.stderr)
    sys.exit(1)
cells = {}
for el in root.iter():
    cls = el.get('class')
    if not cls:
        continue
    cells.setdefault(cls, set()).add(el.get('data-cell') or id(el))
for cls in sorted(cells):
    print(cls, len(cells[cls]))
