// MappedFile::release: the pages of a range leave the process (smaps Rss) and the bytes stay readable,
// read again from the file; a range reaching past the mapping touches nothing outside it.
#include <gtest/gtest.h>

#include <numeric>

#include "core/file.hpp"
#include "support/corpus.hpp"
#include "support/resident.hpp"

namespace aem {
namespace {

constexpr std::size_t kMB = 1 << 20;

/// Every 4-byte word of a pattern that tells each position apart.
std::vector<std::byte> pattern(std::size_t size) {
  std::vector<std::uint32_t> words(size / 4);
  std::iota(words.begin(), words.end(), 0x01020304u);
  const auto* p = reinterpret_cast<const std::byte*>(words.data());
  return {p, p + size};
}

bool same(std::span<const std::byte> a, const std::vector<std::byte>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

TEST(MappedFileRelease, PagesLeaveTheProcessAndTheBytesStay) {
  const auto file = test::temp_dir("mapped-release") / "data.bin";
  const auto want = pattern(8 * kMB);
  test::write_file(file, want);
  auto mapped = detail::MappedFile::open(file);
  ASSERT_TRUE(mapped.ok()) << mapped.error().to_string();
  const auto bytes = mapped->bytes();
  ASSERT_TRUE(same(bytes, want));
  EXPECT_GE(test::resident_bytes(bytes.data()), 8 * kMB);

  // Not on page boundaries: the whole pages inside go. (The kernel may drop more: a file's huge page
  // mapped whole is unmapped whole when part of it goes.)
  mapped->release(bytes.subspan(kMB + 1, 6 * kMB - 2));
  EXPECT_LE(test::resident_bytes(bytes.data()), 2 * kMB + 2 * 4096);
  ASSERT_TRUE(same(bytes, want));
  EXPECT_GE(test::resident_bytes(bytes.data()), 8 * kMB);

  // Reaching a megabyte before and after the mapping: clamped to it.
  mapped->release({bytes.data() - kMB, bytes.size() + 2 * kMB});
  EXPECT_LE(test::resident_bytes(bytes.data()), 4096u);
  EXPECT_TRUE(same(bytes, want));
}

}  // namespace
}  // namespace aem
