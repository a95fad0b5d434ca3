// The meshes an IQE/IQM export writes: each either borrowed from the scene being written, when the
// export leaves it as it is, or a copy of its own, when the export changes it. A real file's meshes
// are mostly written unchanged, and a copy of each vertex array would be the conversion's largest
// memory traffic after the file itself.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

#include "aem/scene.hpp"

namespace aem::formats::iqe {

class MeshList {
 public:
  /// Iterates the meshes as `const Mesh&`, in order.
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Mesh;
    using difference_type = std::ptrdiff_t;
    using pointer = const Mesh*;
    using reference = const Mesh&;
    const_iterator() = default;
    explicit const_iterator(std::vector<std::shared_ptr<const Mesh>>::const_iterator at) : at_(at) {}
    const Mesh& operator*() const { return **at_; }
    const Mesh* operator->() const { return at_->get(); }
    const_iterator& operator++() { return ++at_, *this; }
    const_iterator operator++(int) { return const_iterator(at_++); }
    friend bool operator==(const const_iterator&, const const_iterator&) = default;

   private:
    std::vector<std::shared_ptr<const Mesh>>::const_iterator at_;
  };

  /// Appends a mesh of its own.
  void push_back(Mesh mesh) { meshes_.push_back(std::make_shared<Mesh>(std::move(mesh))); }
  /// Appends `mesh` itself, not a copy: it must outlive this list and every copy of it.
  void borrow(const Mesh& mesh) { meshes_.emplace_back(std::shared_ptr<const Mesh>(), &mesh); }
  /// Mesh `i` to change: a copy of its own first when it is borrowed or shared with a copied list.
  Mesh& own(std::size_t i) {
    if (meshes_[i].use_count() != 1) meshes_[i] = std::make_shared<Mesh>(*meshes_[i]);
    // Every mesh owned by one list alone was made by make_shared<Mesh> above or in push_back.
    return const_cast<Mesh&>(*meshes_[i]);
  }

  const Mesh& operator[](std::size_t i) const { return *meshes_[i]; }
  std::size_t size() const { return meshes_.size(); }
  bool empty() const { return meshes_.empty(); }
  void clear() { meshes_.clear(); }
  const_iterator begin() const { return const_iterator(meshes_.begin()); }
  const_iterator end() const { return const_iterator(meshes_.end()); }

 private:
  // A borrowed mesh is a pointer that owns nothing (use_count 0); the others are shared between
  // copies of the list, so that copying an export model copies no vertex.
  std::vector<std::shared_ptr<const Mesh>> meshes_;
};

}  // namespace aem::formats::iqe
