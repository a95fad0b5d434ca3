#include "commands/hints.hpp"

#include <atomic>
#include <iterator>
#include <string_view>
#include <utility>

namespace aem::cli {
namespace {

/// What the tool offers for a diagnostic, by its code. Each holds in every command that prints the code.
constexpr std::pair<std::string_view, std::string_view> kHints[] = {
    {"UNKNOWN_FORMAT", "`aem formats` lists the formats this build reads and writes"},
    {"SIDE_FILE_REFUSED", "--asset-root DIR lets side files come from anywhere inside DIR as well"},
    {"GLTF_WRITE_LODS_DROPPED", "--lod-nodes writes them as child nodes that aem reads back as levels of detail"},
};

/// Whether kHints[i] was given already: a batch that meets one code in many files hints once.
/// Atomic because `aem convert -j` prints from its worker threads.
std::atomic<bool> given[std::size(kHints)];

}  // namespace

std::string diagnostic_text(const Diagnostic& d, const char* severity) {
  std::string text = d.to_string(severity);
  for (std::size_t i = 0; i < std::size(kHints); ++i)
    if (d.code == kHints[i].first && !given[i].exchange(true)) text += "\nhint: " + std::string(kHints[i].second);
  return text;
}

}  // namespace aem::cli
