// One mesh's vertex arrays on the GPU: a VAO with one buffer per attribute the mesh has. Absent
// attributes read constants that draw() sets (they are context state, not VAO state, in GL 3.3).
#pragma once

#include "render/gl.hpp"

#include <span>

#include "aem/scene.hpp"

namespace aem::render {

/// Vertex attribute locations shared with the mesh shader.
enum Attribute : GLuint {
  kPosition = 0,
  kNormal,
  kTangent,
  kUv,
  kColor,
  kJoints0,
  kJoints1,
  kWeights0,
  kWeights1,
  kRigidJoint,
  kAttributeCount
};

class MeshBuffers {
 public:
  /// Uploads `mesh`. Skin joints outside [0, joint_count) get weight 0, as in pose_mesh; all 8
  /// influences are kept so the GPU blends exactly what the CPU reference does.
  MeshBuffers(const Mesh& mesh, std::size_t joint_count);
  MeshBuffers(MeshBuffers&& o) noexcept;
  MeshBuffers& operator=(MeshBuffers&&) = delete;
  MeshBuffers(const MeshBuffers&) = delete;
  ~MeshBuffers();

  /// Replaces positions (and normals when given and the mesh has them): vertex animation.
  void update(std::span<const Vec3> positions, std::span<const Vec3> normals);
  /// Draws the triangles; the mesh program must be in use.
  void draw() const;
#ifdef AEM_GLES
  /// Draws the triangles' edges as lines (wireframe where GL ES has no polygon mode).
  void draw_edges() const;
#endif
  bool has_tangents() const { return has_[kTangent]; }

 private:
  void set_missing_attributes() const;

  GLuint vao_ = 0, index_buffer_ = 0, edge_buffer_ = 0;
  GLuint buffers_[kAttributeCount] = {};
  bool has_[kAttributeCount] = {};
  GLsizei index_count_ = 0, edge_count_ = 0;
  std::size_t vertex_count_ = 0;
};

}  // namespace aem::render
