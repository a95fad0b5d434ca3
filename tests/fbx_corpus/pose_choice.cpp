#include "fbx_corpus/pose_choice.hpp"

#include <string_view>

namespace aem::fbx_corpus {
namespace {

std::string_view without_stack_prefix(std::string_view name) {
  constexpr std::string_view prefix = "AnimStack::";
  if (name.substr(0, prefix.size()) == prefix) name.remove_prefix(prefix.size());
  return name;
}

std::optional<std::size_t> animation_for_take(const Scene& scene, std::string_view take) {
  for (std::size_t a = 0; a < scene.animations.size(); ++a)
    if (without_stack_prefix(scene.animations[a].name) == without_stack_prefix(take)) return a;
  return std::nullopt;
}

std::string animation_names(const Scene& scene) {
  std::string out;
  for (const Animation& a : scene.animations) out += (out.empty() ? "\"" : ", \"") + a.name + "\"";
  return out;
}

}  // namespace

PoseChoice choose_pose(const Scene& converted, const FbxFacts& facts, const FrameCase& frame) {
  PoseChoice choice;
  if (!frame.time) {
    choice.pose = test::PoseAt::rest();
    return choice;
  }
  const int take = take_for(facts, frame.animation ? &*frame.animation : nullptr);
  const double start = take >= 0 ? facts.takes[take].start : 0.0;
  const auto at = [&](std::size_t a) { return test::PoseAt::animated(a, static_cast<float>(*frame.time - start)); };
  if (take >= 0) choice.take = facts.takes[take].name;
  if (converted.animations.empty()) {
    choice.pose = test::PoseAt::rest();
    choice.note = "the converted file has no animation: rest pose compared";
  } else if (const auto named = take >= 0 ? animation_for_take(converted, choice.take) : std::nullopt) {
    choice.pose = at(*named);
  } else if (take >= 0 && !facts.takes[take].has_keys) {
    choice.pose = test::PoseAt::rest();
    choice.note = "the take has no keys (nor has the converted file an animation of its name): rest pose compared";
  } else if (converted.animations.size() == 1) {
    choice.pose = at(0);
    choice.note = "its only animation \"" + converted.animations[0].name + "\" compared";
  } else if (take <= 0 && !frame.animation) {
    choice.pose = at(0);
    choice.note = "animation 0 \"" + converted.animations[0].name + "\" compared for the default take";
  } else {
    choice.error = "no animation named \"" + choice.take + "\" among " + animation_names(converted);
  }
  return choice;
}

}  // namespace aem::fbx_corpus
