// meshes (0x1000) > mesh (0x1010): attributes, triangles, material ranges, duplicate vertices, skin,
// parts and morphs (docs/formats/e3d.md §4, §6), checked against the bytes present before allocating.
#include <algorithm>
#include <array>
#include <cstring>

#include "formats/e3d/e3d_parse.hpp"
#include "formats/e3d/parse_attributes.hpp"
#include "formats/e3d/parse_util.hpp"

namespace aem::formats::e3d {
namespace {

/// The interleaved block: (u16 type, u16 offset) entries ended by (0, vertex size), then the data.
void parse_interleaved(ReadContext& ctx, BlockRef& b, RawMesh& m) {
  detail::ByteReader& r = b.payload;
  struct Entry {
    std::uint16_t type, offset;
  };
  std::vector<Entry> entries;
  std::uint16_t vsize = 0;
  for (;;) {
    const std::uint16_t type = r.u16("interleaved attribute type");
    const std::uint16_t offset = r.u16("interleaved attribute offset");
    if (type == 0) {
      vsize = offset;
      break;
    }
    entries.push_back({type, offset});
  }
  if (!r.fits(m.vertex_count, vsize) || r.remaining() != std::uint64_t(m.vertex_count) * vsize)
    detail::fail_at("E3D", "E3D_ATTRIBUTE_SIZE", b.offset,
                    "interleaved block: " + std::to_string(m.vertex_count) + " vertices of " + std::to_string(vsize) +
                        " bytes need " + std::to_string(std::uint64_t(m.vertex_count) * vsize) +
                        " bytes of data, the block holds " + std::to_string(r.remaining()));
  const std::byte* data = r.bytes(r.remaining(), "interleaved data").data();
  std::vector<AttributeSource> sources;
  std::array<int, 32> source_of_target;  // a later entry for the same array replaces an earlier one
  source_of_target.fill(-1);
  std::vector<std::uint16_t> skipped;  // custom and extra-skin types: reported once each
  for (const Entry& e : entries) {
    AttributeSource src{e.type, data + e.offset, vsize, 0, b.offset};
    int size = attribute_size(e.type);
    if (e.type == kBoneWeights) {
      // M slots: up to the next larger offset in the list, or the end of the vertex (§6).
      std::uint32_t next = vsize;
      for (const Entry& o : entries)
        if (o.offset > e.offset) next = std::min<std::uint32_t>(next, o.offset);
      src.bone_slots = static_cast<int>((next - std::min<std::uint32_t>(next, e.offset)) / 2);
      size = 2 * src.bone_slots;
      if (size == 0)
        detail::fail_at("E3D", "E3D_ATTRIBUTE_SIZE", b.offset,
                        "interleaved bone weights at offset " + std::to_string(e.offset) + " have no room for a slot");
    } else if (attribute_target(e.type) == 0) {
      if (std::find(skipped.begin(), skipped.end(), e.type) != skipped.end()) continue;
      skipped.push_back(e.type);
      if (is_vertex_attribute(e.type))
        decode_attribute(ctx, src, m, 0, 0);  // warns that it is skipped
      else
        ctx.warn("E3D_UNKNOWN_BLOCK", b.offset,
                 "interleaved attribute type " + block_label(e.type) + " unknown; skipped");
      continue;
    }
    if (std::uint32_t(e.offset) + std::uint32_t(size) > vsize)
      detail::fail_at("E3D", "E3D_ATTRIBUTE_SIZE", b.offset,
                      "interleaved attribute " + block_label(e.type) + " at offset " + std::to_string(e.offset) + " (" +
                          std::to_string(size) + " bytes) does not fit in the " + std::to_string(vsize) +
                          "-byte vertex");
    int& slot = source_of_target[attribute_target(e.type)];
    if (slot >= 0) {
      sources[slot] = src;
    } else {
      slot = static_cast<int>(sources.size());
      sources.push_back(src);
    }
  }
  // Vertex ranges small enough to stay in cache while every attribute is read from them.
  constexpr std::uint32_t kChunk = 1024;
  for (std::uint32_t first = 0; first < m.vertex_count; first += kChunk)
    for (const auto& src : sources) decode_attribute(ctx, src, m, first, std::min(kChunk, m.vertex_count - first));
}

/// A standalone attribute block: vertex_count values back to back.
void parse_standalone(ReadContext& ctx, BlockRef& b, RawMesh& m) {
  AttributeSource src{b.type, nullptr, 0, 0, b.offset};
  if (b.type >= kCustomFirst && b.type <= kCustomLast)
    return decode_attribute(ctx, src, m, 0, m.vertex_count);  // warns and skips
  const std::uint64_t n = m.vertex_count;
  std::uint64_t size = attribute_size(b.type);
  if (size == 0 && n > 0) {  // bone weights: M index bytes and M weight bytes per vertex
    src.bone_slots = static_cast<int>(record_count(b, 2 * n));
    size = 2ull * src.bone_slots;
  }
  if (b.payload.size() != size * n)
    detail::fail_at("E3D", "E3D_ATTRIBUTE_SIZE", b.offset,
                    "attribute block " + block_label(b.type) + " holds " + std::to_string(b.payload.size()) +
                        " bytes; " + std::to_string(n) + " vertices need " + std::to_string(size * n));
  if (n == 0 || size == 0) return;
  src.stride = size;
  src.data = b.payload.bytes(b.payload.remaining(), "attribute data").data();
  decode_attribute(ctx, src, m, 0, m.vertex_count);
}

void parse_attributes(ReadContext& ctx, BlockRef& b, RawMesh& m) {
  const std::int32_t n = b.payload.i32("attributes vertex count");
  if (n < 0)
    detail::fail_at("E3D", "E3D_BAD_COUNT", b.offset, "attributes block declares " + std::to_string(n) + " vertices");
  if (m.has_attributes && std::uint32_t(n) != m.vertex_count)
    detail::fail_at("E3D", "E3D_ATTRIBUTE_SIZE", b.offset,
                    "second attributes block declares " + std::to_string(n) + " vertices, the first " +
                        std::to_string(m.vertex_count));
  m.has_attributes = true;
  m.vertex_count = static_cast<std::uint32_t>(n);
  walk_blocks(ctx, b.payload, [&](BlockRef& a) {
    if (a.type == kInterleaved)
      parse_interleaved(ctx, a, m);
    else if (is_vertex_attribute(a.type))
      parse_standalone(ctx, a, m);
    else
      skip_unknown(ctx, a, "attributes");
  });
}

void parse_faces(BlockRef& b, RawMesh& m) {
  const std::int32_t n = b.payload.i32("triangle count");
  const int width = b.type == kTriFaces16 ? 2 : 4;
  if (n < 0 || b.payload.remaining() != std::uint64_t(n) * 3 * width)
    detail::fail_at("E3D", "E3D_BLOCK_LENGTH", b.offset,
                    block_label(b.type) + " declares " + std::to_string(n) + " triangles (" +
                        std::to_string(std::int64_t(n) * 3 * width) + " bytes of indices) but holds " +
                        std::to_string(b.payload.remaining()) + " bytes of indices");
  auto data = b.payload.bytes(b.payload.remaining(), "triangle indices");
  auto& idx = m.mesh.indices;
  idx.resize(std::size_t(n) * 3);
  if (width == 4) {
    if (!idx.empty()) std::memcpy(idx.data(), data.data(), data.size());
    return;
  }
  const std::byte* p = data.data();
  for (std::size_t i = 0; i < idx.size(); ++i) {
    std::uint16_t v;
    std::memcpy(&v, p + 2 * i, 2);
    idx[i] = v;
  }
}

void parse_face_materials(BlockRef& b, RawMesh& m) {
  const std::uint64_t n = record_count(b, 12);
  for (std::uint64_t i = 0; i < n; ++i) {
    FaceRange f;
    f.first = b.payload.i32("first triangle");
    f.count = b.payload.i32("triangle count");
    f.material = b.payload.i32("material ID");
    m.ranges.push_back(f);
  }
}

void parse_duplicates(BlockRef& b, RawMesh& m) {
  const std::uint64_t n = record_count(b, 4);
  m.duplicates.resize(n);
  for (auto& d : m.duplicates) {
    const std::int32_t v = b.payload.i32("duplicate vertex");
    if (v < 0)
      detail::fail_at("E3D", "E3D_DUPLICATE_RANGE", b.offset,
                      "duplicate vertex entry " + std::to_string(v) + " is negative");
    d = static_cast<std::uint32_t>(v);
  }
}

void parse_skin(ReadContext& ctx, BlockRef& skin, RawMesh& m) {
  walk_blocks(ctx, skin.payload, [&](BlockRef& b) {
    switch (b.type) {
      case kSkinName:
      case kSkinBoneWeights:
        break;  // unused by Ecere; nothing in the scene holds them
      case kSkinBindMatrix:
        expect_length(b, 64);
        m.bind_shape = read_matrix(b.payload, "skin bind matrix");
        break;
      case kSkinBones: {
        const std::uint8_t n = b.payload.u8("bone count");
        m.bones.clear();
        for (int i = 0; i < n; ++i) {
          RawSkinBone bone;
          bone.node_name = read_string(b.payload, "bone node name");
          bone.inverse_bind = read_matrix(b.payload, "bone inverse bind matrix");
          m.bones.push_back(std::move(bone));
        }
        break;
      }
      default:
        skip_unknown(ctx, b, "skin");
    }
  });
}

void parse_morphs(ReadContext& ctx, BlockRef& b, RawMesh& m) {
  const std::int32_t count = b.payload.i32("morph count");
  walk_blocks(ctx, b.payload, [&](BlockRef& mb) {
    if (mb.type != kMorph) return skip_unknown(ctx, mb, "morphs");
    ctx.charge(sizeof(RawMorph), mb.offset, "a morph");
    RawMorph morph;
    morph.where = ctx.where(mb.offset);
    walk_blocks(ctx, mb.payload, [&](BlockRef& c) {
      switch (c.type) {
        case kMorphId:
          morph.id = read_i32_block(c);
          break;
        case kMorphName:
          morph.name = read_string_block(c);
          break;
        case kMorphWeight:
          expect_length(c, 4);
          morph.weight = c.payload.f32("morph weight");
          break;
        case kMeshId:
          morph.mesh_id = read_i32_block(c);
          break;
        default:
          skip_unknown(ctx, c, "morph");
      }
    });
    m.morphs.push_back(std::move(morph));
  });
  if (count < 0 || std::uint64_t(count) != m.morphs.size())
    ctx.warn("E3D_COUNT_MISMATCH", b.offset,
             "morphs block declares " + std::to_string(count) + " morphs and holds " + std::to_string(m.morphs.size()));
}

/// Checks that need the whole mesh (blocks may come in any order), then maps quantised positions.
void finish_mesh(ReadContext& ctx, RawMesh& m) {
  const std::uint32_t n = m.vertex_count;
  Mesh& mesh = m.mesh;
  if (n > 0 && mesh.positions.empty())
    detail::fail_at("E3D", "E3D_MISSING_POSITIONS", m.where.offset,
                    "mesh has " + std::to_string(n) + " vertices but no positions");
  for (std::size_t i = 0; i < mesh.indices.size(); ++i)
    if (mesh.indices[i] >= n)
      detail::fail_at("E3D", "E3D_INDEX_OUT_OF_RANGE", m.where.offset,
                      "triangle " + std::to_string(i / 3) + " uses vertex " + std::to_string(mesh.indices[i]) + " of " +
                          std::to_string(n));
  if (m.duplicates.size() > n)
    detail::fail_at("E3D", "E3D_DUPLICATE_RANGE", m.where.offset,
                    std::to_string(m.duplicates.size()) + " duplicate vertices in a mesh of " + std::to_string(n));
  const std::size_t originals = n - m.duplicates.size();
  for (auto d : m.duplicates)
    if (d >= originals)
      detail::fail_at("E3D", "E3D_DUPLICATE_RANGE", m.where.offset,
                      "duplicate vertex repeats vertex " + std::to_string(d) + ", not one of the " +
                          std::to_string(originals) + " originals");
  if (m.max_bone >= static_cast<std::int32_t>(m.bones.size()))
    detail::fail_at("E3D", "E3D_BONE_OUT_OF_RANGE", m.where.offset,
                    "a vertex uses bone " + std::to_string(m.max_bone) + " of the " + std::to_string(m.bones.size()) +
                        " the skin defines");
  if (m.influences_reduced)
    ctx.warn("E3D_INFLUENCES_REDUCED", m.where.offset,
             "vertices with more than " + std::to_string(kMaxInfluences) + " bone weights keep the largest");
  if (m.quantized) {
    if (!m.bbox)
      detail::fail_at("E3D", "E3D_MISSING_BBOX", m.where.offset,
                      "quantised positions (verticesQ) need a meshBBox block");
    // The spec only says "quantized to meshBBox": -32768..32767 is mapped linearly onto lo..hi.
    const auto& bb = *m.bbox;
    for (auto& p : mesh.positions) {
      p.x = bb[0] + (p.x + 32768.0f) / 65535.0f * (bb[3] - bb[0]);
      p.y = bb[1] + (p.y + 32768.0f) / 65535.0f * (bb[4] - bb[1]);
      p.z = bb[2] + (p.z + 32768.0f) / 65535.0f * (bb[5] - bb[2]);
    }
  }
}

void parse_mesh(ReadContext& ctx, BlockRef& mb, RawFile& file) {
  ctx.charge(sizeof(RawMesh) + sizeof(Mesh), mb.offset, "a mesh");
  RawMesh m;
  m.where = ctx.where(mb.offset);
  walk_blocks(ctx, mb.payload, [&](BlockRef& b) {
    switch (b.type) {
      case kMeshId:
        m.id = read_i32_block(b);
        break;
      case kMeshBBox: {
        expect_length(b, 24);
        std::array<float, 6> bb;
        for (float& v : bb) v = b.payload.f32("mesh bounding box");
        m.bbox = bb;
        break;
      }
      case kMeshDuplicateVertices:
        parse_duplicates(b, m);
        break;
      case kAttributes:
        parse_attributes(ctx, b, m);
        break;
      case kTriFaces16:
      case kTriFaces32:
        parse_faces(b, m);
        break;
      case kFacesMaterials:
        parse_face_materials(b, m);
        break;
      case kSkin:
        parse_skin(ctx, b, m);
        break;
      case kParts:
        ctx.warn(
            "E3D_DATA_DROPPED", b.offset,
            std::to_string(record_count(b, 16)) + " part ranges (parts block) have no place in the scene; dropped");
        break;
      case kMorphs:
        parse_morphs(ctx, b, m);
        break;
      default:
        skip_unknown(ctx, b, "mesh");
    }
  });
  finish_mesh(ctx, m);
  file.meshes.push_back(std::move(m));
}

}  // namespace

void parse_meshes(ReadContext& ctx, BlockRef& section, RawFile& file) {
  walk_items(ctx, section, kMesh, "meshes", [&](BlockRef& b) { parse_mesh(ctx, b, file); });
}

}  // namespace aem::formats::e3d
