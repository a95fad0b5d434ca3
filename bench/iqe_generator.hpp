// Generates the skinned, animated IQE that bench_iqe parses and make_iqe writes to disk for the
// whole-process comparison with the reference compiler (scripts/bench.sh).
#pragma once

#include <string>

namespace aem::bench {

/// About 50 MB of IQE text: a 632 x 632 grid (400 000 vertices with vp, vt, vn and two-joint vb
/// lines, 797 000 fm triangles) weighted to a 64-joint chain, and one 800-frame animation bending it.
std::string make_grid_iqe();

}  // namespace aem::bench
