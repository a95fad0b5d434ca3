#include "timeline.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "flow_row.hpp"
#include "layout.hpp"

namespace aem::viewer {
namespace {

/// The frame at the end of the timeline.
int last_frame(const Playback& p) { return static_cast<int>(std::floor(p.duration * p.frame_rate + 1e-3f)); }

std::string time_text(const Playback& p, float time, int frame) {
  char text[96];
  std::snprintf(text, sizeof text, "%.3f s   frame %d / %d   %.4g fps", time, frame, last_frame(p), p.frame_rate);
  return text;
}

/// The transport controls, wrapped onto as many lines as `available` pixels need: the buttons, the
/// time, loop, the loop range and the speed, each kept whole.
class TransportRow {
 public:
  TransportRow(const Playback& p, float available)
      : row_({buttons_width(), text_width(time_text(p, p.duration, last_frame(p)).c_str()), check_width("loop"),
              range_width(), speed_width()},
             available) {}

  int lines() const { return row_.lines(); }

  void draw(Playback& p) {
    row_.next();
    if (ImGui::Button("|<")) p.go_start();
    ImGui::SameLine();
    if (ImGui::Button("<")) p.step_frames(-1);
    ImGui::SameLine();
    if (ImGui::Button(p.playing ? "Pause" : "Play")) p.toggle();
    ImGui::SameLine();
    if (ImGui::Button(">")) p.step_frames(1);
    ImGui::SameLine();
    if (ImGui::Button(">|")) p.go_end();
    row_.next();
    ImGui::TextUnformatted(time_text(p, p.time, p.frame()).c_str());
    row_.next();
    ImGui::Checkbox("loop", &p.loop);
    row_.next();
    ImGui::SetNextItemWidth(range_width());
    ImGui::DragFloatRange2("##range", &p.range_start, &p.range_end, p.duration / 200.0f, 0.0f, p.duration,
                           "from %.2f s", "to %.2f s", ImGuiSliderFlags_AlwaysClamp);
    row_.next();
    ImGui::SetNextItemWidth(speed_width());
    ImGui::SliderFloat("##speed", &p.speed, -2.0f, 4.0f, "speed %.2fx");
  }

 private:
  static float buttons_width() {
    float width = ImGui::GetStyle().ItemSpacing.x * 4.0f;
    for (const char* label : {"|<", "<", "Pause", ">", ">|"}) width += button_width(label);
    return width;
  }
  static float range_width() { return ImGui::GetFontSize() * 12.0f; }
  static float speed_width() { return ImGui::GetFontSize() * 8.0f; }

  FlowRow row_;
};

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
  draw->AddRectFilled({x_of(p.range_start), origin.y}, {x_of(p.range_end), origin.y + height},
                      IM_COL32(55, 65, 85, 255));
  const int frames = last_frame(p);
  int every = 1;
  for (const int step : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
    if (every = step; width / std::max(frames, 1) * step >= em * 0.4f) break;
  for (int f = 0; f <= frames; f += every) {
    const float x = x_of(static_cast<float>(f) / p.frame_rate);
    const bool major = f % (every * 5) == 0;
    draw->AddLine({x, origin.y + height * (major ? 0.45f : 0.7f)}, {x, origin.y + height},
                  IM_COL32(150, 150, 160, 255));
    // A label right of its tick, unless the track ends first (the transport row says the last frame).
    const std::string label = std::to_string(f);
    if (major && x + 2 + ImGui::CalcTextSize(label.c_str()).x <= origin.x + width)
      draw->AddText({x + 2, origin.y}, IM_COL32(150, 150, 160, 255), label.c_str());
  }
  const ImU32 key_colour = state.draw.selected_joint >= 0 ? IM_COL32(60, 240, 220, 255) : IM_COL32(240, 200, 60, 255);
  std::vector<float> key_xs;
  for (float t : key_times(state.scene, p.animation, state.draw.selected_joint)) key_xs.push_back(x_of(t));
  // Keys closer than a mark and a gap (60 fps on a short track) would merge into one bar.
  const float r = em * 0.22f;
  for (float x : thin_marks(key_xs, r * 3.0f)) {
    const float y = origin.y + height * 0.55f;
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
  TransportRow transport(state.playback, viewport->WorkSize.x - style.WindowPadding.x * 2.0f);
  const float lines = static_cast<float>(transport.lines());
  const float height = ImGui::GetFrameHeight() * lines + style.ItemSpacing.y * lines + ImGui::GetFontSize() * 2.0f +
                       style.WindowPadding.y * 2;
  ImGui::SetNextWindowPos({viewport->WorkPos.x, viewport->WorkPos.y + viewport->WorkSize.y - height});
  ImGui::SetNextWindowSize({viewport->WorkSize.x, height});
  ImGui::Begin("Timeline", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
  transport.draw(state.playback);
  track(state);
  state.overflow.timeline = overflow_past_right_edge();
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
