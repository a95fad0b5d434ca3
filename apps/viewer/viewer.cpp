#include "viewer.hpp"

// epoxy provides the GL declarations; GLFW must not pull in its own.
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/core.h>

#include <memory>

#include "aem/io.hpp"
#include "panel.hpp"
#include "render/offscreen.hpp"
#include "render/renderer.hpp"
#include "viewer_state.hpp"

namespace aem::viewer {
namespace {

/// Input the GLFW callbacks collect between frames (reached through the window's user pointer).
struct PendingInput {
  float scroll = 0.0f;
  std::string dropped;
};

PendingInput& pending_of(GLFWwindow* window) { return *static_cast<PendingInput*>(glfwGetWindowUserPointer(window)); }

class Viewer {
 public:
  Viewer(GLFWwindow* window, std::unique_ptr<render::Renderer> renderer, std::filesystem::path asset_root)
      : window_(window), renderer_(std::move(renderer)), asset_root_(std::move(asset_root)) {}

  void open(const std::string& path) {
    state_.path_field = path;
    auto scene = read_scene(path, ReadOptions{.asset_root = asset_root_});
    if (!scene) {
      // Keep showing what was loaded before; say why the new file did not open.
      state_.error = scene.error().to_string();
      fmt::print(stderr, "{}\n", state_.error);
      return;
    }
    state_.error.clear();
    state_.warnings.clear();
    for (const auto& w : scene.warnings) state_.warnings.push_back(w.to_string("warning"));
    state_.scene = std::move(scene.value());
    state_.bounds = compute_bounds(state_.scene);
    state_.loaded_path = path;
    renderer_->load(state_.scene, std::filesystem::path(path).parent_path(), asset_root_);
    for (const auto& p : renderer_->textures().problems()) state_.warnings.push_back("warning: " + p);
    state_.playback.reset(state_.scene);
    renderer_->set_pose(state_.playback.animation, state_.playback.time);
    state_.frame_request = true;
  }

  /// One frame: input, animation, drawing (into the back buffer; the caller swaps).
  void frame(double dt) {
    PendingInput& pending = pending_of(window_);
    if (!pending.dropped.empty()) state_.open_request = std::exchange(pending.dropped, {});
    if (state_.open_request) open(*std::exchange(state_.open_request, std::nullopt));

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    const float panel_edge = draw_panel(state_, *renderer_);
    draw_error(state_);
    handle_keys();
    ImGui::Render();

    state_.playback.advance(dt);
    renderer_->set_pose(state_.playback.animation, state_.playback.time);

    const render::Renderer::Viewport view = viewport(panel_edge);
    handle_mouse(view.height);
    const float aspect = static_cast<float>(view.width) / static_cast<float>(std::max(view.height, 1));
    if (state_.frame_request) {
      render::frame_bounds(camera_, renderer_->pose().posed_bounds(), aspect);
      state_.frame_request = false;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (view.width > 0 && view.height > 0) renderer_->draw(camera_, view, state_.draw);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }

 private:
  /// The framebuffer right of the panel (`panel_edge` in window coordinates), or all of it when the
  /// panel floats elsewhere or would leave the view too narrow.
  render::Renderer::Viewport viewport(float panel_edge) const {
    int width = 0, height = 0, window_width = 0, window_height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    glfwGetWindowSize(window_, &window_width, &window_height);
    const float scale = window_width > 0 ? static_cast<float>(width) / static_cast<float>(window_width) : 1.0f;
    const int left = static_cast<int>(panel_edge * scale);
    if (left <= 0 || width - left < width / 3) return {0, 0, width, height};
    return {left, 0, width - left, height};
  }

  void handle_mouse(int viewport_height) {
    const ImGuiIO& io = ImGui::GetIO();
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    const float dx = static_cast<float>(x - last_x_), dy = static_cast<float>(y - last_y_);
    last_x_ = x, last_y_ = y;
    const float scroll = std::exchange(pending_of(window_).scroll, 0.0f);
    if (io.WantCaptureMouse) return;
    if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS) render::orbit(camera_, -dx * 0.4f, dy * 0.4f);
    if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
        glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS)
      render::pan(camera_, dx, dy, viewport_height);
    if (scroll != 0.0f) render::zoom(camera_, scroll);
  }

  /// Shortcuts, once per key press (ImGui 1.86 indexes keys by GLFW key code), unless a text field
  /// has the keyboard.
  void handle_keys() {
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_F, false)) state_.frame_request = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) state_.playback.toggle();
  }

  GLFWwindow* window_;
  std::unique_ptr<render::Renderer> renderer_;
  std::filesystem::path asset_root_;
  ViewerState state_;
  render::Camera camera_;
  double last_x_ = 0, last_y_ = 0;
};

/// Releases GLFW and ImGui however run_viewer leaves.
struct Session {
  GLFWwindow* window = nullptr;
  bool imgui = false;
  ~Session() {
    if (imgui) {
      ImGui_ImplOpenGL3_Shutdown();
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
    }
    if (window) glfwDestroyWindow(window);
    glfwTerminate();
  }
};

}  // namespace

int run_viewer(const ViewerOptions& options) {
  glfwSetErrorCallback([](int, const char* text) { fmt::print(stderr, "GLFW: {}\n", text); });
  if (!glfwInit()) {
    fmt::print(stderr, "error: cannot open a window (no display? run under a desktop session or xvfb-run)\n");
    return 1;
  }
  Session session;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SAMPLES, 4);
  session.window = glfwCreateWindow(options.width, options.height, "aem viewer", nullptr, nullptr);
  if (!session.window) {
    fmt::print(stderr, "error: cannot create a window with an OpenGL 3.3 core context\n");
    return 1;
  }
  glfwMakeContextCurrent(session.window);
  // A screenshot run should not wait for vertical sync.
  glfwSwapInterval(options.screenshot.empty() ? 1 : 0);
  // Installed before ImGui's, which chains to them.
  PendingInput pending;
  glfwSetWindowUserPointer(session.window, &pending);
  glfwSetScrollCallback(session.window, [](GLFWwindow* w, double, double y) { pending_of(w).scroll += static_cast<float>(y); });
  glfwSetDropCallback(session.window, [](GLFWwindow* w, int count, const char** paths) {
    if (count > 0) pending_of(w).dropped = paths[0];
  });

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini litter in the working directory
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(session.window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  session.imgui = true;

  auto renderer = render::Renderer::create();
  if (!renderer) {
    fmt::print(stderr, "{}\n", renderer.error().to_string());
    return 1;
  }
  Viewer viewer(session.window, std::move(renderer.value()));
  if (!options.file.empty()) viewer.open(options.file);

  double last = glfwGetTime();
  for (int frame = 1; !glfwWindowShouldClose(session.window); ++frame) {
    glfwPollEvents();
    const double now = glfwGetTime();
    viewer.frame(now - last);
    last = now;
    if (!options.screenshot.empty() && frame >= options.frames) {
      int width = 0, height = 0;
      glfwGetFramebufferSize(session.window, &width, &height);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      glReadBuffer(GL_BACK);
      const auto status = render::write_png(options.screenshot, width, height, render::read_pixels(width, height));
      if (!status) {
        fmt::print(stderr, "{}\n", status.error().to_string());
        return 1;
      }
      fmt::print("wrote {} ({}x{}) after {} frames\n", options.screenshot, width, height, frame);
      return 0;
    }
    glfwSwapBuffers(session.window);
  }
  return 0;
}

}  // namespace aem::viewer
