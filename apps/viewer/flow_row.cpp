#include "flow_row.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

#include "layout.hpp"

namespace aem::viewer {

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

float check_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

float text_width(const char* text) { return ImGui::CalcTextSize(text).x; }

void fit_next_item_with_label(const char* label) {
  ImGui::SetNextItemWidth(-(ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().ItemInnerSpacing.x));
}

FlowRow::FlowRow(std::vector<float> widths) : FlowRow(std::move(widths), ImGui::GetContentRegionAvail().x) {}

FlowRow::FlowRow(std::vector<float> widths, float available)
    : starts_(row_starts(widths, available, ImGui::GetStyle().ItemSpacing.x)),
      lines_(static_cast<int>(std::count(starts_.begin(), starts_.end(), true))) {}

void FlowRow::next() {
  if (next_ < starts_.size() && !starts_[next_]) ImGui::SameLine();
  ++next_;
}

float overflow_past_right_edge() {
  // ImGui keeps the furthest point its items reached this frame only in its internal window state.
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  return std::max(0.0f, window->DC.CursorMaxPos.x - (window->Pos.x + ImGui::GetWindowContentRegionMax().x));
}

}  // namespace aem::viewer
