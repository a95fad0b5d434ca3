// A process-wide allocation policy for the tools and benchmarks (never for the libraries, which leave
// allocation to the program that links them): allocations of 2 MB or more ask the kernel for
// transparent huge pages. A model's arrays are tens of megabytes of fresh memory; with 4 KB pages the
// kernel spends more time faulting them in and out (one fault, one zeroing, one accounting step per
// page) than the converter spends filling them. docs/performance.md has the figures.
//
// Every form but the aligned ones is replaced (single and array, throwing and nothrow, and their
// deletes), so each allocation goes back to the free of the malloc it came from whatever news the
// runtime brings. AddressSanitizer brings its own nothrow and array news: the standard library's
// temporary buffers (std::inplace_merge, std::stable_sort) take the nothrow form and give back through
// the sized delete, and new[] would miss the huge page advice. The aligned forms come with their
// deletes from one runtime, so those pairs match as they are.
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;

// AEM_HUGE_PAGES=0 turns the advice off (to measure what it buys, or where memory is tight).
bool huge_pages_wanted() {
  static const bool wanted = [] {
    const char* v = std::getenv("AEM_HUGE_PAGES");
    return !(v && std::strcmp(v, "0") == 0);
  }();
  return wanted;
}

// Advises the whole 2 MB-aligned pages inside [p, p + n): the kernel can back only those with huge
// pages. Best effort: a kernel without them refuses and the memory stays in small pages.
void advise_huge_pages(void* p, std::size_t n) {
  const auto begin = (reinterpret_cast<std::uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(p) + n) & ~(kHugePage - 1);
  if (begin < end) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace

void* operator new(std::size_t n) {
  for (;;) {
    if (void* p = std::malloc(n ? n : 1)) {
      if (n >= kHugePage && huge_pages_wanted()) advise_huge_pages(p, n);
      return p;
    }
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

void* operator new[](std::size_t n) { return ::operator new(n); }
void* operator new[](std::size_t n, const std::nothrow_t& nothrow) noexcept { return ::operator new(n, nothrow); }

void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
