// The reference-compatible C API over AemModel and AemAnimator. Never throws, never aborts: every
// function that can fail catches everything at the boundary.
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <string>

#include "aem/aem.h"
#include "aem/animation.hpp"

struct AEMModel {
  aem::AemModel model;
  // The animator's key cursors and the scratch matrices are shared by every call on this model;
  // the mutex lets threads that animate one model take turns instead of racing on them. Both are
  // made by the first evaluation, so that a load costs no more than reading and checking the file.
  std::mutex mutex;
  std::optional<aem::AemAnimator> animator;
  std::vector<aem::Mat4> scratch;
  explicit AEMModel(aem::AemModel m) : model(std::move(m)) {}
};

namespace {

thread_local std::string last_error;

/// Sets last_error to `prefix` + `what`, or empties it when even that cannot allocate.
void set_last_error(const char* prefix, const char* what = "") noexcept {
  try {
    last_error.assign(prefix).append(what);
  } catch (...) {
    last_error.clear();
  }
}

/// Inside a catch block: the result for the exception being handled, its message in last_error.
AEMResult failure() noexcept {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    set_last_error("out of memory");
    return AEMResult_OutOfMemory;
  } catch (const std::exception& e) {
    set_last_error("internal error: ", e.what());
  } catch (...) {
    set_last_error("internal error: an exception of unknown type");
  }
  return AEMResult_InternalError;
}

AEMResult load(const char* filename, struct AEMModel** model, aem::AemModel::Source source) {
  if (!model) return AEMResult_FileNotFound;
  *model = nullptr;
  last_error.clear();
  try {
    // The C API reports no warnings: the vertices are scanned for errors alone.
    auto loaded = aem::AemModel::load(filename ? filename : "", source, aem::VertexWarnings::Skip);
    if (!loaded) {
      const auto& e = loaded.error();
      last_error = e.to_string();
      if (e.code.rfind("IO_", 0) == 0) return AEMResult_FileNotFound;
      if (e.code == "AEM_BAD_MAGIC") return AEMResult_InvalidFileType;
      if (e.code == "AEM_BAD_VERSION") return AEMResult_InvalidVersion;
      return AEMResult_InvalidFile;
    }
    *model = new AEMModel(std::move(loaded.value()));
    return AEMResult_Success;
  } catch (...) {
    return failure();
  }
}

}  // namespace

extern "C" {

enum AEMResult aem_load_model(const char* filename, struct AEMModel** model) {
  return load(filename, model, aem::AemModel::Source::Read);
}

enum AEMResult aem_map_model(const char* filename, struct AEMModel** model) {
  return load(filename, model, aem::AemModel::Source::Map);
}

void aem_finish_loading_model(const struct AEMModel*) {}

void aem_free_model(struct AEMModel* model) { delete model; }

void aem_print_model_info(struct AEMModel* model) {
  const auto& c = model->model.view().counts();
  std::printf(
      "Vertex count: %u\nIndex count: %u\nTexture count: %u\nMesh count: %u\nMaterial count: %u\nBone count: "
      "%u\nAnimation count: %u\nSequence count: %u\nKeyframe count: %u\n",
      c.vertices, c.indices, c.textures, c.meshes, c.materials, c.bones, c.animations, c.sequences, c.keyframes);
}

void* aem_get_model_vertices(const struct AEMModel* model) {
  return const_cast<aem::aem_file::Vertex*>(model->model.view().vertices().data());
}

uint32_t aem_get_model_vertices_size(const struct AEMModel* model) {
  return static_cast<uint32_t>(model->model.view().vertices().size_bytes());
}

void* aem_get_model_indices(const struct AEMModel* model) {
  return const_cast<uint32_t*>(model->model.view().indices().data());
}

uint32_t aem_get_model_indices_size(const struct AEMModel* model) {
  return static_cast<uint32_t>(model->model.view().indices().size_bytes());
}

uint32_t aem_get_model_mesh_count(const struct AEMModel* model) { return model->model.view().counts().meshes; }

const struct AEMMesh* aem_get_model_mesh(const struct AEMModel* model, uint32_t mesh_index) {
  auto meshes = model->model.view().meshes();
  return mesh_index < meshes.size() ? reinterpret_cast<const AEMMesh*>(&meshes[mesh_index]) : nullptr;
}

const struct AEMMaterial* aem_get_model_material(const struct AEMModel* model, uint32_t material_index) {
  auto materials = model->model.view().materials();
  return material_index < materials.size() ? reinterpret_cast<const AEMMaterial*>(&materials[material_index]) : nullptr;
}

const aem_string* aem_get_model_textures(const struct AEMModel* model, uint32_t* texture_filename_count) {
  auto names = model->model.view().texture_names();
  if (texture_filename_count) *texture_filename_count = static_cast<uint32_t>(names.size());
  return reinterpret_cast<const aem_string*>(names.data());
}

struct AEMBone* aem_get_model_bones(const struct AEMModel* model, uint32_t* bone_count) {
  auto bones = model->model.view().bones();
  if (bone_count) *bone_count = static_cast<uint32_t>(bones.size());
  return reinterpret_cast<AEMBone*>(const_cast<aem::aem_file::Bone*>(bones.data()));
}

uint32_t aem_get_model_animation_count(const struct AEMModel* model) { return model->model.view().counts().animations; }

const aem_string* aem_get_model_animation_name(const struct AEMModel* model, uint32_t animation_index) {
  auto anims = model->model.view().animations();
  return animation_index < anims.size() ? reinterpret_cast<const aem_string*>(anims[animation_index].name) : nullptr;
}

float aem_get_model_animation_duration(const struct AEMModel* model, uint32_t animation_index) {
  auto anims = model->model.view().animations();
  return animation_index < anims.size() ? anims[animation_index].duration : 0.0f;
}

void aem_evaluate_model_animation(const struct AEMModel* model, int32_t animation_index, float time,
                                  float* bone_transforms) {
  // The C signature takes a const model; the animator's scratch state is not part of its value.
  auto* m = const_cast<AEMModel*>(model);
  const std::size_t bones = m->model.view().counts().bones;
  try {
    const std::lock_guard lock(m->mutex);
    if (!m->animator) {
      m->scratch.resize(bones);
      m->animator.emplace(m->model.view());
    }
    m->animator->evaluate(animation_index, time, m->scratch);
    if (bones != 0) std::memcpy(bone_transforms, m->scratch.data(), bones * sizeof(aem::Mat4));
    return;
  } catch (...) {
    failure();
  }
  const aem::Mat4 identity{};
  for (std::size_t b = 0; b < bones; ++b) std::memcpy(bone_transforms + 16 * b, &identity, sizeof identity);
}

const char* aem_get_last_error(void) { return last_error.c_str(); }

}  // extern "C"
