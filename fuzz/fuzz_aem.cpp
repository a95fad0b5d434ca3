// AEM reader fuzz target, both layouts: the runtime validator, then (when valid) evaluation, the
// legacy (2022) view and animator, the scene reader (which detects the layout) and the writer. Any
// crash, sanitizer report, hang or oversized allocation is a bug.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "aem/animation.hpp"
#include "aem/aem_view.hpp"
#include "aem/io.hpp"
#include "aem/legacy.hpp"

namespace {

/// The legacy view and animator over `bytes`. Mutated counts rarely keep the exact size, so the
/// prefix a legacy header asks for is tried too: mutations of counts still reach the sections.
void fuzz_legacy(std::span<const std::byte> bytes) {
  if (bytes.size() >= aem::legacy_file::kHeaderSize) {
    aem::legacy_file::Counts c;
    std::memcpy(&c, bytes.data() + 4, sizeof(c));
    const auto size = aem::legacy_file::file_size(c);
    if (size && *size < bytes.size()) bytes = bytes.first(*size);
  }
  auto view = aem::LegacyView::validate(bytes);
  if (!view) return;
  aem::LegacyAnimator animator(view.value());
  std::vector<aem::Mat4> skin(view->counts().bones);
  for (float frame : {-1.0f, 0.0f, 0.5f, 12.0f, 1e9f}) animator.evaluate(frame, skin);
  auto scene = aem::read_scene(bytes, "fuzz.aem");
  if (scene) (void)aem::find_format("aem")->write(scene.value(), {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  auto model = aem::AemModel::from_memory(bytes);
  if (model) {
    aem::AemAnimator animator(model->view());
    std::vector<aem::Mat4> skin(model->view().counts().bones);
    for (std::int32_t a = -1; a < static_cast<std::int32_t>(model->view().counts().animations) && a < 4; ++a)
      for (float t : {-1.0f, 0.0f, 0.5f, 1e9f}) animator.evaluate(a, t, skin);
  }
  fuzz_legacy(bytes);
  auto scene = aem::read_scene(bytes, "fuzz.aem");
  if (scene) {
    const aem::FormatHandler* aem_format = aem::find_format("aem");
    auto out = aem_format->write(scene.value(), {});
    (void)out;
  }
  return 0;
}
