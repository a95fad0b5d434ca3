/* Loads an AEM file through the C API and evaluates its first animation. Built twice by
 * tests/install/check_install.sh: with CMake (aem::runtime) and with gcc $(pkg-config --cflags --libs aem).
 * Prints "vertices V triangles T bones B animations A"; exit 0 when the file loads. */
#include <aem/aem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  struct AEMModel* model;
  if (aem_load_model(argv[1], &model) != AEMResult_Success) {
    fprintf(stderr, "%s\n", aem_get_last_error());
    return 1;
  }
  uint32_t bone_count = 0;
  aem_get_model_bones(model, &bone_count);
  const uint32_t animations = aem_get_model_animation_count(model);
  float* skin = malloc(sizeof(float) * 16 * (bone_count ? bone_count : 1));
  aem_evaluate_model_animation(model, animations ? 0 : -1, 0.5f, skin);
  printf("vertices %u triangles %u bones %u animations %u\n", aem_get_model_vertices_size(model) / AEM_VERTEX_SIZE,
         aem_get_model_indices_size(model) / AEM_INDEX_SIZE / 3, bone_count, animations);
  free(skin);
  aem_free_model(model);
  return 0;
}
