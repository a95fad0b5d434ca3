// An offscreen render target (multisampled colour + depth, resolved for read-back) and PNG output.
#pragma once

#include <epoxy/gl.h>

#include <cstdint>
#include <filesystem>
#include <vector>

#include "aem/error.hpp"

namespace aem::render {

/// Framebuffers of a fixed size: draw after bind(), then read() resolves and returns the pixels.
/// Needs the context that created it.
class OffscreenTarget {
 public:
  /// `samples` = 1 for no multisampling; clamped to what the driver allows.
  OffscreenTarget(int width, int height, int samples = 4);
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  ~OffscreenTarget();

  int width() const { return width_; }
  int height() const { return height_; }
  /// Makes the multisampled framebuffer the draw target.
  void bind() const;
  /// RGBA8 pixels, rows top-down (image order, not GL's bottom-up).
  std::vector<std::uint8_t> read() const;

 private:
  int width_, height_;
  GLuint draw_fbo_ = 0, resolve_fbo_ = 0, colour_ = 0, depth_ = 0, resolved_ = 0;
};

/// RGBA8 pixels of the bound read framebuffer's (0, 0, width, height), rows top-down.
std::vector<std::uint8_t> read_pixels(int width, int height);

/// Writes RGBA8 pixels (rows top-down) as a PNG. Error code IO_WRITE_FAILED.
Status write_png(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgba);

}  // namespace aem::render
