#include "render/gl_program.hpp"

#include <algorithm>
#include <utility>

#include "render/shaders.hpp"

namespace aem::render {
namespace {

// What every shader starts with: the target's GLSL version (ES also needs default precisions) and the
// constants shared with the C++ side.
std::string shader_prelude() {
#ifdef AEM_GLES
  std::string prelude = "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n";
#else
  std::string prelude = "#version 330 core\n";
#endif
  return prelude + "#define SKIN_JOINTS_PER_ROW " + std::to_string(shaders::kSkinJointsPerRow) + "\n";
}

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log;
}

Error shader_error(const char* name, const std::string& what) {
  return Error{.code = "RENDER_SHADER", .format = "GL", .path = name, .message = what};
}

}  // namespace

GlProgram& GlProgram::operator=(GlProgram&& o) noexcept {
  std::swap(id_, o.id_);
  std::swap(locations_, o.locations_);
  return *this;
}

GlProgram::~GlProgram() {
  if (id_) glDeleteProgram(id_);
}

Result<GlProgram> build_program(const char* name, const std::string& vertex, const std::string& fragment) {
  GLuint shaders[2] = {glCreateShader(GL_VERTEX_SHADER), glCreateShader(GL_FRAGMENT_SHADER)};
  const std::string prelude = shader_prelude();
  const std::string sources[2] = {prelude + vertex, prelude + fragment};
  for (int i = 0; i < 2; ++i) {
    const char* text = sources[i].c_str();
    glShaderSource(shaders[i], 1, &text, nullptr);
    glCompileShader(shaders[i]);
    GLint ok = 0;
    glGetShaderiv(shaders[i], GL_COMPILE_STATUS, &ok);
    if (!ok) {
      std::string log = shader_log(shaders[i]);
      glDeleteShader(shaders[0]);
      glDeleteShader(shaders[1]);
      return shader_error(name, (i == 0 ? "vertex shader: " : "fragment shader: ") + log);
    }
  }
  GlProgram program(glCreateProgram());
  for (GLuint s : shaders) glAttachShader(program.id(), s);
  glLinkProgram(program.id());
  for (GLuint s : shaders) glDeleteShader(s);
  GLint ok = 0;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(program.id(), GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program.id(), length, nullptr, log.data());
    return shader_error(name, "link: " + log);
  }
  return program;
}

}  // namespace aem::render
