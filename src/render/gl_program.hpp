// Compiling and linking GLSL programs; errors come back as text instead of being printed.
#pragma once

#include "render/gl.hpp"

#include <string>
#include <unordered_map>

#include "aem/error.hpp"

namespace aem::render {

/// An owned GL program object (deleted on destruction; needs the context that made it).
class GlProgram {
 public:
  GlProgram() = default;
  explicit GlProgram(GLuint id) : id_(id) {}
  GlProgram(GlProgram&& o) noexcept : id_(o.id_), locations_(std::move(o.locations_)) { o.id_ = 0; }
  GlProgram& operator=(GlProgram&& o) noexcept;
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  ~GlProgram();

  GLuint id() const { return id_; }
  /// The uniform's location, asked of GL once per name (draw calls look locations up every frame).
  GLint uniform(const char* name) const {
    auto [it, added] = locations_.try_emplace(name, -1);
    if (added) it->second = glGetUniformLocation(id_, name);
    return it->second;
  }

 private:
  GLuint id_ = 0;
  mutable std::unordered_map<std::string, GLint> locations_;
};

/// Compiles and links a vertex + fragment shader pair, each given without its #version line (the
/// target's is put first). Error code RENDER_SHADER with the GL log.
Result<GlProgram> build_program(const char* name, const std::string& vertex, const std::string& fragment);

}  // namespace aem::render
