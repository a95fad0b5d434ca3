#include "render/offscreen.hpp"

#include "core/image.hpp"

#include <algorithm>
#include <cstring>

#include "core/file.hpp"

namespace aem::render {

OffscreenTarget::OffscreenTarget(int width, int height, int samples) : width_(width), height_(height) {
  GLint max_samples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples = std::clamp(samples, 1, std::max(max_samples, 1));

  glGenRenderbuffers(1, &colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  glGenRenderbuffers(1, &depth_);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
  glGenFramebuffers(1, &draw_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);

  glGenRenderbuffers(1, &resolved_);
  glBindRenderbuffer(GL_RENDERBUFFER, resolved_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &resolve_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_fbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolved_);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

OffscreenTarget::~OffscreenTarget() {
  glDeleteFramebuffers(1, &draw_fbo_);
  glDeleteFramebuffers(1, &resolve_fbo_);
  const GLuint buffers[] = {colour_, depth_, resolved_};
  glDeleteRenderbuffers(3, buffers);
}

void OffscreenTarget::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_); }

std::vector<std::uint8_t> OffscreenTarget::read() const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_);
  auto pixels = read_pixels(width_, height_);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return pixels;
}

std::vector<std::uint8_t> read_pixels(int width, int height) {
  const std::size_t row = std::size_t(width) * 4;
  std::vector<std::uint8_t> bottom_up(row * height), top_down(row * height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  // GL's first row is the bottom of the image.
  for (int y = 0; y < height; ++y) std::memcpy(&top_down[row * y], &bottom_up[row * (height - 1 - y)], row);
  return top_down;
}

Status write_png(const std::filesystem::path& path, int width, int height, const std::vector<std::uint8_t>& rgba) {
  return detail::write_file_atomic(path, encode_png(width, height, 4, rgba.data()));
}

}  // namespace aem::render
