// The scanner reads words of 8 bytes ahead of the text it parses; it must never read past the text it
// was given (a mapped file is not padded). Each text here ends on the last byte of a readable page
// with a PROT_NONE page after it, so one byte read too far is a fault, with or without a sanitizer.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/parse_error.hpp"
#include "formats/iqe/parser.hpp"

namespace aem {
namespace {

/// A copy of a text that ends exactly where an inaccessible page begins.
class TextBeforeGuardPage {
 public:
  explicit TextBeforeGuardPage(std::string_view text) {
    const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    readable_ = (text.size() + page - 1) / page * page;
    void* p = ::mmap(nullptr, readable_ + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::runtime_error("mmap failed");
    base_ = static_cast<char*>(p);
    if (::mprotect(base_ + readable_, page, PROT_NONE) != 0) throw std::runtime_error("mprotect failed");
    char* start = base_ + readable_ - text.size();
    std::memcpy(start, text.data(), text.size());
    text_ = {start, text.size()};
    size_ = readable_ + page;
  }
  ~TextBeforeGuardPage() { ::munmap(base_, size_); }
  TextBeforeGuardPage(const TextBeforeGuardPage&) = delete;
  TextBeforeGuardPage& operator=(const TextBeforeGuardPage&) = delete;

  std::string_view text() const { return text_; }

 private:
  char* base_ = nullptr;
  std::size_t readable_ = 0, size_ = 0;
  std::string_view text_;
};

/// Parses every prefix of `header + line` that keeps the header, each ending at the guard page: the
/// file ends at every byte of the line in turn. Errors are fine (a cut number is still a number, a cut
/// command is not); a read past the end is a crash.
void parse_every_cut(const std::string& line) {
  const std::string header = "# Inter-Quake Export\nmesh m\n";
  const std::string whole = header + line;
  for (std::size_t end = header.size(); end <= whole.size(); ++end) {
    const TextBeforeGuardPage guarded(std::string_view(whole).substr(0, end));
    try {
      formats::iqe::parse(guarded.text());
    } catch (const detail::ParseError&) {
    }
  }
}

// The longest tokens of the forms the fast path reads: 7-digit integer parts and joints, 8 fraction
// digits and two more, a sign; enough of them that the line is longer than the scanner's look-ahead.
TEST(IqeInputEnd, VertexLinesCutAtEveryByte) {
  parse_every_cut("vp -1234567.1234567890 -1234567.1234567890 -1234567.1234567890 -1234567.1234567890\n");
  parse_every_cut("vt -1234567.1234567890 -1234567.1234567890\n");
  parse_every_cut("vn -1234567.1234567890 -1234567.1234567890 -1234567.1234567890\n");
  parse_every_cut("vc -1234567.1234567890 -1234567.1234567890 -1234567.1234567890 -1234567.1234567890\n");
}

TEST(IqeInputEnd, InfluenceLinesCutAtEveryByte) {
  parse_every_cut("vb 1234567 -1234567.1234567890 1234567 -1234567.1234567890 1234567 0.1234567890\n");
  parse_every_cut("vb 1 0.12345678 2 0.12345678 3 0.12345678 4 0.12345678 5 0.12345678\n");
}

TEST(IqeInputEnd, FaceAndPoseLinesCutAtEveryByte) {
  parse_every_cut("fm 1234567 -1234567 1234567 -1234567 1234567 -1234567 1234567\n");
  parse_every_cut("fa 1234567 1234567 1234567 1234567 1234567 1234567 1234567\n");
  parse_every_cut(
      "pq -1234567.1234567890 -1234567.1234567890 -1234567.1234567890 -1234567.1234567890 -1234567.1234567890\n");
}

}  // namespace
}  // namespace aem
