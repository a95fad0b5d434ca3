// The OpenGL API of the target: OpenGL 3.3 core through libepoxy on the desktop, OpenGL ES 3.0 (WebGL 2)
// in the Emscripten build, which defines AEM_GLES. The renderer uses the common subset and branches on
// AEM_GLES only where ES lacks a call (polygon mode, point size).
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#define AEM_GLES 1
#else
#include <epoxy/gl.h>
#endif
