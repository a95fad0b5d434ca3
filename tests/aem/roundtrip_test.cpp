// AEM -> scene -> AEM gives the same bytes, except the garbage the reference exporter leaves after
// the NUL of 128-byte strings (docs/formats/aem.md §3.4), which our writer zero-fills.
#include <gtest/gtest.h>

#include <cstring>

#include "aem/aem_view.hpp"
#include "formats/aem/aem_format.hpp"
#include "support/corpus.hpp"
#include "support/fixtures.hpp"

namespace aem {
namespace {

/// Copy of an AEM file with every texture and animation name zero-filled after its NUL.
std::vector<std::byte> zero_string_tails(std::vector<std::byte> bytes) {
  auto view = AemView::validate(bytes);
  EXPECT_TRUE(view.ok());
  if (!view) return bytes;
  auto clear_tail = [&](std::uint64_t at) {
    char* s = reinterpret_cast<char*>(bytes.data() + at);
    std::size_t n = strnlen(s, 128);
    if (n < 128) std::memset(s + n, 0, 128 - n);
  };
  for (std::uint32_t t = 0; t < view->counts().textures; ++t) clear_tail(view->offsets().textures + 128ull * t);
  for (std::uint32_t a = 0; a < view->counts().animations; ++a) clear_tail(view->offsets().animations + 136ull * a);
  return bytes;
}

TEST(AemRoundTrip, CorpusFilesWriteBackIdentically) {
  AEM_CORPUS_OR_FIXTURE_FILES(files, "aem", ".aem");
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    auto bytes = test::read_bytes(file);
    auto scene = formats::aem_read(ReadInput{bytes, file, {}});
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    auto written = formats::aem_write(scene.value(), {});
    ASSERT_TRUE(written.ok()) << written.error().to_string();
    auto expected = zero_string_tails(bytes);
    ASSERT_EQ(written->size(), expected.size());
    EXPECT_TRUE(std::memcmp(written->data(), expected.data(), expected.size()) == 0) << "bytes differ";
  }
}

}  // namespace
}  // namespace aem
