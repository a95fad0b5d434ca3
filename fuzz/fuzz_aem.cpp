// AEM reader fuzz target: the runtime validator, then (when valid) evaluation, the scene reader and
// the writer. Any crash, sanitizer report, hang or oversized allocation is a bug.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/animation.hpp"
#include "aem/aem_view.hpp"
#include "aem/io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  auto model = aem::AemModel::from_memory(bytes);
  if (model) {
    aem::AemAnimator animator(model->view());
    std::vector<aem::Mat4> skin(model->view().counts().bones);
    for (std::int32_t a = -1; a < static_cast<std::int32_t>(model->view().counts().animations) && a < 4; ++a)
      for (float t : {-1.0f, 0.0f, 0.5f, 1e9f}) animator.evaluate(a, t, skin);
  }
  auto scene = aem::read_scene(bytes, "fuzz.aem");
  if (scene) {
    const aem::FormatHandler* aem_format = aem::find_format("aem");
    auto out = aem_format->write(scene.value(), {});
    (void)out;
  }
  return 0;
}
