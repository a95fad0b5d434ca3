/* C API, source-compatible with the reference libaem (janhsimon/aem at commit 5ff9e7f): the same
 * names, types, enums and semantics, so programs written against it compile and run unchanged.
 * Unlike the reference, every invalid file is rejected with an error instead of crashing, the
 * texture names stay valid after aem_finish_loading_model, and output buffers need no alignment.
 * Threads: every function may be called from several threads at once. Loading keeps no global
 * state, aem_get_last_error is per thread, and aem_evaluate_model_animation may run concurrently,
 * also on one model (calls on the same model take turns; use one model per thread to avoid waiting).
 * aem_free_model must not run while another thread uses that model. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AEM_VERTEX_SIZE 92  /* Size of an AEM vertex in bytes */
#define AEM_INDEX_SIZE 4    /* Size of an AEM index in bytes */
#define AEM_STRING_SIZE 128 /* Size of an AEM string in bytes */

typedef unsigned char aem_string[AEM_STRING_SIZE];

struct AEMModel;

enum AEMResult {
  AEMResult_Success,
  AEMResult_OutOfMemory,
  AEMResult_FileNotFound,
  AEMResult_InvalidFileType,
  AEMResult_InvalidVersion,
  /* Additions (not in the reference): the file is an AEM file but fails validation. */
  AEMResult_InvalidFile,
  /* ... and a failure inside libaem other than running out of memory (a bug): aem_get_last_error()
   * names it. */
  AEMResult_InternalError
};

struct AEMMesh {
  uint32_t first_index, index_count, material_index;
};

struct AEMMaterial {
  int32_t base_color_tex_index, normal_tex_index, orm_tex_index; /* -1 = no texture */
};

struct AEMBone {
  float inverse_bind_matrix[16];
  int32_t parent_bone_index;
  int32_t padding[3];
};

/* Loads and validates `filename`. On success *model must be released with aem_free_model; on
 * failure *model is NULL and aem_get_last_error() describes the problem. */
enum AEMResult aem_load_model(const char* filename, struct AEMModel** model);
/* Addition: like aem_load_model, but maps the file into memory instead of reading it (no copy, the
 * fastest load). The file must stay unchanged until aem_free_model: replace it by renaming a new
 * file over it, never by writing into it or truncating it. Writes through the returned pointers
 * stay private to this process. */
enum AEMResult aem_map_model(const char* filename, struct AEMModel** model);
/* Kept for compatibility; releases nothing (all data stays valid until aem_free_model). */
void aem_finish_loading_model(const struct AEMModel* model);
/* Frees the model; NULL is allowed. */
void aem_free_model(struct AEMModel* model);

/* Prints the header counts to stdout. */
void aem_print_model_info(struct AEMModel* model);

void* aem_get_model_vertices(const struct AEMModel* model);
uint32_t aem_get_model_vertices_size(const struct AEMModel* model); /* bytes */

void* aem_get_model_indices(const struct AEMModel* model);
uint32_t aem_get_model_indices_size(const struct AEMModel* model); /* bytes */

uint32_t aem_get_model_mesh_count(const struct AEMModel* model);
/* NULL when mesh_index is out of range. */
const struct AEMMesh* aem_get_model_mesh(const struct AEMModel* model, uint32_t mesh_index);
/* NULL when material_index is out of range. */
const struct AEMMaterial* aem_get_model_material(const struct AEMModel* model, uint32_t material_index);
const aem_string* aem_get_model_textures(const struct AEMModel* model, uint32_t* texture_filename_count);
struct AEMBone* aem_get_model_bones(const struct AEMModel* model, uint32_t* bone_count);
uint32_t aem_get_model_animation_count(const struct AEMModel* model);
/* NULL / 0 when animation_index is out of range. The name may fill all 128 bytes with no NUL. */
const aem_string* aem_get_model_animation_name(const struct AEMModel* model, uint32_t animation_index);
float aem_get_model_animation_duration(const struct AEMModel* model, uint32_t animation_index);

/* Writes bone_count column-major 4x4 skin matrices to bone_transforms (any alignment).
 * animation_index < 0 (or out of range) means bind pose: identity matrices. Addition: an animation
 * is prepared on its first evaluation; when that fails (out of memory) the bind pose is written and
 * aem_get_last_error() says why. */
void aem_evaluate_model_animation(const struct AEMModel* model, int32_t animation_index, float time,
                                  float* bone_transforms);

/* Additions: a one-line description of the last aem_load_model or aem_map_model failure on this thread
 * ("file: AEM error CODE at byte N: message"), or "" after a successful load; a failed
 * aem_evaluate_model_animation sets it too. */
const char* aem_get_last_error(void);

#ifdef __cplusplus
}
#endif
