#include "render/mesh_buffers.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

namespace aem::render {
namespace {

template <class T>
GLuint make_buffer(GLenum target, const std::vector<T>& data) {
  GLuint id = 0;
  glGenBuffers(1, &id);
  glBindBuffer(target, id);
  glBufferData(target, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), GL_STATIC_DRAW);
  return id;
}

}  // namespace

MeshBuffers::MeshBuffers(const Mesh& mesh, std::size_t joint_count) : vertex_count_(mesh.positions.size()) {
  const std::size_t n = vertex_count_;
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  auto attach_float = [&](Attribute a, GLuint buffer, GLint components, GLenum type = GL_FLOAT,
                          GLboolean normalized = GL_FALSE) {
    buffers_[a] = buffer;
    has_[a] = true;
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glEnableVertexAttribArray(a);
    glVertexAttribPointer(a, components, type, normalized, 0, nullptr);
  };
  auto attach_int = [&](Attribute a, GLuint buffer, GLint components) {
    buffers_[a] = buffer;
    has_[a] = true;
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glEnableVertexAttribArray(a);
    glVertexAttribIPointer(a, components, GL_INT, 0, nullptr);
  };

  attach_float(kPosition, make_buffer(GL_ARRAY_BUFFER, mesh.positions), 3);
  if (mesh.normals.size() == n) attach_float(kNormal, make_buffer(GL_ARRAY_BUFFER, mesh.normals), 3);
  if (mesh.tangents.size() == n) attach_float(kTangent, make_buffer(GL_ARRAY_BUFFER, mesh.tangents), 4);
  if (!mesh.uvs.empty() && mesh.uvs[0].size() == n) attach_float(kUv, make_buffer(GL_ARRAY_BUFFER, mesh.uvs[0]), 2);
  if (!mesh.colors.empty() && mesh.colors[0].size() == n)
    attach_float(kColor, make_buffer(GL_ARRAY_BUFFER, mesh.colors[0]), 4);
  if (mesh.skin.size() == n) {
    std::array<std::vector<std::array<std::int32_t, 4>>, 2> joints;
    std::array<std::vector<std::array<float, 4>>, 2> weights;
    for (int half = 0; half < 2; ++half) {
      joints[half].resize(n);
      weights[half].resize(n);
    }
    for (std::size_t v = 0; v < n; ++v)
      for (int k = 0; k < kMaxInfluences; ++k) {
        const std::int32_t j = mesh.skin[v].joints[k];
        const bool valid = j >= 0 && static_cast<std::size_t>(j) < joint_count;
        joints[k / 4][v][k % 4] = valid ? j : 0;
        weights[k / 4][v][k % 4] = valid ? mesh.skin[v].weights[k] : 0.0f;
      }
    attach_int(kJoints0, make_buffer(GL_ARRAY_BUFFER, joints[0]), 4);
    attach_float(kWeights0, make_buffer(GL_ARRAY_BUFFER, weights[0]), 4);
    // Most meshes have at most 4 influences: then the second group is a constant zero attribute
    // instead of two more buffers.
    const bool more_than_four = std::any_of(weights[1].begin(), weights[1].end(), [](const auto& w) {
      return w[0] != 0.0f || w[1] != 0.0f || w[2] != 0.0f || w[3] != 0.0f;
    });
    if (more_than_four) {
      attach_int(kJoints1, make_buffer(GL_ARRAY_BUFFER, joints[1]), 4);
      attach_float(kWeights1, make_buffer(GL_ARRAY_BUFFER, weights[1]), 4);
    }
  }
  if (mesh.rigid_joints.size() == n) {
    std::vector<std::int32_t> rigid(mesh.rigid_joints);
    for (auto& j : rigid)
      if (j < 0 || static_cast<std::size_t>(j) >= joint_count) j = -1;
    attach_int(kRigidJoint, make_buffer(GL_ARRAY_BUFFER, rigid), 1);
  }
  // Indices past the vertex arrays would read out of bounds on some drivers: dropped triangles.
  std::vector<std::uint32_t> indices;
  indices.reserve(mesh.indices.size());
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3)
    if (mesh.indices[i] < n && mesh.indices[i + 1] < n && mesh.indices[i + 2] < n)
      indices.insert(indices.end(), mesh.indices.begin() + static_cast<std::ptrdiff_t>(i),
                     mesh.indices.begin() + static_cast<std::ptrdiff_t>(i) + 3);
#ifdef AEM_GLES
  std::vector<std::uint32_t> edges;
  edges.reserve(indices.size() * 2);
  for (std::size_t i = 0; i < indices.size(); i += 3)
    for (int k = 0; k < 3; ++k) edges.insert(edges.end(), {indices[i + k], indices[i + (k + 1) % 3]});
  edge_count_ = static_cast<GLsizei>(edges.size());
  // The VAO keeps one element buffer: draw_edges binds this one while it draws.
  edge_buffer_ = make_buffer(GL_ELEMENT_ARRAY_BUFFER, edges);
#endif
  index_buffer_ = make_buffer(GL_ELEMENT_ARRAY_BUFFER, indices);
  index_count_ = static_cast<GLsizei>(indices.size());
  glBindVertexArray(0);
}

MeshBuffers::MeshBuffers(MeshBuffers&& o) noexcept
    : vao_(std::exchange(o.vao_, 0)),
      index_buffer_(std::exchange(o.index_buffer_, 0)),
      edge_buffer_(std::exchange(o.edge_buffer_, 0)),
      index_count_(o.index_count_),
      edge_count_(o.edge_count_),
      vertex_count_(o.vertex_count_) {
  std::memcpy(buffers_, o.buffers_, sizeof(buffers_));
  std::memcpy(has_, o.has_, sizeof(has_));
  std::fill(std::begin(o.buffers_), std::end(o.buffers_), 0u);
}

MeshBuffers::~MeshBuffers() {
  for (GLuint b : buffers_)
    if (b) glDeleteBuffers(1, &b);
  if (index_buffer_) glDeleteBuffers(1, &index_buffer_);
  if (edge_buffer_) glDeleteBuffers(1, &edge_buffer_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
}

void MeshBuffers::update(std::span<const Vec3> positions, std::span<const Vec3> normals) {
  if (positions.size() == vertex_count_) {
    glBindBuffer(GL_ARRAY_BUFFER, buffers_[kPosition]);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(positions.size_bytes()), positions.data());
  }
  if (has_[kNormal] && normals.size() == vertex_count_) {
    glBindBuffer(GL_ARRAY_BUFFER, buffers_[kNormal]);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(normals.size_bytes()), normals.data());
  }
}

void MeshBuffers::set_missing_attributes() const {
  // Constant values for the attributes this mesh lacks.
  if (!has_[kNormal]) glVertexAttrib3f(kNormal, 0, 0, 0);
  if (!has_[kTangent]) glVertexAttrib4f(kTangent, 0, 0, 0, 0);
  if (!has_[kUv]) glVertexAttrib2f(kUv, 0, 0);
  if (!has_[kColor]) glVertexAttrib4f(kColor, 1, 1, 1, 1);
  if (!has_[kJoints0]) {
    glVertexAttribI4i(kJoints0, 0, 0, 0, 0);
    glVertexAttrib4f(kWeights0, 0, 0, 0, 0);
  }
  if (!has_[kJoints1]) {
    glVertexAttribI4i(kJoints1, 0, 0, 0, 0);
    glVertexAttrib4f(kWeights1, 0, 0, 0, 0);
  }
  if (!has_[kRigidJoint]) glVertexAttribI4i(kRigidJoint, -1, 0, 0, 0);
}

void MeshBuffers::draw() const {
  set_missing_attributes();
  glBindVertexArray(vao_);
  glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

#ifdef AEM_GLES
void MeshBuffers::draw_edges() const {
  set_missing_attributes();
  glBindVertexArray(vao_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, edge_buffer_);
  glDrawElements(GL_LINES, edge_count_, GL_UNSIGNED_INT, nullptr);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
  glBindVertexArray(0);
}
#endif

}  // namespace aem::render
