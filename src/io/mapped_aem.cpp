// map_current_aem: the mapped load plus the layout check read_scene would also make.
#include "io/mapped_aem.hpp"

#include "aem/legacy.hpp"

namespace aem {

Result<AemModel> map_current_aem(const std::string& file, AemModel::Source source) {
  auto model = AemModel::load(file, source);
  if (!model) return model;
  // A size both layouts fit is read as the current one, with a warning the view does not give.
  auto layout = detect_aem_layout(model->view().bytes());
  for (auto& w : layout.warnings) w.file = file;
  model.warnings.insert(model.warnings.begin(), layout.warnings.begin(), layout.warnings.end());
  return model;
}

}  // namespace aem
