// Generates the skinned, animated IQE that bench_iqe parses and make_iqe writes to disk for the
// whole-process comparison with the reference compiler (scripts/bench.sh).
#pragma once

#include <string>

namespace aem::bench {

/// IQE text of a `grid` x `grid` mesh (vertices with vp, vt, vn and two-joint vb lines, two fm
/// triangles per cell) weighted to a chain of `joints` (at least 2), with one animation of `frames`
/// frames bending it. The defaults give bench_iqe's 50 MB: 400 000 vertices, 797 000 triangles.
std::string make_grid_iqe(int grid = 632, int joints = 64, int frames = 800);

}  // namespace aem::bench
