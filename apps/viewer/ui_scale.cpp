#include "ui_scale.hpp"

#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace aem::viewer {

float apply_ui_scale(float scale) {
  scale = std::clamp(scale, 0.5f, 4.0f);
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float pixels = std::round(kBaseFontPixels * scale);
  bool loaded = false;
  for (const char* path : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/local/share/fonts/DejaVuSans.ttf"})
    if (std::filesystem::exists(path) && io.Fonts->AddFontFromFileTTF(path, pixels)) {
      loaded = true;
      break;
    }
  if (!loaded) {
    ImFontConfig config;
    config.SizePixels = pixels;
    io.Fonts->AddFontDefault(&config);
  }
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  return scale;
}

}  // namespace aem::viewer
