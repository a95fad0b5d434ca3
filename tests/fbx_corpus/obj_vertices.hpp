// The vertex positions of a Wavefront .obj (its `v` lines), which is all a reference frame of ufbx's
// test suite is compared by.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "aem/math.hpp"

namespace aem::fbx_corpus {

/// Every `v x y z [...]` line's first three numbers, in file order. Throws std::runtime_error naming
/// the line when a `v` line has fewer than three numbers.
std::vector<Vec3> obj_vertices(std::string_view text);

/// obj_vertices of a file; throws std::runtime_error when it cannot be read.
std::vector<Vec3> read_obj_vertices(const std::filesystem::path& path);

}  // namespace aem::fbx_corpus
