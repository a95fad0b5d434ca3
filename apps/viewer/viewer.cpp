#include "viewer.hpp"

// epoxy provides the GL declarations; GLFW must not pull in its own.
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/core.h>

#include <cmath>
#include <ctime>
#include <memory>

#include "aem/io.hpp"
#include "core/file.hpp"
#include "file_watch.hpp"
#include "layout.hpp"
#include "panel.hpp"
#include "render/joint_pick.hpp"
#include "render/offscreen.hpp"
#include "render/renderer.hpp"
#include "render_command.hpp"
#include "script.hpp"
#include "timeline.hpp"
#include "ui_scale.hpp"
#include "viewer_state.hpp"

namespace aem::viewer {
namespace {

/// Input the GLFW callbacks collect between frames (reached through the window's user pointer).
struct PendingInput {
  float scroll = 0.0f;
  std::string dropped;
  double press_x = 0, press_y = 0;  ///< where the left button went down
  bool pressed = false;
  std::optional<std::pair<double, double>> click;  ///< a left press and release without a drag
};

PendingInput& pending_of(GLFWwindow* window) { return *static_cast<PendingInput*>(glfwGetWindowUserPointer(window)); }

/// Seconds between checks of the model's files on disk.
constexpr double kWatchInterval = 0.25;

Status save_screenshot(GLFWwindow* window, const std::string& path) {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window, &width, &height);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  return render::write_png(path, width, height, render::read_pixels(width, height));
}

class Viewer {
 public:
  Viewer(GLFWwindow* window, std::unique_ptr<render::Renderer> renderer, std::filesystem::path asset_root)
      : window_(window), renderer_(std::move(renderer)), asset_root_(std::move(asset_root)) {}

  /// Opens `path`; with `keep_view` (a reload), the camera, animation, time and selected bone stay.
  void open(const std::string& path, bool keep_view = false) {
    state_.path_field = path;
    auto scene = read_scene(path, ReadOptions{.asset_root = asset_root_, .isolate_third_party = true, .threads = 0});
    ++load_attempts_;
    if (!scene) {
      // Keep showing what was loaded before; say why the new file did not open.
      state_.error = scene.error().to_string();
      fmt::print(stderr, "{}\n", state_.error);
      if (keep_view) notify("reload failed: the previous model stays");
      return;
    }
    const Playback before = state_.playback;
    const std::int32_t joint = state_.draw.selected_joint;
    state_.error.clear();
    state_.warnings.clear();
    for (const auto& w : scene.warnings) state_.warnings.push_back(w.to_string("warning"));
    state_.scene = std::move(scene.value());
    state_.bounds = compute_bounds(state_.scene);
    state_.loaded_path = path;
    state_.channels.clear();
    state_.channel_view.clear();
    renderer_->load(state_.scene, std::filesystem::path(path).parent_path(), asset_root_);
    for (const auto& p : renderer_->textures().problems()) state_.warnings.push_back("warning: " + p);
    watch_.watch(model_files(path, state_.scene));
    state_.playback.reset(state_.scene);
    state_.draw.selected_joint = -1;
    if (keep_view) {
      if (before.animation < static_cast<std::int32_t>(state_.scene.animations.size())) {
        state_.playback.select(state_.scene, before.animation);
        state_.playback.time = std::min(before.time, state_.playback.duration);
        state_.playback.playing = before.playing;
        state_.playback.speed = before.speed;
        state_.playback.loop = before.loop;
      }
      if (joint < static_cast<std::int32_t>(state_.scene.joints.size())) state_.draw.selected_joint = joint;
      const std::time_t now = std::time(nullptr);
      char clock[16];
      std::strftime(clock, sizeof clock, "%H:%M:%S", std::localtime(&now));
      notify(fmt::format("reloaded {} at {}", std::filesystem::path(path).filename().string(), clock));
    } else {
      state_.frame_request = true;
    }
    renderer_->set_pose(state_.playback.animation, state_.playback.time);
  }

  /// One frame: input, animation, drawing (into the back buffer; the caller swaps).
  void frame(double dt) {
    PendingInput& pending = pending_of(window_);
    if (!pending.dropped.empty()) state_.open_request = std::exchange(pending.dropped, {});
    if (state_.open_request) open(*std::exchange(state_.open_request, std::nullopt));
    watch_files();
    if (scale_request_) state_.ui_scale = apply_ui_scale(*std::exchange(scale_request_, std::nullopt));

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    const float timeline_height = draw_timeline(state_);
    const float panel_width = draw_panel(state_, *renderer_, timeline_height);
    draw_notice(state_, glfwGetTime());
    draw_error(state_);
    handle_keys();
    ImGui::Render();

    state_.playback.advance(dt);
    renderer_->set_pose(state_.playback.animation, state_.playback.time);

    view_ = viewport(panel_width, timeline_height);
    handle_mouse();
    if (state_.frame_request) {
      render::frame_bounds(camera_, renderer_->animation_bounds(state_.playback.animation), aspect());
      state_.frame_request = false;
    }
    state_.render_command = render_command(describe());
    if (std::exchange(state_.copy_request, false)) {
      glfwSetClipboardString(window_, state_.render_command.c_str());
      notify("copied the aem render command");
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (view_.width > 0 && view_.height > 0) renderer_->draw(camera_, view_, state_.draw);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }

  /// Applies `scale` before the next frame (ImGui's font atlas is locked during one).
  void set_ui_scale(float scale) { scale_request_ = scale; }
  void set_monitor_scale(float scale) { monitor_scale_ = scale; }
  const ViewerState& state() const { return state_; }
  int load_attempts() const { return load_attempts_; }

  /// The state line of the script's `print` step.
  std::string state_line() const {
    const Playback& p = state_.playback;
    return fmt::format(
        "state time={:.9g} frame={} fps={:.9g} playing={} scale={:.3g} font={:.3g} triangles={} loads={} joint={} "
        "view={},{},{},{} overflow={:.3g},{:.3g} file={}",
        p.time, p.frame(), p.frame_rate, p.playing ? 1 : 0, state_.ui_scale, ImGui::GetFontSize(),
        renderer_->scene().triangle_count(), load_attempts_, state_.draw.selected_joint, view_.x, view_.y, view_.width,
        view_.height, state_.overflow.panel, state_.overflow.timeline, state_.loaded_path);
  }

 private:
  void notify(std::string text) {
    state_.notice = std::move(text);
    state_.notice_until = glfwGetTime() + 3.0;
  }

  void watch_files() {
    const double now = glfwGetTime();
    if (state_.loaded_path.empty() || now < next_watch_) return;
    next_watch_ = now + kWatchInterval;
    if (watch_.changed()) open(state_.loaded_path, true);
  }

  float aspect() const { return static_cast<float>(view_.width) / static_cast<float>(std::max(view_.height, 1)); }

  ViewDescription describe() const {
    ViewDescription v;
    v.file = state_.loaded_path;
    v.animation = state_.playback.animation;
    v.time = state_.playback.time;
    v.camera = camera_;
    v.width = view_.width;
    v.height = view_.height;
    v.draw = state_.draw;
    return v;
  }

  /// The framebuffer right of the panel and above the timeline (both in window coordinates), or all
  /// of it when that would leave the view too narrow.
  render::Renderer::Viewport viewport(float panel_width, float timeline_height) const {
    int width = 0, height = 0, window_width = 0, window_height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    glfwGetWindowSize(window_, &window_width, &window_height);
    const float scale = window_width > 0 ? static_cast<float>(width) / static_cast<float>(window_width) : 1.0f;
    const int left = static_cast<int>(std::ceil(panel_width * scale));
    const int bottom = static_cast<int>(std::ceil(timeline_height * scale));
    if (width - left < width / 3 || height - bottom < height / 3) return {0, 0, width, height};
    return {left, bottom, width - left, height - bottom};
  }

  void handle_mouse() {
    const ImGuiIO& io = ImGui::GetIO();
    PendingInput& pending = pending_of(window_);
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    const float dx = static_cast<float>(x - last_x_), dy = static_cast<float>(y - last_y_);
    last_x_ = x, last_y_ = y;
    const float scroll = std::exchange(pending.scroll, 0.0f);
    const auto click = std::exchange(pending.click, std::nullopt);
    if (io.WantCaptureMouse) return;
    if (click) pick(click->first, click->second);
    if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS)
      render::orbit(camera_, -dx * 0.4f, dy * 0.4f);
    if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
        glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS)
      render::pan(camera_, dx, dy, view_.height);
    if (scroll != 0.0f) render::zoom(camera_, scroll);
  }

  /// Selects the joint nearest a click at window coordinates (x, y), within about a finger's width.
  void pick(double x, double y) {
    int width = 0, height = 0, window_width = 0, window_height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    glfwGetWindowSize(window_, &window_width, &window_height);
    const float scale = window_width > 0 ? static_cast<float>(width) / static_cast<float>(window_width) : 1.0f;
    // View pixels: x from the view's left edge, y from its top (GL's origin is bottom left).
    const float vx = static_cast<float>(x) * scale - static_cast<float>(view_.x);
    const float vy = static_cast<float>(y) * scale - static_cast<float>(height - view_.y - view_.height);
    const std::int32_t joint = render::pick_joint(renderer_->pose().joint_model(), camera_.view_projection(aspect()),
                                                  view_.width, view_.height, vx, vy, 12.0f * state_.ui_scale * scale);
    if (joint >= 0) {
      state_.draw.selected_joint = joint;
      state_.scroll_to_joint = true;
    }
  }

  /// Shortcuts, once per key press (ImGui 1.86 indexes keys by GLFW key code), unless a text field
  /// has the keyboard.
  void handle_keys() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl) {
      if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD, false))
        set_ui_scale(state_.ui_scale * 1.25f);
      if (ImGui::IsKeyPressed(GLFW_KEY_MINUS, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT, false))
        set_ui_scale(state_.ui_scale / 1.25f);
      if (ImGui::IsKeyPressed(GLFW_KEY_0, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_0, false))
        set_ui_scale(monitor_scale_);
    }
    timeline_keys(state_);
    if (io.WantCaptureKeyboard || io.KeyCtrl) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_F, false)) state_.frame_request = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_G, false)) state_.draw.grid = !state_.draw.grid;
    if (ImGui::IsKeyPressed(GLFW_KEY_K, false)) state_.draw.skeleton = !state_.draw.skeleton;
    if (ImGui::IsKeyPressed(GLFW_KEY_W, false)) {
      // shaded -> shaded + wire -> wireframe -> shaded
      render::DrawOptions& d = state_.draw;
      const bool overlay = !d.wireframe && !d.wire_overlay;
      d.wireframe = d.wire_overlay;
      d.wire_overlay = overlay;
    }
  }

  GLFWwindow* window_;
  std::unique_ptr<render::Renderer> renderer_;
  std::filesystem::path asset_root_;
  ViewerState state_;
  render::Camera camera_;
  render::Renderer::Viewport view_;
  FileWatch watch_;
  double next_watch_ = 0.0;
  double last_x_ = 0, last_y_ = 0;
  float monitor_scale_ = 1.0f;
  std::optional<float> scale_request_;
  int load_attempts_ = 0;
};

/// Plays a script's steps against the window, one step (or one frame of a wait) per frame.
class ScriptRunner {
 public:
  ScriptRunner(GLFWwindow* window, Viewer& viewer, std::vector<ScriptStep> steps)
      : window_(window), viewer_(viewer), steps_(std::move(steps)) {}

  /// Set by a `screenshot` step: the loop saves the next frame there (before swapping) and clears it.
  std::string screenshot;

  /// Runs what is due before the next frame; false when the script has finished (quit or its end).
  bool before_frame() {
    // A frame with the key up after each press, so that two presses in a row stay two presses.
    if (release_keys()) return true;
    while (next_ < steps_.size()) {
      if (waiting()) return true;
      const ScriptStep& step = steps_[next_++];
      if (!run(step)) return false;
      if (step.kind == "key" || step.kind == "click" || step.kind == "scroll" || step.kind == "wait" ||
          step.kind == "wait-reload" || step.kind == "screenshot")
        return true;
    }
    return false;
  }

 private:
  bool waiting() {
    if (frames_left_ > 0) {
      --frames_left_;
      return true;
    }
    if (reload_deadline_ > 0.0) {
      if (viewer_.load_attempts() == loads_before_ && glfwGetTime() < reload_deadline_) return true;
      reload_deadline_ = 0.0;
      frames_left_ = 2;  // let the reloaded model draw before the next step looks at it
      return true;
    }
    return false;
  }

  /// Sends key events through the callback chain GLFW would call (ImGui's backend first).
  void send_key(int key, int action, int mods) {
    if (key_callback_) key_callback_(window_, key, 0, action, mods);
  }

  /// Releases what the last step pressed; true when there was something.
  bool release_keys() {
    const bool any = !held_.empty() || click_;
    for (auto [key, mods] : held_) send_key(key, GLFW_RELEASE, mods);
    held_.clear();
    if (click_) {
      if (button_callback_) button_callback_(window_, GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, 0);
      click_ = false;
    }
    return any;
  }

  bool run(const ScriptStep& step) {
    const auto& a = step.args;
    if (!key_callback_) {
      key_callback_ = glfwSetKeyCallback(window_, nullptr);
      glfwSetKeyCallback(window_, key_callback_);
      button_callback_ = glfwSetMouseButtonCallback(window_, nullptr);
      glfwSetMouseButtonCallback(window_, button_callback_);
      scroll_callback_ = glfwSetScrollCallback(window_, nullptr);
      glfwSetScrollCallback(window_, scroll_callback_);
    }
    if (step.kind == "wait") {
      frames_left_ = std::max(std::atoi(a[0].c_str()) - 1, 0);
    } else if (step.kind == "key") {
      const int key = script_key_code(a[0]);
      const int mods = a.size() == 2 ? GLFW_MOD_CONTROL : 0;
      if (mods) send_key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS, mods), held_.push_back({GLFW_KEY_LEFT_CONTROL, 0});
      send_key(key, GLFW_PRESS, mods);
      held_.insert(held_.begin(), {key, mods});
    } else if (step.kind == "click") {
      const double x = std::atof(a[0].c_str()), y = std::atof(a[1].c_str());
      glfwSetCursorPos(window_, x, y);
      PendingInput& pending = pending_of(window_);
      pending.click = {x, y};
      if (button_callback_) button_callback_(window_, GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, 0);
      click_ = true;
    } else if (step.kind == "scroll") {
      glfwSetCursorPos(window_, std::atof(a[0].c_str()), std::atof(a[1].c_str()));
      if (scroll_callback_) scroll_callback_(window_, 0.0, std::atof(a[2].c_str()));
    } else if (step.kind == "print") {
      say(viewer_.state_line());
    } else if (step.kind == "command") {
      say("command " + viewer_.state().render_command);
    } else if (step.kind == "ready") {
      say("ready");
    } else if (step.kind == "wait-reload") {
      loads_before_ = viewer_.load_attempts();
      reload_deadline_ = glfwGetTime() + std::atof(a[0].c_str());
    } else if (step.kind == "screenshot") {
      screenshot = a[0];
    } else if (step.kind == "quit") {
      return false;
    }
    return true;
  }

  static void say(const std::string& line) {
    fmt::print("{}\n", line);
    std::fflush(stdout);
  }

  GLFWwindow* window_;
  Viewer& viewer_;
  std::vector<ScriptStep> steps_;
  std::size_t next_ = 0;
  int frames_left_ = 0;
  double reload_deadline_ = 0.0;
  int loads_before_ = 0;
  std::vector<std::pair<int, int>> held_;
  bool click_ = false;
  GLFWkeyfun key_callback_ = nullptr;
  GLFWmousebuttonfun button_callback_ = nullptr;
  GLFWscrollfun scroll_callback_ = nullptr;
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
  std::optional<ScriptRunner> script;
  std::vector<ScriptStep> steps;
  if (!options.script.empty()) {
    auto bytes = detail::read_file(options.script);
    if (!bytes) {
      fmt::print(stderr, "{}\n", bytes.error().to_string());
      return 1;
    }
    const std::string text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    auto parsed = parse_script(text, options.script);
    if (!parsed) {
      fmt::print(stderr, "{}\n", parsed.error().to_string());
      return 1;
    }
    steps = std::move(parsed.value());
  }
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
  // The UI scale is known before the window exists (the primary monitor's), so that the window can
  // be made to fit what the scale makes of the panel; placed before it is shown.
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  float content_x = 1.0f, content_y = 1.0f;
  WindowArea work_area;
  if (monitor) {
    glfwGetMonitorContentScale(monitor, &content_x, &content_y);
    glfwGetMonitorWorkarea(monitor, &work_area.x, &work_area.y, &work_area.width, &work_area.height);
  }
  const float monitor_scale = std::isfinite(content_y) && content_y > 0.0f ? content_y : 1.0f;
  const float ui_scale = options.ui_scale > 0.0f ? options.ui_scale : monitor_scale;
  const WindowArea area = initial_window_area(options.width, options.height, ui_scale, work_area);
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  session.window = glfwCreateWindow(area.width, area.height, "aem viewer", nullptr, nullptr);
  if (!session.window) {
    fmt::print(stderr, "error: cannot create a window with an OpenGL 3.3 core context\n");
    return 1;
  }
  glfwSetWindowPos(session.window, area.x, area.y);
  glfwShowWindow(session.window);
  glfwMakeContextCurrent(session.window);
  const bool unattended = !options.screenshot.empty() || !options.script.empty();
  // An unattended run should not wait for vertical sync.
  glfwSwapInterval(unattended ? 0 : 1);
  // Installed before ImGui's, which chains to them.
  PendingInput pending;
  glfwSetWindowUserPointer(session.window, &pending);
  glfwSetScrollCallback(session.window,
                        [](GLFWwindow* w, double, double y) { pending_of(w).scroll += static_cast<float>(y); });
  glfwSetDropCallback(session.window, [](GLFWwindow* w, int count, const char** paths) {
    if (count > 0) pending_of(w).dropped = paths[0];
  });
  glfwSetMouseButtonCallback(session.window, [](GLFWwindow* w, int button, int action, int) {
    if (button != GLFW_MOUSE_BUTTON_LEFT) return;
    PendingInput& p = pending_of(w);
    double x = 0, y = 0;
    glfwGetCursorPos(w, &x, &y);
    if (action == GLFW_PRESS) {
      p.pressed = true;
      p.press_x = x, p.press_y = y;
    } else if (p.pressed) {
      p.pressed = false;
      // A click selects; a drag (more than a few pixels) orbits instead.
      if (std::abs(x - p.press_x) + std::abs(y - p.press_y) < 4.0) p.click = {x, y};
    }
  });

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini litter in the working directory
  ImGui_ImplGlfw_InitForOpenGL(session.window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  session.imgui = true;

  auto renderer = render::Renderer::create();
  if (!renderer) {
    fmt::print(stderr, "{}\n", renderer.error().to_string());
    return 1;
  }
  Viewer viewer(session.window, std::move(renderer.value()), options.asset_root);
  viewer.set_monitor_scale(monitor_scale);
  viewer.set_ui_scale(ui_scale);
  if (!options.file.empty()) viewer.open(options.file);
  if (!options.script.empty()) script.emplace(session.window, viewer, std::move(steps));

  double last = glfwGetTime();
  for (int frame = 1; !glfwWindowShouldClose(session.window); ++frame) {
    glfwPollEvents();
    if (script && !script->before_frame()) return 0;
    const double now = glfwGetTime();
    viewer.frame(now - last);
    last = now;
    if (script && !script->screenshot.empty()) {
      const auto status = save_screenshot(session.window, std::exchange(script->screenshot, {}));
      if (!status) fmt::print(stderr, "{}\n", status.error().to_string());
    }
    if (!options.screenshot.empty() && frame >= options.frames) {
      const auto status = save_screenshot(session.window, options.screenshot);
      if (!status) {
        fmt::print(stderr, "{}\n", status.error().to_string());
        return 1;
      }
      int width = 0, height = 0;
      glfwGetFramebufferSize(session.window, &width, &height);
      fmt::print("wrote {} ({}x{}) after {} frames\n", options.screenshot, width, height, frame);
      return 0;
    }
    glfwSwapBuffers(session.window);
  }
  return 0;
}

}  // namespace aem::viewer
