// The independent side of the converter tests: a model as Assimp reads it, posed with Assimp's own
// types (aiMatrix4x4, aiQuaternion::Interpolate) straight from its node animation, bones and offset
// matrices - none of our scene, conversion or animation code.
#pragma once

#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <map>
#include <string>
#include <vector>

#include "aem/math.hpp"

namespace aem::test {

struct AssimpModel {
  Assimp::Importer importer;
  const aiScene* scene = nullptr;

  explicit AssimpModel(const std::string& path) {
    scene = importer.ReadFile(path, aiProcess_Triangulate | aiProcess_GenSmoothNormals | aiProcess_SortByPType);
  }

  /// Triangles of every mesh instance placed by a node.
  std::size_t instanced_triangles() const { return count(scene->mRootNode); }

  /// World-space vertices of every (node, mesh) instance at `seconds` of animation `anim` (-1: rest),
  /// skinned meshes blended with their bones' weights (renormalised over the 4 largest, as the
  /// converter promises), in node order then mesh order then vertex order.
  std::vector<Vec3> posed(int anim, double seconds) const {
    std::map<std::string, aiMatrix4x4> global;
    walk(scene->mRootNode, aiMatrix4x4(), anim, seconds, global);
    std::vector<Vec3> out;
    collect(scene->mRootNode, global, out);
    return out;
  }

 private:
  std::size_t count(const aiNode* n) const {
    std::size_t t = 0;
    for (unsigned i = 0; i < n->mNumMeshes; ++i) t += scene->mMeshes[n->mMeshes[i]]->mNumFaces;
    for (unsigned c = 0; c < n->mNumChildren; ++c) t += count(n->mChildren[c]);
    return t;
  }

  template <class Key>
  static unsigned segment(const Key* keys, unsigned n, double t) {
    unsigned i = 0;
    while (i + 1 < n && keys[i + 1].mTime <= t) ++i;
    return i;
  }

  aiMatrix4x4 local(const aiNode* n, int anim, double seconds) const {
    if (anim < 0) return n->mTransformation;
    const aiAnimation* a = scene->mAnimations[anim];
    const double tps = a->mTicksPerSecond > 0 ? a->mTicksPerSecond : 1000.0;
    const double t = seconds * tps;
    for (unsigned c = 0; c < a->mNumChannels; ++c) {
      const aiNodeAnim* ch = a->mChannels[c];
      if (ch->mNodeName != n->mName) continue;
      aiVector3D pos, scale(1, 1, 1);
      aiQuaternion rot;
      aiVector3D sn, pn;
      aiQuaternion rn;
      n->mTransformation.Decompose(sn, rn, pn);
      pos = pn;
      rot = rn;
      scale = sn;
      auto lerp = [&](const aiVectorKey* k, unsigned count, aiVector3D& out) {
        if (!count) return;
        unsigned i = segment(k, count, t);
        if (t <= k[0].mTime || i + 1 >= count) {
          out = t <= k[0].mTime ? k[0].mValue : k[count - 1].mValue;
          return;
        }
        const double f = (t - k[i].mTime) / (k[i + 1].mTime - k[i].mTime);
        out = k[i].mValue + (k[i + 1].mValue - k[i].mValue) * static_cast<float>(f);
      };
      lerp(ch->mPositionKeys, ch->mNumPositionKeys, pos);
      lerp(ch->mScalingKeys, ch->mNumScalingKeys, scale);
      if (ch->mNumRotationKeys) {
        const aiQuatKey* k = ch->mRotationKeys;
        const unsigned count = ch->mNumRotationKeys;
        unsigned i = segment(k, count, t);
        if (t <= k[0].mTime || i + 1 >= count) {
          rot = t <= k[0].mTime ? k[0].mValue : k[count - 1].mValue;
        } else {
          const float f = static_cast<float>((t - k[i].mTime) / (k[i + 1].mTime - k[i].mTime));
          aiQuaternion::Interpolate(rot, k[i].mValue, k[i + 1].mValue, f);
          rot.Normalize();
        }
      }
      return aiMatrix4x4(scale, rot, pos);
    }
    return n->mTransformation;
  }

  void walk(const aiNode* n, const aiMatrix4x4& parent, int anim, double seconds,
            std::map<std::string, aiMatrix4x4>& global) const {
    const aiMatrix4x4 g = parent * local(n, anim, seconds);
    global[n->mName.C_Str()] = g;
    for (unsigned c = 0; c < n->mNumChildren; ++c) walk(n->mChildren[c], g, anim, seconds, global);
  }

  static Vec3 apply(const aiMatrix4x4& m, const aiVector3D& v) {
    const aiVector3D r = m * v;
    return {r.x, r.y, r.z};
  }

  void collect(const aiNode* n, const std::map<std::string, aiMatrix4x4>& global, std::vector<Vec3>& out) const {
    for (unsigned i = 0; i < n->mNumMeshes; ++i) {
      const aiMesh* m = scene->mMeshes[n->mMeshes[i]];
      if (m->mNumBones == 0) {
        for (unsigned v = 0; v < m->mNumVertices; ++v)
          out.push_back(apply(global.at(n->mName.C_Str()), m->mVertices[v]));
        continue;
      }
      // Skinned: Σ w · global(bone) · offset · v, over each vertex's 4 largest weights, renormalised.
      std::vector<std::vector<std::pair<float, unsigned>>> weights(m->mNumVertices);
      for (unsigned b = 0; b < m->mNumBones; ++b)
        for (unsigned w = 0; w < m->mBones[b]->mNumWeights; ++w)
          weights[m->mBones[b]->mWeights[w].mVertexId].push_back({m->mBones[b]->mWeights[w].mWeight, b});
      for (unsigned v = 0; v < m->mNumVertices; ++v) {
        auto& list = weights[v];
        std::sort(list.begin(), list.end(), [](auto& a, auto& b) { return a.first > b.first; });
        if (list.size() > 4) list.resize(4);
        float sum = 0;
        for (auto& [w, b] : list) sum += w;
        Vec3 p{};
        for (auto& [w, b] : list) {
          const aiBone* bone = m->mBones[b];
          p = p + apply(global.at(bone->mName.C_Str()) * bone->mOffsetMatrix, m->mVertices[v]) * (w / sum);
        }
        out.push_back(p);
      }
    }
    for (unsigned c = 0; c < n->mNumChildren; ++c) collect(n->mChildren[c], global, out);
  }
};

}  // namespace aem::test
