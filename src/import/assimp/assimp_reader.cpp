// Assimp's aiScene -> our scene (see assimp_reader.hpp).
#include "import/assimp/assimp_reader.hpp"

#include <assimp/GltfMaterial.h>
#include <assimp/cfileio.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>

#include "core/file.hpp"
#include "core/side_files.hpp"
#include "core/node_skeleton.hpp"
#include "core/weld.hpp"
#include "import/assimp/assimp_cameras.hpp"
#include "import/assimp/assimp_library.hpp"
#include "import/assimp/assimp_metadata.hpp"
#include "import/assimp/assimp_space.hpp"

namespace aem::formats {
namespace {

Mat4 to_mat4(const aiMatrix4x4& a) {  // aiMatrix4x4 is row-major
  Mat4 m;
  const float* rows = &a.a1;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m(r, c) = rows[4 * r + c];
  return m;
}

Vec3 v3(const aiVector3D& v) { return {v.x, v.y, v.z}; }
Quat quat(const aiQuaternion& q) { return {q.x, q.y, q.z, q.w}; }

/// Assimp's file access limited to the allowed folders (core/side_files.hpp), through its C interface's
/// file callbacks: a .mtl, .bin or other side file elsewhere looks absent to Assimp, and each one it
/// tries to open is named in a warning. The files it opens are recorded as reads (core/file.hpp's
/// ReadRecorder: depfiles, build caches). Files are stdio streams.
class ScopedFileIO {
 public:
  ScopedFileIO(std::filesystem::path model_dir, std::filesystem::path asset_root, std::vector<Warning>& warnings)
      : model_dir_(std::move(model_dir)), asset_root_(std::move(asset_root)), warnings_(warnings) {
    io_.OpenProc = open;
    io_.CloseProc = close;
    io_.UserData = reinterpret_cast<aiUserData>(this);
  }
  ScopedFileIO(const ScopedFileIO&) = delete;
  ScopedFileIO& operator=(const ScopedFileIO&) = delete;
  aiFileIO* io() { return &io_; }

 private:
  static aiFile* open(aiFileIO* io, const char* file, const char* mode) {
    auto& self = *reinterpret_cast<ScopedFileIO*>(io->UserData);
    if (!detail::side_file_allowed(file, self.model_dir_, self.asset_root_)) {
      if (self.refused_.insert(file).second)
        self.warnings_.push_back(Warning{.code = "SIDE_FILE_REFUSED",
                                         .format = "Assimp",
                                         .path = file,
                                         .message = "the model refers to \"" + std::string(file) +
                                                    "\", which is outside the allowed folders; not read"});
      return nullptr;
    }
    std::FILE* stream = std::fopen(file, mode);
    if (!stream) return nullptr;
    if (mode && mode[0] == 'r') detail::note_read(file);
    return new aiFile{read, write, tell, size, seek, flush, reinterpret_cast<aiUserData>(stream)};
  }
  static void close(aiFileIO*, aiFile* f) {
    if (!f) return;
    std::fclose(stream(f));
    delete f;
  }
  static std::FILE* stream(aiFile* f) { return reinterpret_cast<std::FILE*>(f->UserData); }
  static std::size_t read(aiFile* f, char* to, std::size_t size, std::size_t count) {
    return std::fread(to, size, count, stream(f));
  }
  static std::size_t write(aiFile* f, const char* from, std::size_t size, std::size_t count) {
    return std::fwrite(from, size, count, stream(f));
  }
  static std::size_t tell(aiFile* f) { return static_cast<std::size_t>(std::ftell(stream(f))); }
  static std::size_t size(aiFile* f) {
    const long at = std::ftell(stream(f));
    std::fseek(stream(f), 0, SEEK_END);
    const long end = std::ftell(stream(f));
    std::fseek(stream(f), at, SEEK_SET);
    return end < 0 ? 0 : static_cast<std::size_t>(end);
  }
  static aiReturn seek(aiFile* f, std::size_t offset, aiOrigin origin) {
    const int whence = origin == aiOrigin_SET ? SEEK_SET : origin == aiOrigin_CUR ? SEEK_CUR : SEEK_END;
    return std::fseek(stream(f), static_cast<long>(offset), whence) == 0 ? aiReturn_SUCCESS : aiReturn_FAILURE;
  }
  static void flush(aiFile* f) { std::fflush(stream(f)); }

  aiFileIO io_{};
  std::filesystem::path model_dir_, asset_root_;
  std::vector<Warning>& warnings_;
  std::set<std::string> refused_;
};

struct Builder {
  const AssimpLibrary& lib;
  const aiScene& ai;
  std::filesystem::path directory;
  std::filesystem::path asset_root;
  Scene scene;
  std::vector<Warning> warnings;
  std::map<const aiNode*, std::int32_t> node_index;
  std::map<std::string, std::int32_t> node_by_name;
  std::map<std::string, std::int32_t> texture_by_path;
  std::vector<Mat4> world;         // bind-time world matrix of each node
  std::int32_t root_node = 0;      // the node of Assimp's root
  bool offsets_from_root = false;  // Collada: bone offsets start from the root's space (see skin())

  void warn(const char* code, std::string element, std::string message) {
    warnings.push_back(
        Warning{.code = code, .format = "Assimp", .path = std::move(element), .message = std::move(message)});
  }

  void nodes(const aiNode* n, std::int32_t parent) {
    const auto index = static_cast<std::int32_t>(scene.nodes.size());
    node_index[n] = index;
    node_by_name.emplace(n->mName.C_Str(), index);
    Node node;
    node.name = n->mName.C_Str();
    node.parent = parent;
    node.local = decompose(to_mat4(n->mTransformation));
    for (unsigned i = 0; i < n->mNumMeshes; ++i) node.meshes.push_back(n->mMeshes[i]);
    world.push_back(parent >= 0 ? world[parent] * to_mat4(n->mTransformation) : to_mat4(n->mTransformation));
    scene.nodes.push_back(std::move(node));
    for (unsigned c = 0; c < n->mNumChildren; ++c) nodes(n->mChildren[c], index);
  }

  std::int32_t texture(const aiString& path_string) {
    const std::string path = path_string.C_Str();
    if (path.empty()) return -1;
    if (auto it = texture_by_path.find(path); it != texture_by_path.end()) return it->second;
    Texture t;
    if (const aiTexture* embedded = ai.GetEmbeddedTexture(path.c_str())) {
      t.name = embedded->mFilename.length ? embedded->mFilename.C_Str() : path;
      if (embedded->mHeight == 0) {  // compressed (PNG/JPEG) bytes
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(embedded->pcData);
        t.data.assign(bytes, bytes + embedded->mWidth);
        const std::string hint = embedded->achFormatHint;
        t.mime_type = hint == "png" ? "image/png" : (hint == "jpg" || hint == "jpeg") ? "image/jpeg" : "";
      } else {
        warn("ASSIMP_RAW_TEXTURE", path, "uncompressed embedded texture not kept");
      }
    } else {
      t.name = path;
      t.side_file_tried = true;
      auto where = detail::resolve_side_file(directory, path, asset_root);
      auto file = where ? detail::read_file<std::uint8_t>(*where) : Result<std::vector<std::uint8_t>>(where.error());
      if (!where) {
        where.error().format = "Assimp";
        warnings.push_back(where.error());
      } else if (file) {
        t.data = std::move(file.value());
        t.loaded_from_file = true;
      } else {
        warn("ASSIMP_TEXTURE_MISSING", path, "texture file not found beside the model");
      }
    }
    scene.textures.push_back(std::move(t));
    const auto index = static_cast<std::int32_t>(scene.textures.size() - 1);
    texture_by_path[path] = index;
    return index;
  }

  std::int32_t texture_of(const aiMaterial& m, aiTextureType type) {
    aiString path;
    if (lib.texture_count(&m, type) == 0 ||
        lib.texture(&m, type, 0, &path, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) != AI_SUCCESS)
      return -1;
    return texture(path);
  }

  void materials() {
    for (unsigned i = 0; i < ai.mNumMaterials; ++i) {
      const aiMaterial& am = *ai.mMaterials[i];
      Material m;
      aiString name;
      if (lib.string(&am, AI_MATKEY_NAME, &name) == AI_SUCCESS) m.name = name.C_Str();
      aiColor4D c;
      if (lib.color(&am, AI_MATKEY_BASE_COLOR, &c) == AI_SUCCESS ||
          lib.color(&am, AI_MATKEY_COLOR_DIFFUSE, &c) == AI_SUCCESS)
        m.base_color = {c.r, c.g, c.b, c.a};
      ai_real f;
      if (lib.floats(&am, AI_MATKEY_METALLIC_FACTOR, &f, nullptr) == AI_SUCCESS) m.metallic = f;
      if (lib.floats(&am, AI_MATKEY_ROUGHNESS_FACTOR, &f, nullptr) == AI_SUCCESS) m.roughness = f;
      if (lib.floats(&am, AI_MATKEY_OPACITY, &f, nullptr) == AI_SUCCESS) m.opacity = f;
      if (lib.color(&am, AI_MATKEY_COLOR_EMISSIVE, &c) == AI_SUCCESS) m.emissive = {c.r, c.g, c.b};
      int two_sided = 0;
      if (lib.integers(&am, AI_MATKEY_TWOSIDED, &two_sided, nullptr) == AI_SUCCESS) m.double_sided = two_sided != 0;
      auto& t = m.textures;
      t.base_color = texture_of(am, aiTextureType_BASE_COLOR);
      if (t.base_color < 0) t.base_color = texture_of(am, aiTextureType_DIFFUSE);
      t.normal = texture_of(am, aiTextureType_NORMALS);
      // glTF's metallicRoughness map (G roughness, B metalness) comes through as DIFFUSE_ROUGHNESS.
      t.metallic_roughness = texture_of(am, aiTextureType_DIFFUSE_ROUGHNESS);
      if (t.metallic_roughness < 0) t.metallic_roughness = texture_of(am, aiTextureType_METALNESS);
      t.occlusion = texture_of(am, aiTextureType_AMBIENT_OCCLUSION);
      if (t.occlusion < 0) t.occlusion = texture_of(am, aiTextureType_LIGHTMAP);
      t.emissive = texture_of(am, aiTextureType_EMISSIVE);
      scene.materials.push_back(std::move(m));
    }
  }

  Mesh mesh(const aiMesh& am) {
    Mesh m;
    m.name = am.mName.C_Str();
    m.material = static_cast<std::int32_t>(am.mMaterialIndex);
    for (unsigned v = 0; v < am.mNumVertices; ++v) m.positions.push_back(v3(am.mVertices[v]));
    if (am.mNormals)
      for (unsigned v = 0; v < am.mNumVertices; ++v) m.normals.push_back(v3(am.mNormals[v]));
    if (am.mTangents && am.mBitangents && am.mNormals)
      for (unsigned v = 0; v < am.mNumVertices; ++v) {
        const Vec3 n = v3(am.mNormals[v]), t = v3(am.mTangents[v]), b = v3(am.mBitangents[v]);
        m.tangents.push_back({t.x, t.y, t.z, dot(cross(n, t), b) < 0 ? -1.0f : 1.0f});
        m.bitangents.push_back(b);
      }
    for (unsigned set = 0; set < AI_MAX_NUMBER_OF_TEXTURECOORDS && set < kMaxUvSets && am.mTextureCoords[set]; ++set) {
      std::vector<Vec2> uv;
      for (unsigned v = 0; v < am.mNumVertices; ++v)
        uv.push_back({am.mTextureCoords[set][v].x, am.mTextureCoords[set][v].y});
      m.uvs.push_back(std::move(uv));
    }
    for (unsigned set = 0; set < AI_MAX_NUMBER_OF_COLOR_SETS && am.mColors[set]; ++set) {
      std::vector<Vec4> colors;
      for (unsigned v = 0; v < am.mNumVertices; ++v)
        colors.push_back({am.mColors[set][v].r, am.mColors[set][v].g, am.mColors[set][v].b, am.mColors[set][v].a});
      m.colors.push_back(std::move(colors));
    }
    std::size_t points = 0, lines = 0;
    for (unsigned f = 0; f < am.mNumFaces; ++f) {
      const unsigned n = am.mFaces[f].mNumIndices;
      if (n == 3) m.indices.insert(m.indices.end(), am.mFaces[f].mIndices, am.mFaces[f].mIndices + 3);
      points += n == 1;
      lines += n == 2;
    }
    if (points + lines > 0)
      warn("ASSIMP_PRIMITIVES_DROPPED", m.name,
           std::to_string(points) + " points and " + std::to_string(lines) +
               " lines dropped (aem keeps triangles only)");
    if (am.mNumAnimMeshes > 0)
      warn("ASSIMP_MORPH_DROPPED", m.name,
           std::to_string(am.mNumAnimMeshes) +
               " morph targets dropped (Assimp gives no weights animation to drive them)");
    return m;
  }

  /// Skin weights of mesh `mi`, whose first instance is placed by node `mesh_node`.
  void skin(const aiMesh& am, Mesh& m, std::int32_t mesh_node, NodeSkeleton& skeleton) {
    if (am.mNumBones == 0) return;
    std::vector<std::vector<std::pair<float, std::int32_t>>> influences(am.mNumVertices);
    // A bone's offset takes a vertex of the mesh into the bone's space. Assimp's Collada offset (the
    // inverse bind matrix times the bind shape matrix) takes it from the document's space instead, where
    // Blender exports it and reads it back placed by the skinned mesh's node first: with Assimp's
    // up-axis and unit conversion at the root, that space is the root's, not the mesh node's.
    const Mat4 inverse_mesh_world = inverse(world[offsets_from_root ? root_node : mesh_node]);
    for (unsigned b = 0; b < am.mNumBones; ++b) {
      const aiBone& bone = *am.mBones[b];
      auto it = node_by_name.find(bone.mName.C_Str());
      if (it == node_by_name.end()) {
        warn("ASSIMP_BONE_WITHOUT_NODE", m.name,
             std::string("bone \"") + bone.mName.C_Str() + "\" names no node; its weights are dropped");
        continue;
      }
      const std::int32_t joint =
          skeleton.joint_with_inverse_bind(it->second, to_mat4(bone.mOffsetMatrix) * inverse_mesh_world);
      for (unsigned w = 0; w < bone.mNumWeights; ++w)
        if (bone.mWeights[w].mVertexId < am.mNumVertices && bone.mWeights[w].mWeight > 0.0f)
          influences[bone.mWeights[w].mVertexId].push_back({bone.mWeights[w].mWeight, joint});
    }
    m.skin.resize(am.mNumVertices);
    for (unsigned v = 0; v < am.mNumVertices; ++v) {
      auto& list = influences[v];
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      for (std::size_t k = 0; k < list.size() && k < static_cast<std::size_t>(kMaxInfluences); ++k) {
        m.skin[v].joints[k] = list[k].second;
        m.skin[v].weights[k] = list[k].first;
      }
    }
  }

  void animations() {
    for (unsigned a = 0; a < ai.mNumAnimations; ++a) {
      const aiAnimation& aa = *ai.mAnimations[a];
      // Ticks per second 0 means unspecified: Assimp's glTF importer then works in milliseconds.
      const double tps = aa.mTicksPerSecond > 0 ? aa.mTicksPerSecond : 1000.0;
      Animation anim;
      anim.name = aa.mName.C_Str();
      anim.duration = static_cast<float>(aa.mDuration / tps);
      for (unsigned c = 0; c < aa.mNumChannels; ++c) {
        const aiNodeAnim& na = *aa.mChannels[c];
        auto it = node_by_name.find(na.mNodeName.C_Str());
        if (it == node_by_name.end()) continue;
        Channel ch;
        ch.joint = static_cast<std::uint32_t>(it->second);
        for (unsigned k = 0; k < na.mNumPositionKeys; ++k)
          ch.translation.push_back(
              {static_cast<float>(na.mPositionKeys[k].mTime / tps), v3(na.mPositionKeys[k].mValue)});
        for (unsigned k = 0; k < na.mNumRotationKeys; ++k)
          ch.rotation.push_back(
              {static_cast<float>(na.mRotationKeys[k].mTime / tps), quat(na.mRotationKeys[k].mValue)});
        for (unsigned k = 0; k < na.mNumScalingKeys; ++k)
          ch.scale.push_back({static_cast<float>(na.mScalingKeys[k].mTime / tps), v3(na.mScalingKeys[k].mValue)});
        anim.channels.push_back(std::move(ch));
      }
      scene.animations.push_back(std::move(anim));
    }
  }

  /// A node above Assimp's root with the change into the scene's space (metres, Y up) that Assimp left undone.
  std::int32_t space_node(const Mat4& to_scene) {
    Node node;
    node.local = decompose(to_scene);
    world.push_back(to_scene);
    scene.nodes.push_back(std::move(node));
    return static_cast<std::int32_t>(scene.nodes.size() - 1);
  }

  /// `document`: the file's opening text when Collada declares its units and axes there, else empty.
  void build(std::string_view document) {
    scene.source_format = "Assimp";
    const AssimpSpace space = assimp_space(ai, document);
    note_source_space(scene, space.declared);
    if (!space.ignored.empty())
      warn("ASSIMP_SOURCE_SPACE_IGNORED", {}, space.ignored + "; left out, the numbers are taken as they are");
    nodes(ai.mRootNode, space.to_scene == Mat4{} ? -1 : space_node(space.to_scene));
    root_node = node_index[ai.mRootNode];
    offsets_from_root = assimp_source_format(ai) == "Collada Importer";
    read_assimp_cameras_and_lights(ai, scene, world, node_by_name, warnings);
    materials();
    std::vector<std::int32_t> first_node(ai.mNumMeshes, -1);
    for (std::size_t n = 0; n < scene.nodes.size(); ++n)
      for (auto mi : scene.nodes[n].meshes)
        if (mi < ai.mNumMeshes && first_node[mi] < 0) first_node[mi] = static_cast<std::int32_t>(n);
    for (unsigned i = 0; i < ai.mNumMeshes; ++i) scene.meshes.push_back(mesh(*ai.mMeshes[i]));

    bool skinned = false;
    for (unsigned i = 0; i < ai.mNumMeshes; ++i) skinned |= ai.mMeshes[i]->mNumBones > 0;
    if (skinned || ai.mNumAnimations > 0) {
      // Every node is a joint (same index): bones, animated nodes and the hierarchy between them.
      NodeSkeleton skeleton(scene, world);
      for (unsigned i = 0; i < ai.mNumMeshes; ++i)
        if (first_node[i] >= 0) skin(*ai.mMeshes[i], scene.meshes[i], first_node[i], skeleton);
      skeleton.attach_nodes();
      animations();
    }
    // Assimp hands out a vertex per face corner (DAE, OBJ...): one vertex for corners equal in everything,
    // normals within a hundredth of a degree counting as equal (exporters store them quantised).
    for (auto& m : scene.meshes) weld_vertices(m, kQuantisedDirectionTolerance);
  }
};

/// The file's first 64 KB: a Collada document's <asset>, with its units and axes, comes first.
std::string document_head(const ReadInput& input) {
  constexpr std::size_t kHead = 64 * 1024;
  if (!input.bytes.empty())
    return std::string(reinterpret_cast<const char*>(input.bytes.data()), std::min(input.bytes.size(), kHead));
  std::string head(kHead, '\0');
  std::ifstream file(input.path, std::ios::binary);
  file.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(file.gcount(), 0)));
  return head;
}

}  // namespace

std::mutex& assimp_import_lock() {
  static std::mutex lock;
  return lock;
}

namespace {

// Asked of the Assimp this build compiles against, at build time ("*.3ds;*.obj;...": the generated
// assimp_extensions.inc, see list_extensions.cpp), so that knowing the formats loads no library; split
// at compile time too, since every program that looks up a format by extension asks for the list.
constexpr std::string_view kAssimpList =
#include "assimp_extensions.inc"
    ;

/// The list in lower case: the extensions handed out point into it.
constexpr auto kLowerCaseList = [] {
  std::array<char, kAssimpList.size()> lower{};
  for (std::size_t i = 0; i < kAssimpList.size(); ++i)
    lower[i] =
        kAssimpList[i] >= 'A' && kAssimpList[i] <= 'Z' ? static_cast<char>(kAssimpList[i] - 'A' + 'a') : kAssimpList[i];
  return lower;
}();

/// Calls `take(".ext")`, in lower case, for each "*.ext" of the list but glTF, FBX and OBJ, which are
/// read natively (formats/gltf, formats/fbx), never through Assimp.
template <class Take>
constexpr void for_each_assimp_extension(Take&& take) {
  for (std::size_t start = 0; start < kAssimpList.size();) {
    const std::size_t end = std::min(kAssimpList.find(';', start), kAssimpList.size());
    const std::string_view entry = kAssimpList.substr(start, end - start);
    if (entry.starts_with("*.") && entry != "*.gltf" && entry != "*.glb" && entry != "*.fbx" && entry != "*.obj")
      take(std::string_view(kLowerCaseList.data() + start + 1, entry.size() - 1));
    start = end + 1;
  }
}

constexpr std::size_t kAssimpExtensionCount = [] {
  std::size_t count = 0;
  for_each_assimp_extension([&](std::string_view) { ++count; });
  return count;
}();

constexpr auto kAssimpExtensions = [] {
  std::array<std::string_view, kAssimpExtensionCount> extensions{};
  std::size_t next = 0;
  for_each_assimp_extension([&](std::string_view extension) { extensions[next++] = extension; });
  return extensions;
}();

}  // namespace

const std::vector<std::string_view>& assimp_extensions() {
  static const std::vector<std::string_view> extensions(kAssimpExtensions.begin(), kAssimpExtensions.end());
  return extensions;
}

Result<Scene> assimp_read(const ReadInput& input) {
  std::string why;
  const AssimpLibrary* lib = assimp_library(&why);
  if (!lib)
    return Error{.code = "ASSIMP_UNAVAILABLE",
                 .format = "Assimp",
                 .file = input.path.string(),
                 .message = "reading this format needs Assimp 5 (" + assimp_library_name() +
                            "), which could not be loaded: " + why};
  std::vector<Warning> io_warnings;  // outlives the import, whose file callbacks write to it
  ScopedFileIO files(input.path.parent_path(), input.options.asset_root, io_warnings);
  const unsigned flags = aiProcess_Triangulate | aiProcess_GenSmoothNormals | aiProcess_CalcTangentSpace |
                         aiProcess_SortByPType | aiProcess_ValidateDataStructure | aiProcess_GenBoundingBoxes;
  // From the file, so that side files (.gltf + .bin, .obj + .mtl) resolve; from memory, with the
  // extension as a hint, when there is no file.
  const auto release = [lib](const aiScene* scene) { lib->release_import(scene); };
  std::unique_ptr<const aiScene, decltype(release)> ai(nullptr, release);
  std::string failure;
  {
    const std::lock_guard<std::mutex> one_at_a_time(assimp_import_lock());
    const std::string ext = input.path.extension().string();
    if (!input.path.empty() && std::filesystem::exists(input.path))
      ai.reset(lib->import_file(input.path.string().c_str(), flags, files.io(), nullptr));
    else if (input.bytes.empty())  // Assimp asserts on an empty buffer instead of failing
      failure = "the input is empty";
    else if (input.bytes.size() > UINT32_MAX)
      failure = "its interface takes at most 4 GB from memory";
    else
      ai.reset(lib->import_memory(reinterpret_cast<const char*>(input.bytes.data()),
                                  static_cast<unsigned>(input.bytes.size()), flags,
                                  ext.size() > 1 ? ext.c_str() + 1 : ""));
    if ((!ai || !ai->mRootNode) && failure.empty()) failure = lib->error_string();
  }
  if (!ai || !ai->mRootNode)
    return Error{.code = "ASSIMP_IMPORT_FAILED",
                 .format = "Assimp",
                 .file = input.path.string(),
                 .message = "Assimp cannot read it: " + failure};
  Builder b{*lib, *ai, input.path.parent_path(), input.options.asset_root, {}, {}, {}, {}, {}, {}};
  b.build(assimp_source_format(*ai) == "Collada Importer" ? document_head(input) : std::string());
  if (b.scene.triangle_count() == 0)
    return Error{.code = "ASSIMP_NO_TRIANGLES",
                 .format = "Assimp",
                 .file = input.path.string(),
                 .message = "the file holds no triangles (points and lines are not kept): nothing to convert"};
  Result<Scene> result(std::move(b.scene));
  result.warnings = std::move(io_warnings);
  result.warnings.insert(result.warnings.end(), b.warnings.begin(), b.warnings.end());
  return result;
}

}  // namespace aem::formats
