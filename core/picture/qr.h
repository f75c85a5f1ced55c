// qr.h — a link as a QR code among a picture's shapes, so a printed sheet's
// level opens from a phone's camera (a link cut to fit a page cannot be
// typed). The code itself is Project Nayuki's qrcodegen (Debian's
// libqrcodegencpp-dev natively; its Debian source built for wasm, see
// cmake/web.cmake): we only draw the modules it gives.
#pragma once
#include <string>

#include "picture.h"

namespace picture {

// The most bytes a QR code holds (version 40, low error correction, bytes).
constexpr size_t kQrMostBytes = 2953;

// The modules across the QR code of `text`, its quiet zone included; 0 when
// the text is longer than a QR code holds.
int qr_modules(const std::string& text);

// The QR code of `text` as a square of `side` units at (x, y), quiet zone
// included: a white square (piece "qr") and a dark rectangle a run of dark
// modules along a row (piece "qr-module"). False, drawing nothing, when the
// text is longer than a QR code holds.
bool draw_qr(const std::string& text, float x, float y, float side, Picture* out);

}  // namespace picture
