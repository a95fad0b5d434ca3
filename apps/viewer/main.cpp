// aem-viewer [FILE] [--screenshot PNG --frames N] [--script FILE]: an interactive model viewer.
#include <CLI/CLI.hpp>

#include "viewer.hpp"

int main(int argc, char** argv) {
  aem::viewer::ViewerOptions options;
  CLI::App app{"aem-viewer - look at a 3D model: animations, materials, textures, bones"};
  app.add_option("file", options.file, "Model file in any format aem reads");
  app.add_option("--screenshot", options.screenshot, "Save the window as this PNG after --frames frames, then exit");
  app.add_option("--frames", options.frames, "Frames to draw before the screenshot")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.add_option("--width", options.width,
                 "Window width (default 1280 times the UI scale, within the monitor's work area)")
      ->check(CLI::Range(64, 16384));
  app.add_option("--height", options.height,
                 "Window height (default 800 times the UI scale, within the monitor's work area)")
      ->check(CLI::Range(64, 16384));
  app.add_option("--asset-root", options.asset_root,
                 "Also read textures from inside this folder (default: only the model's folder)");
  app.add_option(
      "--script", options.script,
      "Run synthetic input from this file, one step a line: wait N | key NAME [ctrl] | click X Y | scroll X Y N | print | command | "
      "ready | wait-reload SECONDS | screenshot PNG | quit");
  app.add_option("--scale", options.ui_scale, "UI scale at start (default: the monitor's content scale)")
      ->check(CLI::Range(0.5, 4.0));
  CLI11_PARSE(app, argc, argv);
  return aem::viewer::run_viewer(options);
}
