#include "panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "flow_row.hpp"

namespace aem::viewer {
namespace {

ImTextureID texture_id(GLuint texture) { return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture)); }

void file_section(ViewerState& state) {
  ImGui::SetNextItemWidth(-(button_width("Open") + ImGui::GetStyle().ItemSpacing.x));
  const bool entered = ImGui::InputTextWithHint("##path", "model file path (or drop a file on the window)",
                                                &state.path_field, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || entered) && !state.path_field.empty()) state.open_request = state.path_field;
  if (state.loaded_path.empty()) {
    ImGui::TextDisabled("no model loaded");
    return;
  }
  const Scene& s = state.scene;
  ImGui::TextWrapped("%s", state.loaded_path.c_str());
  ImGui::TextWrapped("format %s", s.source_format.c_str());
  for (const auto& note : s.source_notes) ImGui::TextWrapped("- %s: %s", note.key.c_str(), note.value.c_str());
  ImGui::TextWrapped("%zu vertices, %zu triangles", s.vertex_count(), s.triangle_count());
  ImGui::TextWrapped("%zu meshes, %zu materials, %zu textures", s.meshes.size(), s.materials.size(), s.textures.size());
  ImGui::TextWrapped("%zu joints, %zu nodes, %zu animations", s.joints.size(), s.nodes.size(), s.animations.size());
  if (s.vertex_animation.frame_count >= 2)
    ImGui::TextWrapped("vertex animation: %u frames", s.vertex_animation.frame_count);
  const Bounds& b = state.bounds;
  if (!b.empty())
    ImGui::TextWrapped("bounds (%.3g %.3g %.3g) .. (%.3g %.3g %.3g)", b.min.x, b.min.y, b.min.z, b.max.x, b.max.y,
                       b.max.z);
  ImGui::PushStyleColor(ImGuiCol_Text, {1.0f, 0.8f, 0.3f, 1.0f});
  for (const auto& w : state.warnings) ImGui::TextWrapped("%s", w.c_str());
  ImGui::PopStyleColor();
}

void animation_section(ViewerState& state) {
  Playback& p = state.playback;
  const Scene& s = state.scene;
  const auto label = [&](std::int32_t i) {
    if (i < 0) return std::string(s.vertex_animation.frame_count >= 2 ? "bind pose / vertex animation" : "bind pose");
    const std::string& name = s.animations[i].name;
    return std::to_string(i) + ": " + (name.empty() ? "(unnamed)" : name);
  };
  fit_next_item_with_label("animation");
  if (ImGui::BeginCombo("animation", label(p.animation).c_str())) {
    for (std::int32_t i = -1; i < static_cast<std::int32_t>(s.animations.size()); ++i)
      if (ImGui::Selectable(label(i).c_str(), i == p.animation)) p.select(s, i);
    ImGui::EndCombo();
  }
  if (p.duration > 0.0f)
    ImGui::TextWrapped("duration %.3f s, %.4g fps", p.duration, p.frame_rate);
  else
    ImGui::TextDisabled("static model: no timeline");
}

/// Checkboxes side by side, wrapping where the panel is too narrow for the next.
void checkbox_row(std::initializer_list<std::pair<const char*, bool*>> boxes) {
  std::vector<float> widths;
  for (const auto& [label, value] : boxes) widths.push_back(check_width(label));
  FlowRow row(std::move(widths));
  for (const auto& [label, value] : boxes) {
    row.next();
    ImGui::Checkbox(label, value);
  }
}

void view_section(ViewerState& state) {
  render::DrawOptions& d = state.draw;
  int mode = d.wireframe ? 2 : d.wire_overlay ? 1 : 0;
  const char* const modes[] = {"shaded", "shaded + wire", "wireframe"};
  FlowRow mode_row({check_width(modes[0]), check_width(modes[1]), check_width(modes[2])});
  for (int m = 0; m < 3; ++m) {
    mode_row.next();
    ImGui::RadioButton(modes[m], &mode, m);
  }
  d.wireframe = mode == 2;
  d.wire_overlay = mode == 1;
  checkbox_row({{"skeleton", &d.skeleton}, {"grid", &d.grid}, {"UV checker", &d.uv_checker}});
  checkbox_row({{"normals", &d.normals}, {"tangents", &d.tangents}});
  fit_next_item_with_label("background");
  ImGui::ColorEdit3("background", &d.background.x);
  FlowRow button_row({button_width("Frame model (F)"), button_width("Copy aem render command")});
  button_row.next();
  if (ImGui::Button("Frame model (F)")) state.frame_request = true;
  button_row.next();
  if (ImGui::Button("Copy aem render command")) state.copy_request = true;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", state.render_command.c_str());
  ImGui::TextWrapped(
      "left drag: orbit, right/middle drag: pan, wheel: zoom, click a joint: select it, W: display mode, G: grid, K: skeleton, "
      "space: play/pause, left/right: step a frame, home/end: range start/end, Ctrl +/-/0: UI size (%.2gx)",
      state.ui_scale);
  ImGui::PopStyleColor();
}

void meshes_section(render::Renderer& renderer) {
  const Scene& s = renderer.scene();
  for (std::size_t i = 0; i < s.meshes.size(); ++i) {
    bool visible = renderer.mesh_visible[i];
    const std::string name = s.meshes[i].name.empty() ? "mesh " + std::to_string(i) : s.meshes[i].name;
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Checkbox("##visible", &visible)) renderer.mesh_visible[i] = visible;
    ImGui::SameLine();
    ImGui::TextWrapped("%s (%zu tris)", name.c_str(), s.meshes[i].triangle_count());
    ImGui::PopID();
  }
}

void texture_preview(ViewerState& state, const render::Renderer& renderer, const char* slot, std::int32_t index) {
  if (index < 0) return;
  GLuint id = renderer.textures().colour(index);
  // Per-channel view (R, G, B, A as grey), chosen per texture; 0 = all channels.
  ImGui::PushID(slot);
  int& channel = state.channel_view[index];
  static const char* kChannels[] = {"RGBA", "R", "G", "B", "A"};
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
  ImGui::Combo("##channel", &channel, kChannels, 5);
  ImGui::PopID();
  ImGui::SameLine();
  if (channel > 0 && id) {
    std::string error;
    id = state.channels.get(renderer.scene(), index, channel - 1,
                            std::filesystem::path(state.loaded_path).parent_path(), error);
  }
  const auto [w, h] = renderer.textures().size(index);
  const auto& textures = renderer.scene().textures;
  const std::string name = static_cast<std::size_t>(index) < textures.size() ? textures[index].name : "?";
  if (!id) {
    ImGui::BulletText("%s: %s (not loaded)", slot, name.c_str());
    return;
  }
  const float em = ImGui::GetFontSize();
  ImGui::Image(texture_id(id), {em * 3, em * 3});
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::Text("%s %dx%d", name.c_str(), w, h);
    ImGui::Image(texture_id(id), {em * 17, em * 17});
    ImGui::EndTooltip();
  }
  ImGui::SameLine();
  ImGui::TextWrapped("%s: %s", slot, name.c_str());
}

void materials_section(ViewerState& state, render::Renderer& renderer) {
  const Scene& s = renderer.scene();
  for (std::size_t i = 0; i <= s.materials.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool is_default = i == s.materials.size();
    const std::string name = is_default                    ? "(no material)"
                             : s.materials[i].name.empty() ? "material " + std::to_string(i)
                                                           : s.materials[i].name;
    bool visible = renderer.material_visible[i];
    if (ImGui::Checkbox("##visible", &visible)) renderer.material_visible[i] = visible;
    ImGui::SameLine();
    if (!is_default && ImGui::TreeNode(name.c_str())) {
      const Material& m = s.materials[i];
      ImGui::ColorButton("base colour", {m.base_color.x, m.base_color.y, m.base_color.z, m.base_color.w});
      ImGui::SameLine();
      ImGui::Text("metallic %.2f roughness %.2f", m.metallic, m.roughness);
      texture_preview(state, renderer, "base colour", m.textures.base_color);
      texture_preview(state, renderer, "normal", m.textures.normal);
      texture_preview(state, renderer, "ORM", m.textures.orm);
      texture_preview(state, renderer, "metallic-roughness", m.textures.metallic_roughness);
      texture_preview(state, renderer, "occlusion", m.textures.occlusion);
      texture_preview(state, renderer, "emissive", m.textures.emissive);
      ImGui::TreePop();
    } else if (is_default) {
      ImGui::TextUnformatted(name.c_str());
    }
    ImGui::PopID();
  }
}

void textures_section(ViewerState& state, const render::Renderer& renderer) {
  const auto& textures = renderer.scene().textures;
  if (textures.empty()) ImGui::TextDisabled("no textures");
  for (std::size_t i = 0; i < textures.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string slot = std::to_string(i) + (textures[i].data.empty() ? " (file)" : " (embedded)");
    texture_preview(state, renderer, slot.c_str(), static_cast<std::int32_t>(i));
    ImGui::PopID();
  }
}

void bone_node(ViewerState& state, const std::vector<std::vector<std::uint32_t>>& children, std::uint32_t j) {
  const Scene& s = state.scene;
  const std::string label = (s.joints[j].name.empty() ? "joint" : s.joints[j].name) + "##" + std::to_string(j);
  ImGuiTreeNodeFlags flags =
      ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (children[j].empty()) flags |= ImGuiTreeNodeFlags_Leaf;
  const bool selected = state.draw.selected_joint == static_cast<std::int32_t>(j);
  if (selected) flags |= ImGuiTreeNodeFlags_Selected;
  if (selected && state.scroll_to_joint) {
    ImGui::SetScrollHereY();
    state.scroll_to_joint = false;
  }
  const bool open = ImGui::TreeNodeEx(label.c_str(), flags);
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen())
    state.draw.selected_joint = selected ? -1 : static_cast<std::int32_t>(j);
  if (open) {
    for (std::uint32_t c : children[j]) bone_node(state, children, c);
    ImGui::TreePop();
  }
}

/// Four columns sharing the panel's width, so that the matrix fits at any UI scale.
void matrix_table(const char* title, const Mat4& m) {
  ImGui::TextUnformatted(title);
  if (!ImGui::BeginTable(title, 4, ImGuiTableFlags_SizingStretchSame)) return;
  for (int row = 0; row < 4; ++row)
    for (int column = 0; column < 4; ++column) {
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", m(row, column));
    }
  ImGui::EndTable();
}

void bones_section(ViewerState& state, const render::Renderer& renderer) {
  const Scene& s = state.scene;
  const std::int32_t j = state.draw.selected_joint;
  const auto local = renderer.pose().joint_local(), world = renderer.pose().joint_model();
  if (j >= 0 && static_cast<std::size_t>(j) < local.size() && static_cast<std::size_t>(j) < world.size()) {
    ImGui::TextWrapped("%s (joint %d) at %.3f s", s.joints[j].name.c_str(), j, state.playback.time);
    matrix_table("local (parent-relative)", local[j]);
    matrix_table("world (model space)", world[j]);
  } else {
    ImGui::TextDisabled("select a bone below or click near a joint in the view");
  }
  // Children lists in parents-first order; joints on a parent cycle are left out by that order.
  std::vector<std::vector<std::uint32_t>> children(s.joints.size());
  std::vector<std::int32_t> parents;
  for (const Joint& joint : s.joints) parents.push_back(joint.parent);
  std::vector<std::uint32_t> roots;
  for (std::uint32_t c : parents_first_order(parents)) {
    const std::int32_t p = s.joints[c].parent;
    if (p >= 0 && static_cast<std::size_t>(p) < s.joints.size())
      children[p].push_back(c);
    else
      roots.push_back(c);
  }
  ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, ImGui::GetFontSize() * 0.8f);
  for (std::uint32_t r : roots) bone_node(state, children, r);
  ImGui::PopStyleVar();
}

}  // namespace

float draw_panel(ViewerState& state, render::Renderer& renderer, float bottom_margin) {
  // Docked to the left edge over the window's whole height above the timeline; only its width changes.
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // At most 40% of the window, so that a large UI scale leaves the model room; the rows wrap to fit.
  const float width = std::min(ImGui::GetFontSize() * 26.0f, viewport->WorkSize.x * 0.4f);
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize({width, std::max(viewport->WorkSize.y - bottom_margin, 1.0f)});
  ImGui::Begin("aem viewer", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  if (ImGui::CollapsingHeader("File", ImGuiTreeNodeFlags_DefaultOpen)) file_section(state);
  if (!state.loaded_path.empty()) {
    if (ImGui::CollapsingHeader("Animation", ImGuiTreeNodeFlags_DefaultOpen)) animation_section(state);
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_section(state);
    if (ImGui::CollapsingHeader("Meshes")) meshes_section(renderer);
    if (ImGui::CollapsingHeader("Materials")) materials_section(state, renderer);
    if (ImGui::CollapsingHeader("Textures")) textures_section(state, renderer);
    if (!state.scene.joints.empty() &&
        ImGui::CollapsingHeader(
            "Bones", state.draw.selected_joint >= 0 ? ImGuiTreeNodeFlags_DefaultOpen : ImGuiTreeNodeFlags_None))
      bones_section(state, renderer);
  }
  state.overflow.panel = overflow_past_right_edge();
  ImGui::End();
  return width;
}

void draw_notice(const ViewerState& state, double now) {
  if (state.notice.empty() || now > state.notice_until) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos({viewport->WorkPos.x + viewport->WorkSize.x - 10.0f, viewport->WorkPos.y + 10.0f},
                          ImGuiCond_Always, {1.0f, 0.0f});
  ImGui::SetNextWindowBgAlpha(0.8f);
  ImGui::Begin("##notice", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs);
  ImGui::TextUnformatted(state.notice.c_str());
  ImGui::End();
}

void draw_error(ViewerState& state) {
  if (state.error.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      {viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + viewport->WorkSize.y * 0.5f},
      ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize({std::min(ImGui::GetFontSize() * 35.0f, viewport->WorkSize.x * 0.9f), 0});
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
