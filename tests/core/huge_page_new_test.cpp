// The tools' allocation policy (src/process/huge_page_new.cpp), linked into this test program as into
// the tools: a large allocation's whole 2 MB pages carry the kernel's huge page advice.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace {

/// The VmFlags of the mapping that holds `address` in /proc/self/smaps, or "" when none does.
std::string vm_flags_at(std::uintptr_t address) {
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= address && address < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return {};
}

TEST(HugePageNew, ALargeAllocationIsAdvisedToUseHugePages) {
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) GTEST_SKIP() << "this kernel has no transparent huge pages";
  const char* setting = std::getenv("AEM_HUGE_PAGES");
  if (setting && std::string(setting) == "0") GTEST_SKIP() << "AEM_HUGE_PAGES=0 turns the advice off";
  constexpr std::size_t kSize = std::size_t{8} << 20, kHugePage = std::size_t{2} << 20;
  const auto block = std::unique_ptr<std::byte[]>(new std::byte[kSize]);
  const auto first_whole_page = (reinterpret_cast<std::uintptr_t>(block.get()) + kHugePage - 1) & ~(kHugePage - 1);
  const std::string flags = vm_flags_at(first_whole_page);
  ASSERT_FALSE(flags.empty()) << "no mapping holds the allocation";
  EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
}

}  // namespace
