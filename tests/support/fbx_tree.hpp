// The FBX document tree shared by both encodings: named records holding typed values and child records.
// The layouts (fbx_layout_*.cpp) build it, the encoders (fbx_tree_ascii.cpp, fbx_tree_binary.cpp) write it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace aem::test::fbx::detail {

/// A one-letter value: binary type 'C', a bare word in ASCII (e.g. `Shading: T`, key modes `U,s,n`).
struct Char {
  char c;
};

/// An object's name with its class: "Class::Name" in ASCII, "Name\0\x01Class" in binary.
struct ObjectName {
  std::string type, name;
};

/// Bytes: binary type 'R', a base64 string in ASCII.
struct Raw {
  std::vector<std::byte> bytes;
};

/// 32-bit floats that FBX 7 ASCII writes as their IEEE bit patterns (KeyAttrDataFloat); binary type 'f'.
struct FloatBits {
  std::vector<float> values;
};

using Value =
    std::variant<Char, std::int32_t, std::int64_t, double, std::string, ObjectName, Raw, std::vector<std::int32_t>,
                 std::vector<std::int64_t>, std::vector<float>, std::vector<double>, FloatBits>;

struct Record {
  std::string name;
  std::vector<Value> values;
  std::vector<Record> children;

  /// Appends a child record and returns it (references stay valid only until the next add).
  template <typename... Values>
  Record& add(std::string child_name, Values&&... child_values) {
    Record& r = children.emplace_back();
    r.name = std::move(child_name);
    (r.values.emplace_back(std::forward<Values>(child_values)), ...);
    return r;
  }
};

/// The ASCII file: the "; FBX x.y.z project file" line, then the top-level records. FBX 6.1 writes arrays
/// as plain value lists, FBX 7 as `*count { a: ... }`. Throws std::invalid_argument for a string ASCII
/// cannot hold (a quote or a line break).
std::vector<std::byte> encode_ascii(const std::vector<Record>& top, int version);

/// The binary file: header with version, records (32-bit offsets before 7500, 64-bit from 7500), the
/// closing null record and the footer. Before FBX 7 arrays are written as one value per element.
std::vector<std::byte> encode_binary(const std::vector<Record>& top, int version);

}  // namespace aem::test::fbx::detail
