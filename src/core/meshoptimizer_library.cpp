#include "core/meshoptimizer_library.hpp"

#include <meshoptimizer.h>

#include "core/shared_library.hpp"

namespace aem::detail {
namespace {

// The table's signatures are written out because meshoptimizer.h overloads several names for C++.
// Each line compiles only where the table's type is the header's (unevaluated: nothing is linked).
using Table = MeshoptimizerLibrary;
static_assert(sizeof(static_cast<decltype(Table::decode_vertex_buffer)>(&meshopt_decodeVertexBuffer)));
static_assert(sizeof(static_cast<decltype(Table::decode_index_buffer)>(&meshopt_decodeIndexBuffer)));
static_assert(sizeof(static_cast<decltype(Table::decode_index_sequence)>(&meshopt_decodeIndexSequence)));
static_assert(sizeof(static_cast<decltype(Table::decode_filter_oct)>(&meshopt_decodeFilterOct)));
static_assert(sizeof(static_cast<decltype(Table::decode_filter_quat)>(&meshopt_decodeFilterQuat)));
static_assert(sizeof(static_cast<decltype(Table::decode_filter_exp)>(&meshopt_decodeFilterExp)));
static_assert(sizeof(static_cast<decltype(Table::optimize_vertex_cache)>(&meshopt_optimizeVertexCache)));
static_assert(sizeof(static_cast<decltype(Table::optimize_vertex_fetch_remap)>(&meshopt_optimizeVertexFetchRemap)));
static_assert(sizeof(static_cast<decltype(Table::remap_index_buffer)>(&meshopt_remapIndexBuffer)));
static_assert(sizeof(static_cast<decltype(Table::simplify)>(&meshopt_simplify)));

LibraryTable<MeshoptimizerLibrary> load() {
  return load_library_table<MeshoptimizerLibrary>(
      library_name("AEM_MESHOPTIMIZER_LIBRARY", AEM_MESHOPTIMIZER_SONAME), [](auto bind, MeshoptimizerLibrary& m) {
        return bind("meshopt_decodeVertexBuffer", m.decode_vertex_buffer) &&
               bind("meshopt_decodeIndexBuffer", m.decode_index_buffer) &&
               bind("meshopt_decodeIndexSequence", m.decode_index_sequence) &&
               bind("meshopt_decodeFilterOct", m.decode_filter_oct) &&
               bind("meshopt_decodeFilterQuat", m.decode_filter_quat) &&
               bind("meshopt_decodeFilterExp", m.decode_filter_exp) &&
               bind("meshopt_optimizeVertexCache", m.optimize_vertex_cache) &&
               bind("meshopt_optimizeVertexFetchRemap", m.optimize_vertex_fetch_remap) &&
               bind("meshopt_remapIndexBuffer", m.remap_index_buffer) && bind("meshopt_simplify", m.simplify);
      });
}

}  // namespace

Result<const MeshoptimizerLibrary*> meshoptimizer_for(std::string_view step) {
  static const LibraryTable<MeshoptimizerLibrary> loaded = load();
  if (loaded.ok) return &loaded.functions;
  return Error{.code = "MESHOPTIMIZER_UNAVAILABLE",
               .message = std::string(step) + " needs meshoptimizer, which could not be loaded (" + loaded.why + ")"};
}

}  // namespace aem::detail
