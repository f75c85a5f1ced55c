// render.cpp — tilelab render: a level's picture, and a pack's printable
// sheet. The shapes are the picture's (core/picture/picture.h: the core's
// view of the board in the page's colours); SVG is written as text, PNG and
// PDF are drawn through cairo (native builds: TILELAB_CAIRO), loaded with
// dlopen when a PNG or PDF is asked for: every other command starts without
// loading cairo and the ~20 libraries it needs (fontconfig, X11, ...).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli.h"
#include "core/midend/pack.h"
#include "core/picture/picture.h"

#if defined(TILELAB_CAIRO)
#include <cairo-pdf.h>
#include <cairo.h>
#include <dlfcn.h>
#endif

using namespace tl;

namespace cli {

namespace {

constexpr float kCell = 40;  // a level picture's cell, in pixels (PNG) or units (SVG)

#if defined(TILELAB_CAIRO)
// The cairo functions drawn with, as pointers of this namespace named as
// cairo names them (so they hide cairo's own declarations and the drawing
// below reads as plain cairo), set by load_cairo(). The headers give the
// types; the executable links no cairo.
#define TILELAB_CAIRO_CALLS(X)                                                                                  \
  X(cairo_arc) X(cairo_close_path) X(cairo_create) X(cairo_destroy) X(cairo_fill) X(cairo_fill_preserve)      \
  X(cairo_image_surface_create) X(cairo_line_to) X(cairo_move_to) X(cairo_new_path) X(cairo_new_sub_path)     \
  X(cairo_paint) X(cairo_pdf_surface_create_for_stream) X(cairo_rectangle) X(cairo_scale)                     \
  X(cairo_select_font_face) X(cairo_set_font_size) X(cairo_set_line_cap) X(cairo_set_line_width)              \
  X(cairo_set_source_rgba) X(cairo_show_page) X(cairo_show_text) X(cairo_status_to_string) X(cairo_stroke)    \
  X(cairo_surface_destroy) X(cairo_surface_finish) X(cairo_surface_status) X(cairo_surface_write_to_png_stream) \
  X(cairo_text_extents)
#define TILELAB_CAIRO_POINTER(f) decltype(&::f) f = nullptr;
TILELAB_CAIRO_CALLS(TILELAB_CAIRO_POINTER)
#undef TILELAB_CAIRO_POINTER

// Loads cairo once (TILELAB_CAIRO_LIBRARY names another file than Debian's
// libcairo.so.2); false, with the reason in `error`, when it cannot be had.
bool load_cairo(const char* format, std::string* error) {
  static std::string failed;
  static bool loaded = false;
  if (!loaded && failed.empty()) {
    const char* name = getenv("TILELAB_CAIRO_LIBRARY");
    if (!name || !*name) name = "libcairo.so.2";
    void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    const char* missing = nullptr;
    if (library) {
#define TILELAB_CAIRO_LOAD(f) \
  if (!missing && !(f = reinterpret_cast<decltype(f)>(dlsym(library, #f)))) missing = #f;
      TILELAB_CAIRO_CALLS(TILELAB_CAIRO_LOAD)
#undef TILELAB_CAIRO_LOAD
    }
    if (!library) failed = dlerror();
    else if (missing) failed = std::string(name) + " has no " + missing;
    else loaded = true;
  }
  if (!loaded)
    *error = std::string("--format ") + format + " draws through cairo, which could not be loaded (" + failed +
             "): install Debian's libcairo2, or write svg";
  return loaded;
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void set_colour(cairo_t* cr, picture::Rgba c) {
  cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

void fill_and_stroke(cairo_t* cr, const picture::Mark& m) {
  if (m.fill.a && m.kind != picture::Mark::kLine) {
    set_colour(cr, m.fill);
    if (m.stroke.a) cairo_fill_preserve(cr);
    else cairo_fill(cr);
  }
  if (m.stroke.a) {
    set_colour(cr, m.stroke);
    cairo_set_line_width(cr, m.width);
    cairo_stroke(cr);
  }
  cairo_new_path(cr);
}

void draw_marks(cairo_t* cr, const picture::Picture& p) {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (const picture::Mark& m : p.marks) {
    switch (m.kind) {
      case picture::Mark::kRect:
        if (m.round > 0) {
          const double r = m.round, x = m.x, y = m.y, w = m.w, h = m.h;
          cairo_new_sub_path(cr);
          cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
          cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
          cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
          cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
          cairo_close_path(cr);
        } else {
          cairo_rectangle(cr, m.x, m.y, m.w, m.h);
        }
        fill_and_stroke(cr, m);
        break;
      case picture::Mark::kCircle:
        cairo_new_sub_path(cr);
        cairo_arc(cr, m.x, m.y, m.w, 0, 2 * M_PI);
        fill_and_stroke(cr, m);
        break;
      case picture::Mark::kLine:
        cairo_move_to(cr, m.x, m.y);
        cairo_line_to(cr, m.w, m.h);
        fill_and_stroke(cr, m);
        break;
      case picture::Mark::kPolygon:
        for (size_t i = 0; i + 1 < m.points.size(); i += 2)
          (i ? cairo_line_to : cairo_move_to)(cr, m.points[i], m.points[i + 1]);
        cairo_close_path(cr);
        fill_and_stroke(cr, m);
        break;
      case picture::Mark::kText: {
        cairo_set_font_size(cr, m.h);
        cairo_text_extents_t e;
        cairo_text_extents(cr, m.text.c_str(), &e);
        const double x = m.centred ? m.x - e.width / 2 - e.x_bearing : m.x;
        cairo_move_to(cr, x, m.y - e.height / 2 - e.y_bearing);
        set_colour(cr, m.fill);
        cairo_show_text(cr, m.text.c_str());
        cairo_new_path(cr);
        break;
      }
    }
  }
}

// The picture as PNG, `scale` pixels a unit.
bool write_png(const picture::Picture& p, float scale, std::string* out, std::string* error) {
  if (!load_cairo("png", error)) return false;
  cairo_surface_t* s =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceilf(p.width * scale), (int)ceilf(p.height * scale));
  cairo_t* cr = cairo_create(s);
  cairo_scale(cr, scale, scale);
  set_colour(cr, p.background);
  cairo_paint(cr);
  draw_marks(cr, p);
  cairo_destroy(cr);
  const cairo_status_t status = cairo_surface_write_to_png_stream(s, append_bytes, out);
  cairo_surface_destroy(s);
  if (status != CAIRO_STATUS_SUCCESS) *error = std::string("PNG: ") + cairo_status_to_string(status);
  return status == CAIRO_STATUS_SUCCESS;
}

bool write_pdf(const std::vector<picture::Picture>& pages, std::string* out, std::string* error) {
  if (!load_cairo("pdf", error)) return false;
  cairo_surface_t* s = cairo_pdf_surface_create_for_stream(append_bytes, out, picture::kPageWidth, picture::kPageHeight);
  cairo_t* cr = cairo_create(s);
  for (const picture::Picture& page : pages) {
    set_colour(cr, page.background);
    cairo_paint(cr);
    draw_marks(cr, page);
    cairo_show_page(cr);
  }
  cairo_destroy(cr);
  cairo_surface_finish(s);
  const cairo_status_t status = cairo_surface_status(s);
  cairo_surface_destroy(s);
  if (status != CAIRO_STATUS_SUCCESS) *error = std::string("PDF: ") + cairo_status_to_string(status);
  return status == CAIRO_STATUS_SUCCESS;
}
#endif

// The bytes to `out` (a temporary file renamed over it, so a failure leaves
// no half-written file), or to stdout.
int emit(const std::string& bytes, const std::string& out) {
  if (out.empty()) {
    if (fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || fflush(stdout) != 0)
      return bad_input("cannot write the picture to standard output");
    return kOk;
  }
  const std::string temp = out + ".tmp";
  FILE* f = fopen(temp.c_str(), "wb");
  if (!f) return bad_input("cannot write " + out);
  const bool written = fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const bool closed = fclose(f) == 0;
  if (!written || !closed || rename(temp.c_str(), out.c_str()) != 0) {
    remove(temp.c_str());
    return bad_input("cannot write " + out);
  }
  return kOk;
}

}  // namespace

int run_render(const std::vector<std::unique_ptr<Level>>& levels, bool solution, const std::string& format,
               const std::string& out) {
  if (levels.size() != 1) return bad_input(std::to_string(levels.size()) + " levels in the input; render draws one (--sheet draws a pack)");
  if (format != "svg" && format != "png") return bad_input("--format: '" + format + "': a level is drawn as svg or png");
  picture::Picture p;
  std::string error;
  if (!picture::level_picture(*levels[0], solution, kCell, &p, &error)) {
    fprintf(stderr, "tilelab: %s\n", error.c_str());
    return kNo;
  }
  std::string bytes;
  if (format == "svg") {
    picture::write_svg(p, &bytes);
    return emit(bytes, out);
  }
  if (out.empty() && isatty(fileno(stdout))) return bad_input("--format png: give --out PATH (a PNG is no text to show here)");
#if defined(TILELAB_CAIRO)
  if (!write_png(p, 1, &bytes, &error)) return bad_input(error);
  return emit(bytes, out);
#else
  return bad_input("--format png: this build writes svg only (PNG and PDF come from the native build, with cairo)");
#endif
}

int run_sheet(const std::string& path, const std::string& format, const std::string& page, const std::string& out) {
  if (format != "pdf" && format != "svg" && format != "png")
    return bad_input("--format: '" + format + "': a sheet is drawn as pdf, svg or png");
  if (!page.empty() && page.find("://") == std::string::npos)
    return bad_input("--page: '" + page + "' is not a whole URL (like https://example.org/tilelab/)");
  if (page.find('#') != std::string::npos)
    return bad_input("--page: '" + page + "' has a fragment: give the page's address alone (the links add theirs)");
  std::string text, error;
  if (!read_input(path, (size_t)16 << 20, &text, &error)) return bad_input(error);
  const GameInfo* game = nullptr;
  std::vector<PackLevel> pack;
  Error e;
  if (!parse_pack(text.data(), text.size(), &game, &pack, &e))
    return bad_input(path + ": not a level pack (tilelab pack makes one): " + e.message);
  std::vector<picture::Picture> pages;
  if (!picture::sheet_pages(*game, pack, page, &pages, &error)) return bad_input(path + ": " + error);
  if (format != "svg" && out.empty() && isatty(fileno(stdout)))
    return bad_input("--format " + format + ": give --out PATH (a " + (format == "pdf" ? "PDF" : "PNG") +
                     " is no text to show here)");
  if (page.empty())
    fprintf(stderr, "tilelab: the sheet's links are fragments only (#game=...): give --page URL, or set TILELAB_PAGE, "
                    "for links a phone opens\n");
  std::string bytes;
  picture::Picture all;  // the pages one under another (svg, png)
  picture::stack_pages(pages, &all);
  if (format == "svg") {
    picture::write_svg(all, &bytes);
    return emit(bytes, out);
  }
#if defined(TILELAB_CAIRO)
  if (format == "png") {
    if (!write_png(all, 3, &bytes, &error)) return bad_input(error);
    return emit(bytes, out);
  }
#endif
#if defined(TILELAB_CAIRO)
  if (!write_pdf(pages, &bytes, &error)) return bad_input(error);
  return emit(bytes, out);
#else
  return bad_input("--format pdf: this build writes svg only (PNG and PDF come from the native build, with cairo)");
#endif
}

}  // namespace cli
