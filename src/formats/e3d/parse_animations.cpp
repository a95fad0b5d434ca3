// animations (0xA000) > animation (0xA010) > animationTrack (0xA100): the track prefix is numKeys,
// the loop byte, then the frame numbers (docs/formats/e3d.md §7); each ftk payload must match numKeys.
#include <cstring>

#include "formats/e3d/e3d_parse.hpp"
#include "formats/e3d/parse_util.hpp"

namespace aem::formats::e3d {
namespace {

/// Bytes per key of a frame track key block (after ftkMorph's 4-byte morph index); 0 if not one.
std::uint64_t key_size(std::uint16_t type) {
  switch (type) {
    case kFrameTcbEase:
      return 20;
    case kTrackPosition:
    case kTrackScaling:
    case kTrackLightColor:
      return 12;
    case kTrackRotation:
      return 16;
    case kTrackYaw:
    case kTrackPitch:
    case kTrackRoll:
    case kTrackCameraFov:
    case kTrackCameraRoll:
    case kTrackLightHotSpot:
    case kTrackLightFallOff:
    case kTrackMorph:
      return 4;
    case kTrackHide:
      return 1;
    default:
      return 0;
  }
}

void parse_track(ReadContext& ctx, BlockRef& tb, RawAnimation& anim) {
  ctx.charge(sizeof(RawTrack) + sizeof(Channel), tb.offset, "an animation track");
  RawTrack t;
  t.where = ctx.where(tb.offset);
  detail::ByteReader& r = tb.payload;
  const std::uint32_t keys = r.u32("track key count");
  t.loop = r.u8("track loop flag") != 0;
  auto frames = r.array(keys, 4, "track frame numbers");
  t.frames.resize(keys);
  if (keys) std::memcpy(t.frames.data(), frames.data(), frames.size());
  walk_blocks(ctx, r, [&](BlockRef& b) {
    if (b.type == kNodeId) return void(t.node_id = read_i32_block(b));
    if (b.type == kNodeName) return void(t.node_name = read_string_block(b));
    if (b.type == kRotationOrder) {
      expect_length(b, 1);
      return t.ignored.push_back(b.type);
    }
    const std::uint64_t size = key_size(b.type);
    if (size == 0) return skip_unknown(ctx, b, "animation track");
    expect_length(b, (b.type == kTrackMorph ? 4 : 0) + size * keys);
    if (b.type == kTrackMorph) {
      RawTrack::MorphKeys& m = t.morph_keys.emplace_back();
      m.morph = b.payload.i32("morph index");
      m.weights.resize(keys);
      for (float& v : m.weights) v = b.payload.f32("morph weight key");
      return;
    }
    if (b.type != kTrackPosition && b.type != kTrackScaling && b.type != kTrackRotation)
      return t.ignored.push_back(b.type);
    RawTrack::Data d{b.type, std::vector<float>(keys * (size / 4))};
    for (float& v : d.values) v = b.payload.f32("track key value");
    t.data.push_back(std::move(d));
  });
  anim.tracks.push_back(std::move(t));
}

void parse_animation(ReadContext& ctx, BlockRef& ab, RawFile& file) {
  ctx.charge(sizeof(RawAnimation) + sizeof(Animation), ab.offset, "an animation");
  RawAnimation anim;
  anim.where = ctx.where(ab.offset);
  walk_blocks(ctx, ab.payload, [&](BlockRef& b) {
    switch (b.type) {
      case kAnimationName:
        anim.name = read_string_block(b);
        break;
      case kAnimationFrames:
        expect_length(b, 12);
        anim.start = b.payload.i32("start frame");
        anim.end = b.payload.i32("end frame");
        anim.current = b.payload.i32("default frame");
        anim.has_frames = true;
        break;
      case kAnimationTrack:
        parse_track(ctx, b, anim);
        break;
      default:
        skip_unknown(ctx, b, "animation");
    }
  });
  file.animations.push_back(std::move(anim));
}

}  // namespace

void parse_animations(ReadContext& ctx, BlockRef& section, RawFile& file) {
  walk_items(ctx, section, kAnimation, "animations", [&](BlockRef& b) { parse_animation(ctx, b, file); });
}

}  // namespace aem::formats::e3d
