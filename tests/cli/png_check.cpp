// png_check FILE [X Y]: decodes a PNG with cairo's reader and prints its
// width and height, and with X Y the pixel there as R G B A; exit 1 when the
// file is no PNG cairo can read. (The CLI contract checks `tilelab render`'s
// PNG pictures with it.)
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) {
    fprintf(stderr, "usage: png_check FILE [X Y]\n");
    return 2;
  }
  cairo_surface_t* s = cairo_image_surface_create_from_png(argv[1]);
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "png_check: %s: %s\n", argv[1], cairo_status_to_string(cairo_surface_status(s)));
    cairo_surface_destroy(s);
    return 1;
  }
  const int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  printf("%d %d\n", w, h);
  if (argc == 4) {
    const int x = atoi(argv[2]), y = atoi(argv[3]);
    if (x < 0 || y < 0 || x >= w || y >= h) {
      cairo_surface_destroy(s);
      return 1;
    }
    cairo_surface_flush(s);
    const unsigned char* row = cairo_image_surface_get_data(s) + (size_t)y * (size_t)cairo_image_surface_get_stride(s);
    const unsigned int px = ((const unsigned int*)row)[x];  // ARGB32, native-endian words
    printf("%u %u %u %u\n", (px >> 16) & 255, (px >> 8) & 255, px & 255, px >> 24);
  }
  cairo_surface_destroy(s);
  return 0;
}
