#include "timeline.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace aem::viewer {
namespace {

void transport_row(Playback& p) {
  if (ImGui::Button("|<")) p.go_start();
  ImGui::SameLine();
  if (ImGui::Button("<")) p.step_frames(-1);
  ImGui::SameLine();
  if (ImGui::Button(p.playing ? "Pause" : "Play")) p.toggle();
  ImGui::SameLine();
  if (ImGui::Button(">")) p.step_frames(1);
  ImGui::SameLine();
  if (ImGui::Button(">|")) p.go_end();
  ImGui::SameLine();
  const int last = static_cast<int>(std::floor(p.duration * p.frame_rate + 1e-3f));
  ImGui::Text("%.3f s   frame %d / %d   %.4g fps", p.time, p.frame(), last, p.frame_rate);
  ImGui::SameLine();
  ImGui::Checkbox("loop", &p.loop);
  ImGui::SameLine();
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 12);
  ImGui::DragFloatRange2("##range", &p.range_start, &p.range_end, p.duration / 200.0f, 0.0f, p.duration, "from %.2f s", "to %.2f s",
                         ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 8);
  ImGui::SliderFloat("##speed", &p.speed, -2.0f, 4.0f, "speed %.2fx");
}

/// The track: the loop range shaded, a tick per frame (or per 5/10/.. frames when they crowd), key
/// marks, the playhead; clicking or dragging moves the time.
void track(ViewerState& state) {
  Playback& p = state.playback;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float em = ImGui::GetFontSize();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x, height = em * 2.0f;
  ImGui::InvisibleButton("##track", {std::max(width, 1.0f), height});
  const auto x_of = [&](float t) { return origin.x + (p.duration > 0 ? t / p.duration : 0.0f) * width; };
  if (ImGui::IsItemActive() && p.duration > 0) {
    p.playing = false;
    p.time = std::clamp((ImGui::GetIO().MousePos.x - origin.x) / width * p.duration, 0.0f, p.duration);
  }
  draw->AddRectFilled(origin, {origin.x + width, origin.y + height}, IM_COL32(30, 32, 36, 255));
  draw->AddRectFilled({x_of(p.range_start), origin.y}, {x_of(p.range_end), origin.y + height}, IM_COL32(55, 65, 85, 255));
  const int frames = static_cast<int>(std::floor(p.duration * p.frame_rate + 1e-3f));
  int every = 1;
  for (const int step : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
    if (every = step; width / std::max(frames, 1) * step >= em * 0.4f) break;
  for (int f = 0; f <= frames; f += every) {
    const float x = x_of(static_cast<float>(f) / p.frame_rate);
    const bool major = f % (every * 5) == 0;
    draw->AddLine({x, origin.y + height * (major ? 0.45f : 0.7f)}, {x, origin.y + height}, IM_COL32(150, 150, 160, 255));
    if (major) draw->AddText({x + 2, origin.y}, IM_COL32(150, 150, 160, 255), std::to_string(f).c_str());
  }
  const ImU32 key_colour = state.draw.selected_joint >= 0 ? IM_COL32(60, 240, 220, 255) : IM_COL32(240, 200, 60, 255);
  for (float t : key_times(state.scene, p.animation, state.draw.selected_joint)) {
    const float x = x_of(t), y = origin.y + height * 0.55f, r = em * 0.22f;
    draw->AddQuadFilled({x, y - r}, {x + r, y}, {x, y + r}, {x - r, y}, key_colour);
  }
  const float x = x_of(p.time);
  draw->AddLine({x, origin.y}, {x, origin.y + height}, IM_COL32(255, 80, 60, 255), 2.0f);
}

}  // namespace

float draw_timeline(ViewerState& state) {
  if (state.loaded_path.empty() || state.playback.duration <= 0.0f) return 0.0f;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float height = ImGui::GetFrameHeight() + ImGui::GetFontSize() * 2.0f + style.WindowPadding.y * 2 + style.ItemSpacing.y;
  ImGui::SetNextWindowPos({viewport->WorkPos.x, viewport->WorkPos.y + viewport->WorkSize.y - height});
  ImGui::SetNextWindowSize({viewport->WorkSize.x, height});
  ImGui::Begin("Timeline", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollbar |
                   ImGuiWindowFlags_NoSavedSettings);
  transport_row(state.playback);
  track(state);
  ImGui::End();
  return height;
}

void timeline_keys(ViewerState& state) {
  if (ImGui::GetIO().WantCaptureKeyboard || ImGui::GetIO().KeyCtrl) return;
  Playback& p = state.playback;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) p.toggle();
  if (p.duration <= 0.0f) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) p.step_frames(-1);
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) p.step_frames(1);
  if (ImGui::IsKeyPressed(GLFW_KEY_HOME, false)) p.go_start();
  if (ImGui::IsKeyPressed(GLFW_KEY_END, false)) p.go_end();
}

}  // namespace aem::viewer
