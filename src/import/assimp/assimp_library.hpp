// Assimp's C interface, loaded when a file first needs it. Linking libassimp made every start of every
// program that links us pay for loading and relocating it (about 4 ms, half of `aem`'s start-up) even
// when no file went through Assimp; loaded with dlopen, only reads through Assimp do.
#pragma once

#include <assimp/cimport.h>
#include <assimp/material.h>

#include <string>

namespace aem::formats {

/// The Assimp functions the reader calls, as the loaded library exports them.
struct AssimpLibrary {
  decltype(&aiImportFileExWithProperties) import_file;
  decltype(&aiImportFileFromMemory) import_memory;
  decltype(&aiReleaseImport) release_import;
  decltype(&aiGetErrorString) error_string;
  decltype(&aiGetMaterialTextureCount) texture_count;
  decltype(&aiGetMaterialTexture) texture;
  decltype(&aiGetMaterialColor) color;
  decltype(&aiGetMaterialFloatArray) floats;
  decltype(&aiGetMaterialIntegerArray) integers;
  decltype(&aiGetMaterialString) string;
};

/// The library, loaded on the first call (thread-safe) and kept for the life of the process: the
/// AEM_ASSIMP_LIBRARY environment variable's file or name when set, else the soname this build was
/// compiled against. Null when it cannot be loaded or lacks a function; `why` then says which and why.
const AssimpLibrary* assimp_library(std::string* why);

/// The name or path assimp_library() loads from.
std::string assimp_library_name();

}  // namespace aem::formats
