// Uses the installed library: writes the example model, loads it through the runtime view and the
// C API, and evaluates its animation. Exit 0 when everything agrees.
#include <aem/aem.h>
#include <aem/aem_view.hpp>
#include <aem/animation.hpp>
#include <aem/example.hpp>
#include <aem/io.hpp>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  if (!aem::write_scene(argv[1], aem::make_example_scene()).ok()) return 1;
  auto model = aem::AemModel::load(argv[1]);
  if (!model) return 1;
  AEMModel* c_model = nullptr;
  if (aem_load_model(argv[1], &c_model) != AEMResult_Success) return 1;
  uint32_t bones = 0;
  aem_get_model_bones(c_model, &bones);
  std::printf("bones %u vertices %u\n", bones, model->view().counts().vertices);
  aem_free_model(c_model);
  return bones == model->view().counts().bones ? 0 : 1;
}
