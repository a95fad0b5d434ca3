// Separate roughness and metalness maps (Maya's StingrayPBS, 3ds Max's physical material, an .mtl's
// map_Pr and map_Pm) as the one glTF-style image the scene's metallic_roughness slot holds.
#pragma once

#include "core/image.hpp"

namespace aem {

/// The metallic-roughness image of two grey maps: G is the roughness map's first channel, B the
/// metalness map's (a grey map has its value in every channel), R and A are 255. Each map is sampled
/// nearest at the larger width and the larger height of the two; a channel without a map is 255, so
/// that the material's factor alone gives its value. Empty when neither map is given or one is empty.
Image pack_metallic_roughness(const Image* roughness, const Image* metalness);

}  // namespace aem
