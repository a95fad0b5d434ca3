// Images for looking at textures and UV layouts: a UV checker, and one channel of an image as grey.
#pragma once

#include "core/image.hpp"

namespace aem::render {

/// A `size` x `size` RGBA checkerboard of 8 x 8 cells alternating light and dark grey, each cell
/// tinted by its column (red) and row (green) so that flips and rotations of a UV layout show.
Image uv_checker_image(int size = 256);

/// Channel `channel` (0 = R .. 3 = A) of `image` copied into R, G and B, alpha opaque; an empty image
/// for a channel out of range.
Image channel_image(const Image& image, int channel);

}  // namespace aem::render
