// PK01: "PK01", u32 uncompressed_size, u32 0, then one DCL implode stream.
#include "formats/cem/pk01.hpp"

#include <cstring>
#include <string>

#include "core/byte_reader.hpp"
#include "formats/cem/dcl_explode.hpp"

namespace aem::formats {

bool is_pk01(std::span<const std::byte> bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(), "PK01", 4) == 0;
}

std::vector<std::byte> pk01_unwrap(std::span<const std::byte> bytes, std::size_t max_output) {
  detail::ByteReader r(bytes, "CEM");
  r.skip(4, "PK01 magic");
  const std::uint32_t size = r.u32("PK01 uncompressed size");
  const std::uint32_t reserved = r.u32("PK01 reserved field");
  if (reserved != 0)
    detail::fail_at("CEM", "PK01_BAD_HEADER", 8, "PK01 reserved field is " + std::to_string(reserved) + ", not 0");
  if (size > max_output)
    detail::fail_at("CEM", "PK01_TOO_LARGE", 4,
                    "PK01 declares " + std::to_string(size) + " uncompressed bytes, more than the limit of " +
                        std::to_string(max_output));
  auto payload = r.bytes(r.remaining(), "PK01 stream");
  auto result = dcl_explode({reinterpret_cast<const std::uint8_t*>(payload.data()), payload.size()}, size);
  if (!result.ok)
    detail::fail_at("CEM", "PK01_CORRUPT", kPk01HeaderSize + result.error_offset, "PK01 stream: " + result.error);
  if (result.output.size() != size)
    detail::fail_at("CEM", "PK01_SIZE_MISMATCH", 4,
                    "PK01 declares " + std::to_string(size) + " bytes but the stream holds " +
                        std::to_string(result.output.size()));
  std::vector<std::byte> out(result.output.size());
  if (!out.empty()) std::memcpy(out.data(), result.output.data(), out.size());
  return out;
}

}  // namespace aem::formats
