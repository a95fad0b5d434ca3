// FBX (Autodesk's interchange format, binary and ASCII, versions 2000 to 7.7): read natively with the
// vendored ufbx (third_party/ufbx) into the scene, brought to metres and Y up (docs/formats/fbx.md).
// Wavefront OBJ with its .mtl goes through the same reader, since ufbx parses it too (docs/formats/obj.md).
// Read-only: aem writes the formats games load, not FBX or OBJ.
#pragma once

#include <span>

#include "aem/io.hpp"

namespace aem::formats {

/// True for the binary magic "Kaydara FBX Binary" or an ASCII file whose first line is an FBX comment.
bool fbx_sniff(std::span<const std::byte> head);
/// True when `head` starts with the binary magic: a binary FBX, whatever its version.
bool fbx_binary(std::span<const std::byte> head);
/// Reads an .fbx file into the scene (metres, Y up, right-handed, counter-clockwise front faces).
Result<Scene> fbx_read(const ReadInput& input);
/// Reads an .obj file and the .mtl libraries it names (from the allowed folders only) into the scene,
/// its numbers as they are: OBJ declares no units or axes.
Result<Scene> obj_read(const ReadInput& input);

}  // namespace aem::formats
