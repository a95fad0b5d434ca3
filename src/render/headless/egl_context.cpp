#include "render/headless/egl_context.hpp"

#include <epoxy/egl.h>

#include <cstdio>
#include <string>

namespace aem::render {
namespace {

Error no_gl(const std::string& what) { return Error{.code = "RENDER_NO_GL", .format = "EGL", .message = what}; }

std::string egl_error() {
  char text[16];
  std::snprintf(text, sizeof text, "0x%04x", static_cast<unsigned>(eglGetError()));
  return text;
}

/// Mesa's surfaceless platform needs no X server or GPU device; the default display is the fallback
/// for EGL implementations without it.
EGLDisplay open_display() {
  const char* extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  const std::string client = extensions ? extensions : "";
  if (client.find("EGL_MESA_platform_surfaceless") != std::string::npos) {
    EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY) return d;
  }
  return eglGetDisplay(EGL_DEFAULT_DISPLAY);
}

}  // namespace

Result<std::unique_ptr<HeadlessContext>> HeadlessContext::create() {
  EGLDisplay display = open_display();
  if (display == EGL_NO_DISPLAY) return no_gl("no EGL display (is Mesa's libEGL installed?)");
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) return no_gl("eglInitialize failed (" + egl_error() + ")");
  if (!eglBindAPI(EGL_OPENGL_API)) {
    eglTerminate(display);
    return no_gl("EGL has no desktop OpenGL API");
  }
  const EGLint attributes[] = {
      EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  // Surfaceless contexts need no config (EGL_KHR_no_config_context); otherwise take any GL config.
  EGLConfig config = EGL_NO_CONFIG_KHR;
  const std::string display_extensions = eglQueryString(display, EGL_EXTENSIONS);
  if (display_extensions.find("EGL_KHR_no_config_context") == std::string::npos) {
    const EGLint wanted[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLint count = 0;
    eglChooseConfig(display, wanted, &config, 1, &count);
    if (count < 1) {
      eglTerminate(display);
      return no_gl("no EGL config for desktop OpenGL");
    }
  }
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT) {
    const std::string code = egl_error();
    eglTerminate(display);
    return no_gl("no OpenGL 3.3 core context (" + code + ")");
  }
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    const std::string code = egl_error();
    eglDestroyContext(display, context);
    eglTerminate(display);
    return no_gl("cannot make the context current without a surface (" + code + ")");
  }
  return std::unique_ptr<HeadlessContext>(new HeadlessContext(display, context));
}

HeadlessContext::~HeadlessContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
}

}  // namespace aem::render
