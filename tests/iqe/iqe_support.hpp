// Helpers for the IQE/IQM tests: reading text or bytes as a scene, and small quaternion checks.
#pragma once

#include <string>
#include <vector>

#include "aem/io.hpp"

namespace aem::test {

inline std::vector<std::byte> as_bytes(const std::string& text) {
  const auto* first = reinterpret_cast<const std::byte*>(text.data());
  return {first, first + text.size()};
}

/// Reads IQE text (the header line is added unless `with_header` is false).
inline Result<Scene> read_iqe(const std::string& body, bool with_header = true) {
  return read_scene(as_bytes(with_header ? "# Inter-Quake Export\n" + body : body), "test.iqe");
}

/// Writes `scene` in `format` to memory and reads it back.
inline Result<Scene> round_trip(const Scene& scene, const char* format) {
  const FormatHandler* f = find_format(format);
  auto bytes = f->write(scene, WriteOptions{});
  if (!bytes.ok()) return bytes.error();
  return read_scene(bytes.value(), std::string("round-trip.") + format);
}

}  // namespace aem::test
