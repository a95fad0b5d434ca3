// A small FBX document with every kind of object the FBX reader handles, shared by the reader's hostile
// tests and the fuzz target's seed maker (fuzz/make_fbx_seeds.cpp).
#pragma once

#include "support/fbx_builder.hpp"

namespace aem::test::fbx {

/// A skinned, blend-shaped mesh with a material and an embedded texture, a skeleton node with a
/// pre-rotation, and one take animating both the bone and the blend weight.
Document sample_document();

}  // namespace aem::test::fbx
