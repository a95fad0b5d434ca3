#include "panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aem::viewer {
namespace {

ImTextureID texture_id(GLuint texture) { return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture)); }

void file_section(ViewerState& state) {
  ImGui::SetNextItemWidth(-70);
  const bool entered = ImGui::InputTextWithHint("##path", "model file path (or drop a file on the window)", &state.path_field,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || entered) && !state.path_field.empty()) state.open_request = state.path_field;
  if (state.loaded_path.empty()) {
    ImGui::TextDisabled("no model loaded");
    return;
  }
  const Scene& s = state.scene;
  ImGui::TextWrapped("%s", state.loaded_path.c_str());
  ImGui::Text("format %s", s.source_format.c_str());
  for (const auto& note : s.source_notes) ImGui::BulletText("%s: %s", note.key.c_str(), note.value.c_str());
  ImGui::Text("%zu vertices, %zu triangles", s.vertex_count(), s.triangle_count());
  ImGui::Text("%zu meshes, %zu materials, %zu textures", s.meshes.size(), s.materials.size(), s.textures.size());
  ImGui::Text("%zu joints, %zu nodes, %zu animations", s.joints.size(), s.nodes.size(), s.animations.size());
  if (s.vertex_animation.frame_count >= 2) ImGui::Text("vertex animation: %u frames", s.vertex_animation.frame_count);
  const Bounds& b = state.bounds;
  if (!b.empty()) ImGui::Text("bounds (%.3g %.3g %.3g) .. (%.3g %.3g %.3g)", b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z);
  for (const auto& w : state.warnings) ImGui::TextColored({1.0f, 0.8f, 0.3f, 1.0f}, "%s", w.c_str());
}

void animation_section(ViewerState& state) {
  Playback& p = state.playback;
  const Scene& s = state.scene;
  const auto label = [&](std::int32_t i) {
    if (i < 0) return std::string(s.vertex_animation.frame_count >= 2 ? "bind pose / vertex animation" : "bind pose");
    const std::string& name = s.animations[i].name;
    return std::to_string(i) + ": " + (name.empty() ? "(unnamed)" : name);
  };
  if (ImGui::BeginCombo("animation", label(p.animation).c_str())) {
    for (std::int32_t i = -1; i < static_cast<std::int32_t>(s.animations.size()); ++i)
      if (ImGui::Selectable(label(i).c_str(), i == p.animation)) p.select(s, i);
    ImGui::EndCombo();
  }
  if (ImGui::Button(p.playing ? "Pause" : "Play")) p.toggle();
  ImGui::SameLine();
  ImGui::Checkbox("loop", &p.loop);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &p.speed, 0.0f, 4.0f, "speed %.2fx");
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##time", &p.time, 0.0f, std::max(p.duration, 1e-3f), "%.3f s");
  ImGui::Text("duration %.3f s", p.duration);
}

void view_section(ViewerState& state) {
  ImGui::Checkbox("wireframe", &state.draw.wireframe);
  ImGui::SameLine();
  ImGui::Checkbox("skeleton", &state.draw.skeleton);
  ImGui::SameLine();
  ImGui::Checkbox("grid", &state.draw.grid);
  ImGui::ColorEdit3("background", &state.draw.background.x);
  if (ImGui::Button("Frame model (F)")) state.frame_request = true;
  ImGui::TextDisabled("left drag: orbit, right/middle drag: pan, wheel: zoom, space: play/pause");
}

void meshes_section(render::Renderer& renderer) {
  const Scene& s = renderer.scene();
  for (std::size_t i = 0; i < s.meshes.size(); ++i) {
    bool visible = renderer.mesh_visible[i];
    const std::string name = s.meshes[i].name.empty() ? "mesh " + std::to_string(i) : s.meshes[i].name;
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Checkbox(name.c_str(), &visible)) renderer.mesh_visible[i] = visible;
    ImGui::SameLine();
    ImGui::TextDisabled("%zu tris", s.meshes[i].triangle_count());
    ImGui::PopID();
  }
}

void texture_preview(const render::Renderer& renderer, const char* slot, std::int32_t index) {
  if (index < 0) return;
  const GLuint id = renderer.textures().colour(index);
  const auto [w, h] = renderer.textures().size(index);
  const auto& textures = renderer.scene().textures;
  const std::string name = static_cast<std::size_t>(index) < textures.size() ? textures[index].name : "?";
  if (!id) {
    ImGui::BulletText("%s: %s (not loaded)", slot, name.c_str());
    return;
  }
  ImGui::Image(texture_id(id), {48, 48});
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::Text("%s %dx%d", name.c_str(), w, h);
    ImGui::Image(texture_id(id), {256, 256});
    ImGui::EndTooltip();
  }
  ImGui::SameLine();
  ImGui::Text("%s: %s", slot, name.c_str());
}

void materials_section(render::Renderer& renderer) {
  const Scene& s = renderer.scene();
  for (std::size_t i = 0; i <= s.materials.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool is_default = i == s.materials.size();
    const std::string name = is_default ? "(no material)" : s.materials[i].name.empty() ? "material " + std::to_string(i) : s.materials[i].name;
    bool visible = renderer.material_visible[i];
    if (ImGui::Checkbox("##visible", &visible)) renderer.material_visible[i] = visible;
    ImGui::SameLine();
    if (!is_default && ImGui::TreeNode(name.c_str())) {
      const Material& m = s.materials[i];
      ImGui::ColorButton("base colour", {m.base_color.x, m.base_color.y, m.base_color.z, m.base_color.w});
      ImGui::SameLine();
      ImGui::Text("metallic %.2f roughness %.2f", m.metallic, m.roughness);
      texture_preview(renderer, "base colour", m.textures.base_color);
      texture_preview(renderer, "normal", m.textures.normal);
      texture_preview(renderer, "ORM", m.textures.orm);
      texture_preview(renderer, "metallic-roughness", m.textures.metallic_roughness);
      texture_preview(renderer, "occlusion", m.textures.occlusion);
      texture_preview(renderer, "emissive", m.textures.emissive);
      ImGui::TreePop();
    } else if (is_default) {
      ImGui::TextUnformatted(name.c_str());
    }
    ImGui::PopID();
  }
}

void textures_section(const render::Renderer& renderer) {
  const auto& textures = renderer.scene().textures;
  if (textures.empty()) ImGui::TextDisabled("no textures");
  for (std::size_t i = 0; i < textures.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string slot = std::to_string(i) + (textures[i].data.empty() ? " (file)" : " (embedded)");
    texture_preview(renderer, slot.c_str(), static_cast<std::int32_t>(i));
    ImGui::PopID();
  }
}

void bone_node(const Scene& s, const std::vector<std::vector<std::uint32_t>>& children, std::uint32_t j) {
  const std::string label = (s.joints[j].name.empty() ? "joint" : s.joints[j].name) + "##" + std::to_string(j);
  const ImGuiTreeNodeFlags flags = children[j].empty() ? ImGuiTreeNodeFlags_Leaf : ImGuiTreeNodeFlags_None;
  if (ImGui::TreeNodeEx(label.c_str(), flags)) {
    for (std::uint32_t c : children[j]) bone_node(s, children, c);
    ImGui::TreePop();
  }
}

void bones_section(const Scene& s) {
  // Children lists in parents-first order; joints on a parent cycle are left out by that order.
  std::vector<std::vector<std::uint32_t>> children(s.joints.size());
  std::vector<std::int32_t> parents;
  for (const Joint& j : s.joints) parents.push_back(j.parent);
  std::vector<std::uint32_t> roots;
  for (std::uint32_t j : parents_first_order(parents)) {
    const std::int32_t p = s.joints[j].parent;
    if (p >= 0 && static_cast<std::size_t>(p) < s.joints.size()) children[p].push_back(j);
    else roots.push_back(j);
  }
  for (std::uint32_t r : roots) bone_node(s, children, r);
}

}  // namespace

float draw_panel(ViewerState& state, render::Renderer& renderer) {
  ImGui::SetNextWindowPos({10, 10}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({380, 600}, ImGuiCond_FirstUseEver);
  const bool expanded = ImGui::Begin("aem viewer");
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  const float right_edge = expanded && pos.x < 40.0f ? pos.x + size.x : 0.0f;
  if (ImGui::CollapsingHeader("File", ImGuiTreeNodeFlags_DefaultOpen)) file_section(state);
  if (!state.loaded_path.empty()) {
    if (ImGui::CollapsingHeader("Animation", ImGuiTreeNodeFlags_DefaultOpen)) animation_section(state);
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_section(state);
    if (ImGui::CollapsingHeader("Meshes")) meshes_section(renderer);
    if (ImGui::CollapsingHeader("Materials")) materials_section(renderer);
    if (ImGui::CollapsingHeader("Textures")) textures_section(renderer);
    if (ImGui::CollapsingHeader("Bones")) bones_section(state.scene);
  }
  ImGui::End();
  return right_edge;
}

void draw_error(ViewerState& state) {
  if (state.error.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos({viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + viewport->WorkSize.y * 0.5f},
                          ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize({520, 0});
  bool open = true;
  ImGui::Begin("Could not open the file", &open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushStyleColor(ImGuiCol_Text, {1.0f, 0.45f, 0.4f, 1.0f});
  ImGui::TextWrapped("%s", state.error.c_str());
  ImGui::PopStyleColor();
  if (ImGui::Button("OK")) open = false;
  ImGui::End();
  if (!open) state.error.clear();
}

}  // namespace aem::viewer
