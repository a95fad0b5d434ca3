// A headless OpenGL 3.3 core context through EGL (Mesa's surfaceless platform, no window system), for
// `aem render`, tests and benchmarks. Draw into an OffscreenTarget: there is no default framebuffer.
#pragma once

#include <memory>

#include "aem/error.hpp"

namespace aem::render {

class HeadlessContext {
 public:
  /// Creates the context and makes it current on this thread. Error code RENDER_NO_GL with what was
  /// missing (no EGL display, no OpenGL API, no 3.3 core context).
  static Result<std::unique_ptr<HeadlessContext>> create();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;
  ~HeadlessContext();

 private:
  HeadlessContext(void* display, void* context) : display_(display), context_(context) {}
  void* display_;
  void* context_;
};

}  // namespace aem::render
