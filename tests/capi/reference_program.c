/* A C program written against the reference libaem API (5ff9e7f), as its viewer uses it: it must
 * compile as C and run unchanged against our library. It prints a summary and the evaluated bone
 * matrices, evaluating into a deliberately misaligned buffer (the reference needed 16-byte
 * alignment). Exit 0 on success, 1 when the model does not load. */
#include <aem/aem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  struct AEMModel* model;
  enum AEMResult result = aem_load_model(argv[1], &model);
  if (result != AEMResult_Success) {
    printf("load failed %d\n", (int)result);
    return 1;
  }
  void* vertices = aem_get_model_vertices(model);
  uint32_t vertices_size = aem_get_model_vertices_size(model);
  void* indices = aem_get_model_indices(model);
  uint32_t indices_size = aem_get_model_indices_size(model);
  uint32_t texture_count;
  const aem_string* textures = aem_get_model_textures(model, &texture_count);
  printf("vertices %u indices %u textures %u meshes %u\n", vertices_size / AEM_VERTEX_SIZE,
         indices_size / AEM_INDEX_SIZE, texture_count, aem_get_model_mesh_count(model));
  for (uint32_t t = 0; t < texture_count; ++t) printf("texture %.*s\n", AEM_STRING_SIZE, (const char*)textures[t]);
  aem_finish_loading_model(model);
  (void)vertices;
  (void)indices;

  for (uint32_t m = 0; m < aem_get_model_mesh_count(model); ++m) {
    const struct AEMMesh* mesh = aem_get_model_mesh(model, m);
    const struct AEMMaterial* material = aem_get_model_material(model, mesh->material_index);
    printf("mesh %u first %u count %u material %u base_color %d\n", m, mesh->first_index, mesh->index_count,
           mesh->material_index, material->base_color_tex_index);
  }
  uint32_t bone_count;
  struct AEMBone* bones = aem_get_model_bones(model, &bone_count);
  for (uint32_t b = 0; b < bone_count; ++b) printf("bone %u parent %d\n", b, bones[b].parent_bone_index);

  char* raw = malloc(bone_count * 16 * sizeof(float) + 4);
  float* transforms = (float*)(raw + 4);
  uint32_t animation_count = aem_get_model_animation_count(model);
  for (int32_t a = -1; a < (int32_t)animation_count; ++a) {
    float duration = a >= 0 ? aem_get_model_animation_duration(model, (uint32_t)a) : 0.0f;
    if (a >= 0)
      printf("animation %d \"%.*s\" %g\n", a, AEM_STRING_SIZE,
             (const char*)*aem_get_model_animation_name(model, (uint32_t)a), duration);
    aem_evaluate_model_animation(model, a, duration * 0.5f, transforms);
    for (uint32_t b = 0; b < bone_count; ++b) {
      printf("eval %d bone %u", a, b);
      for (int k = 0; k < 16; ++k) printf(" %.7g", transforms[b * 16 + k]);
      printf("\n");
    }
  }
  free(raw);
  aem_free_model(model);
  return 0;
}
