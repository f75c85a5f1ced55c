// qr.cpp — a link as a QR code's shapes (see qr.h).
#include "qr.h"

#include "qrcodegen.hpp"

namespace picture {

namespace {

constexpr int kQuiet = 4;  // the standard's quiet zone: 4 modules

// Checked before encoding: qrcodegen throws on a text too long, and the
// page's wasm is built without exception handling. Our links are bytes
// (lower case letters), so the byte capacity is the bound.
bool fits(const std::string& text) { return !text.empty() && text.size() <= kQrMostBytes; }

// Low error correction (qrcodegen raises it when the version allows) keeps
// the modules large on paper.
qrcodegen::QrCode encode(const std::string& text) {
  return qrcodegen::QrCode::encodeText(text.c_str(), qrcodegen::QrCode::Ecc::LOW);
}

}  // namespace

int qr_modules(const std::string& text) { return fits(text) ? encode(text).getSize() + 2 * kQuiet : 0; }

bool draw_qr(const std::string& text, float x, float y, float side, Picture* out) {
  if (!fits(text)) return false;
  const qrcodegen::QrCode qr = encode(text);
  const int n = qr.getSize(), quiet = kQuiet;
  const float module = side / (float)(n + 2 * quiet);
  Mark paper;
  paper.kind = Mark::kRect;
  paper.piece = "qr";
  paper.x = x, paper.y = y, paper.w = side, paper.h = side;
  paper.fill = Rgba{255, 255, 255, 255};
  out->marks.push_back(paper);
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n;) {
      if (!qr.getModule(col, row)) {
        ++col;
        continue;
      }
      int end = col;
      while (end < n && qr.getModule(end, row)) ++end;
      Mark run;
      run.kind = Mark::kRect;
      run.piece = "qr-module";
      run.x = x + module * (float)(quiet + col);
      run.y = y + module * (float)(quiet + row);
      run.w = module * (float)(end - col);
      // A hair taller than a module: runs of two rows overlap, so no pale
      // seam shows between them where they are drawn anti-aliased.
      run.h = module * (row + 1 < n ? 1.1f : 1.f);
      run.fill = Rgba{0, 0, 0, 255};
      out->marks.push_back(run);
      col = end;
    }
  return true;
}

}  // namespace picture
