// Assimp's aiScene -> our scene (see assimp_reader.hpp).
#include "import/assimp/assimp_reader.hpp"

#include <assimp/DefaultIOSystem.h>
#include <assimp/GltfMaterial.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "core/file.hpp"
#include "core/side_files.hpp"
#include "core/node_skeleton.hpp"
#include "import/assimp/assimp_cameras.hpp"

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

/// Assimp's file access limited to the allowed folders (core/side_files.hpp): a .mtl, .bin or other side
/// file elsewhere looks absent to Assimp, and each one it tries to open is named in a warning. The
/// files it opens are recorded as reads (core/file.hpp's ReadRecorder: depfiles, build caches).
class ScopedIOSystem : public Assimp::DefaultIOSystem {
 public:
  ScopedIOSystem(std::filesystem::path model_dir, std::filesystem::path asset_root, std::vector<Warning>& warnings)
      : model_dir_(std::move(model_dir)), asset_root_(std::move(asset_root)), warnings_(warnings) {}
  bool Exists(const char* file) const override { return allowed(file) && DefaultIOSystem::Exists(file); }
  Assimp::IOStream* Open(const char* file, const char* mode) override {
    if (allowed(file)) {
      Assimp::IOStream* stream = DefaultIOSystem::Open(file, mode);
      if (stream && mode && mode[0] == 'r') detail::note_read(file);
      return stream;
    }
    if (refused_.insert(file).second)
      warnings_.push_back(Warning{"SIDE_FILE_REFUSED", "Assimp", {}, {}, {}, file,
                                  "the model refers to \"" + std::string(file) + "\", which is outside the allowed folders; not read"});
    return nullptr;
  }

 private:
  bool allowed(const char* file) const { return detail::side_file_allowed(file, model_dir_, asset_root_); }
  std::filesystem::path model_dir_, asset_root_;
  std::vector<Warning>& warnings_;
  std::set<std::string> refused_;
};

struct Builder {
  const aiScene& ai;
  std::filesystem::path directory;
  std::filesystem::path asset_root;
  Scene scene;
  std::vector<Warning> warnings;
  std::map<const aiNode*, std::int32_t> node_index;
  std::map<std::string, std::int32_t> node_by_name;
  std::map<std::string, std::int32_t> texture_by_path;
  std::vector<Mat4> world;  // bind-time world matrix of each node

  void warn(const char* code, std::string element, std::string message) {
    warnings.push_back(Warning{code, "Assimp", {}, {}, {}, std::move(element), std::move(message)});
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
      auto where = detail::resolve_side_file(directory, path, asset_root);
      auto file = where ? detail::read_file(*where) : Result<std::vector<std::byte>>(where.error());
      if (!where) {
        where.error().format = "Assimp";
        warnings.push_back(where.error());
      } else if (file) {
        t.data.assign(reinterpret_cast<const std::uint8_t*>(file->data()), reinterpret_cast<const std::uint8_t*>(file->data()) + file->size());
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
    if (m.GetTextureCount(type) == 0 || m.GetTexture(type, 0, &path) != AI_SUCCESS) return -1;
    return texture(path);
  }

  void materials() {
    for (unsigned i = 0; i < ai.mNumMaterials; ++i) {
      const aiMaterial& am = *ai.mMaterials[i];
      Material m;
      m.name = am.GetName().C_Str();
      aiColor4D c;
      if (am.Get(AI_MATKEY_BASE_COLOR, c) == AI_SUCCESS || am.Get(AI_MATKEY_COLOR_DIFFUSE, c) == AI_SUCCESS)
        m.base_color = {c.r, c.g, c.b, c.a};
      float f;
      if (am.Get(AI_MATKEY_METALLIC_FACTOR, f) == AI_SUCCESS) m.metallic = f;
      if (am.Get(AI_MATKEY_ROUGHNESS_FACTOR, f) == AI_SUCCESS) m.roughness = f;
      if (am.Get(AI_MATKEY_OPACITY, f) == AI_SUCCESS) m.opacity = f;
      aiColor3D e;
      if (am.Get(AI_MATKEY_COLOR_EMISSIVE, e) == AI_SUCCESS) m.emissive = {e.r, e.g, e.b};
      int two_sided = 0;
      if (am.Get(AI_MATKEY_TWOSIDED, two_sided) == AI_SUCCESS) m.double_sided = two_sided != 0;
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
      for (unsigned v = 0; v < am.mNumVertices; ++v) uv.push_back({am.mTextureCoords[set][v].x, am.mTextureCoords[set][v].y});
      m.uvs.push_back(std::move(uv));
    }
    for (unsigned set = 0; set < AI_MAX_NUMBER_OF_COLOR_SETS && am.mColors[set]; ++set) {
      std::vector<Vec4> colors;
      for (unsigned v = 0; v < am.mNumVertices; ++v) colors.push_back({am.mColors[set][v].r, am.mColors[set][v].g, am.mColors[set][v].b, am.mColors[set][v].a});
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
           std::to_string(points) + " points and " + std::to_string(lines) + " lines dropped (aem keeps triangles only)");
    if (am.mNumAnimMeshes > 0)
      warn("ASSIMP_MORPH_DROPPED", m.name,
           std::to_string(am.mNumAnimMeshes) + " morph targets dropped (Assimp gives no weights animation to drive them)");
    return m;
  }

  /// Skin weights of mesh `mi`, whose first instance is placed by node `mesh_node`.
  void skin(const aiMesh& am, Mesh& m, std::int32_t mesh_node, NodeSkeleton& skeleton) {
    if (am.mNumBones == 0) return;
    std::vector<std::vector<std::pair<float, std::int32_t>>> influences(am.mNumVertices);
    const Mat4 inverse_mesh_world = inverse(world[mesh_node]);
    for (unsigned b = 0; b < am.mNumBones; ++b) {
      const aiBone& bone = *am.mBones[b];
      auto it = node_by_name.find(bone.mName.C_Str());
      if (it == node_by_name.end()) {
        warn("ASSIMP_BONE_WITHOUT_NODE", m.name, std::string("bone \"") + bone.mName.C_Str() + "\" names no node; its weights are dropped");
        continue;
      }
      const std::int32_t joint = skeleton.joint_with_inverse_bind(it->second, to_mat4(bone.mOffsetMatrix) * inverse_mesh_world);
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
          ch.translation.push_back({static_cast<float>(na.mPositionKeys[k].mTime / tps), v3(na.mPositionKeys[k].mValue)});
        for (unsigned k = 0; k < na.mNumRotationKeys; ++k)
          ch.rotation.push_back({static_cast<float>(na.mRotationKeys[k].mTime / tps), quat(na.mRotationKeys[k].mValue)});
        for (unsigned k = 0; k < na.mNumScalingKeys; ++k)
          ch.scale.push_back({static_cast<float>(na.mScalingKeys[k].mTime / tps), v3(na.mScalingKeys[k].mValue)});
        anim.channels.push_back(std::move(ch));
      }
      scene.animations.push_back(std::move(anim));
    }
  }

  void build() {
    scene.source_format = "Assimp";
    nodes(ai.mRootNode, -1);
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
  }
};

}  // namespace

const std::vector<std::string_view>& assimp_extensions() {
  // Asked of the Assimp this build links ("*.3ds;*.obj;..."), so the list is what it really reads.
  static const std::vector<std::string> owned = [] {
    std::string list;
    Assimp::Importer().GetExtensionList(list);
    std::vector<std::string> out;
    for (std::size_t start = 0; start < list.size();) {
      std::size_t end = list.find(';', start);
      if (end == std::string::npos) end = list.size();
      std::string ext = list.substr(start, end - start);
      // glTF is read natively (formats/gltf), never through Assimp.
      if (ext.rfind("*.", 0) == 0 && ext != "*.gltf" && ext != "*.glb") {
        ext.erase(0, 1);
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        out.push_back(ext);
      }
      start = end + 1;
    }
    return out;
  }();
  static const std::vector<std::string_view> views(owned.begin(), owned.end());
  return views;
}

Result<Scene> assimp_read(const ReadInput& input) {
  std::vector<Warning> io_warnings;  // outlives the importer, which owns the IO system writing to it
  Assimp::Importer importer;
  importer.SetIOHandler(new ScopedIOSystem(input.path.parent_path(), input.options.asset_root, io_warnings));
  const unsigned flags = aiProcess_Triangulate | aiProcess_GenSmoothNormals | aiProcess_CalcTangentSpace |
                         aiProcess_SortByPType | aiProcess_ValidateDataStructure | aiProcess_GenBoundingBoxes;
  // From memory with the extension as a hint, unless side files (.gltf + .bin, .obj + .mtl) need the path.
  const aiScene* ai = nullptr;
  const std::string ext = input.path.extension().string();
  if (!input.path.empty() && std::filesystem::exists(input.path))
    ai = importer.ReadFile(input.path.string(), flags);
  else
    ai = importer.ReadFileFromMemory(input.bytes.data(), input.bytes.size(), flags, ext.size() > 1 ? ext.c_str() + 1 : "");
  if (!ai || !ai->mRootNode)
    return Error{"ASSIMP_IMPORT_FAILED", "Assimp", input.path.string(), {}, {}, {}, std::string("Assimp cannot read it: ") + importer.GetErrorString()};
  Builder b{*ai, input.path.parent_path(), input.options.asset_root, {}, {}, {}, {}, {}, {}};
  b.build();
  if (b.scene.triangle_count() == 0)
    return Error{"ASSIMP_NO_TRIANGLES", "Assimp", input.path.string(), {}, {}, {},
                 "the file holds no triangles (points and lines are not kept): nothing to convert"};
  Result<Scene> result(std::move(b.scene));
  result.warnings = std::move(io_warnings);
  result.warnings.insert(result.warnings.end(), b.warnings.begin(), b.warnings.end());
  return result;
}

}  // namespace aem::formats
