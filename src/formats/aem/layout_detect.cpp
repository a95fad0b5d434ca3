// Current or legacy AEM? Both start with "AEM" + version 1; only the exact file size each header
// implies tells them apart (docs/formats/aem.md §9).
#include <cstring>
#include <string>

#include "aem/aem_file.hpp"
#include "aem/legacy.hpp"

namespace aem {
namespace {

std::uint32_t u32_at(std::span<const std::byte> bytes, std::size_t offset) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + offset, 4);
  return v;
}

std::string size_text(std::optional<std::uint64_t> size) {
  return size ? std::to_string(*size) + " bytes" : "more than 2^64 bytes";
}

}  // namespace

Result<AemLayout> detect_aem_layout(std::span<const std::byte> bytes) {
  const bool aem_v1 = bytes.size() >= 4 && std::memcmp(bytes.data(), "AEM", 3) == 0 &&
                      std::to_integer<std::uint8_t>(bytes[3]) == aem_file::kVersion;
  if (!aem_v1 || bytes.size() < legacy_file::kHeaderSize) return AemLayout::Current;

  const legacy_file::Counts lc{u32_at(bytes, 4), u32_at(bytes, 8), u32_at(bytes, 12), u32_at(bytes, 16),
                               u32_at(bytes, 20)};
  const std::optional<std::uint64_t> legacy_size = legacy_file::file_size(lc);
  std::optional<std::uint64_t> current_size;
  if (bytes.size() >= aem_file::kHeaderSize) {
    aem_file::Counts cc;
    std::memcpy(&cc, bytes.data() + 4, sizeof(cc));
    current_size = aem_file::file_size(cc);
  }
  const bool legacy_fits = legacy_size == bytes.size();
  const bool current_fits = current_size == bytes.size();

  if (current_fits && legacy_fits) {
    Result<AemLayout> r(AemLayout::Current);
    r.warnings.push_back(Warning{.code = "AEM_LAYOUT_AMBIGUOUS",
                                 .format = "AEM",
                                 .offset = 0,
                                 .path = "header",
                                 .message = "the header fits both the current and the legacy (2022) layout (" +
                                            std::to_string(bytes.size()) + " bytes); read as the current layout"});
    return r;
  }
  if (current_fits) return AemLayout::Current;
  if (legacy_fits) return AemLayout::Legacy;
  return Error{.code = "AEM_SIZE_MISMATCH",
               .format = "AEM",
               .offset = 0,
               .path = "header",
               .message = "the file has " + std::to_string(bytes.size()) + " bytes, but its header implies " +
                          (current_size ? size_text(current_size) : std::string("at least 40 bytes")) +
                          " as a current-layout file and " + size_text(legacy_size) +
                          " as a legacy (2022) file: truncated, trailing bytes, or an unknown layout"};
}

}  // namespace aem
