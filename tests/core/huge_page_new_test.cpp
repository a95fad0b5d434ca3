// The tools' allocation policy (src/process/huge_page_new.cpp), linked into this test program as into
// the tools: a large allocation's whole 2 MB pages carry the kernel's huge page advice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <vector>

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

// The standard library's temporary buffers come from the nothrow new and go back through the sized
// delete, and new[] memory through delete[]: each pair must meet one allocator. A runtime's own nothrow
// new met the tools' delete when only the throwing new was replaced (AddressSanitizer reported
// alloc-dealloc-mismatch in `aem convert` of an animated model, at the key times' std::inplace_merge).
TEST(HugePageNew, EveryNewFormPairsWithItsDelete) {
  std::vector<float> times{0.5f, 1.5f, 2.5f, 0.0f, 1.0f, 2.0f};
  std::inplace_merge(times.begin(), times.begin() + 3, times.end());
  EXPECT_TRUE(std::is_sorted(times.begin(), times.end()));
  void* single = ::operator new(24, std::nothrow);
  ASSERT_NE(single, nullptr);
  ::operator delete (single, std::size_t{24});
  void* array = ::operator new[](24, std::nothrow);
  ASSERT_NE(array, nullptr);
  ::operator delete[](array, std::size_t{24});
}

TEST(HugePageNew, ALargeAllocationIsAdvisedToUseHugePages) {
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage"))
    GTEST_SKIP() << "this kernel has no transparent huge pages";
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
