// How far apart two versions of one animated model pose their points, measured as key reduction's
// tests need it: every vertex posed as the renderer poses it (posed_geometry.hpp), or for a model
// without vertices each joint's origin and the points a bone's length along its axes.
#pragma once

#include <vector>

#include "aem/scene.hpp"

namespace aem::test {

/// Every key time of `animation` (all lists of all channels) and the midpoint between each two
/// successive ones, increasing.
std::vector<float> key_times_and_midpoints(const Animation& animation);

/// The largest distance (metres) between the points of `a` and of `b` (the same model: the same
/// vertices, or without vertices the same joints), posed by animation i of each at every time of
/// key_times_and_midpoints(a's animation i), for every animation of `a`. Fails the test when the two
/// have different point counts.
double largest_animation_distance(const Scene& a, const Scene& b);

}  // namespace aem::test
