// The aem command-line tool: parses arguments (the only file that includes CLI11) and dispatches.
#include <CLI/CLI.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <optional>
#include <string_view>

#include "commands/commands.hpp"

namespace {

CLI::App* find_command(CLI::App& app, const std::string& name) {
  auto found = app.get_subcommands([&](CLI::App* sub) { return sub->get_name() == name; });
  return found.empty() ? nullptr : found.front();
}

aem::cli::OptionSpec option_spec(const CLI::Option& opt) {
  aem::cli::OptionSpec spec;
  for (const auto& s : opt.get_snames()) spec.spellings.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) spec.spellings.push_back("--" + l);
  if (!opt.nonpositional()) spec.spellings.push_back(opt.get_name(true));
  if (opt.get_type_size() != 0) spec.value = opt.get_type_name();
  spec.description = opt.get_description();
  spec.default_value = opt.get_default_str();
  spec.required = opt.get_required();
  spec.repeated = opt.get_items_expected_max() > 1;
  return spec;
}

/// The command line as data, for the completion script and the manual page.
aem::cli::ToolSpec tool_spec(const CLI::App& app) {
  aem::cli::ToolSpec tool{app.get_description(), AEM_VERSION, {}, {}};
  for (const CLI::Option* opt : app.get_options()) tool.options.push_back(option_spec(*opt));
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    aem::cli::CommandSpec command{sub->get_name(), sub->get_description(), {}, {}};
    for (const CLI::Option* opt : sub->get_options())
      (opt->nonpositional() ? command.options : command.positionals).push_back(option_spec(*opt));
    tool.commands.push_back(std::move(command));
  }
  return tool;
}

// Each command's options, bound to the struct its run_ function takes.
void define_info_options(CLI::App* info_cmd, aem::cli::InfoOptions& info) {
  info_cmd->add_option("file", info.file, "Model file in any supported format")->required();
  info_cmd->add_flag("--json", info.json, "Print JSON instead of text");
  info_cmd->add_option(
      "--asset-root", info.asset_root,
      "Also read side files (textures, buffers, .mtl) from inside this folder; default: only the model's folder");
  info_cmd->add_flag(
      "--whole-scene", info.whole_scene,
      "Read a current-layout AEM file whole into memory like other formats instead of summarising it from the memory-mapped file (same output, more memory)");
}

void define_validate_options(CLI::App* validate_cmd, aem::cli::ValidateOptions& validate) {
  validate_cmd->add_option("files", validate.files, "Model files")->required();
  validate_cmd->add_flag("--json", validate.json, "Print a JSON report");
  validate_cmd->add_option(
      "--asset-root", validate.asset_root,
      "Also read side files (textures, buffers, .mtl) from inside this folder; default: only the model's folder");
  validate_cmd->add_flag("-q,--quiet", validate.quiet, "Print only problems");
}

void define_convert_options(CLI::App* convert_cmd, aem::cli::ConvertCliOptions& convert, bool named_options) {
  convert_cmd->add_option("files", convert.inputs,
                          "Input file(s); with one input and no --out-dir, the last is the output");
  // `convert IN OUT` gives no named option (none is required): its 25 are not worth defining then.
  if (!named_options) return;
  convert_cmd->add_option("-o,--output", convert.output, "Output file (single conversion)");
  convert_cmd->add_option(
      "--out-dir", convert.out_dir,
      "Convert every input into this folder as <stem>.<ext>; refused (exit 2) when two inputs share a stem");
  convert_cmd->add_option("--to", convert.to,
                          "Output format (aem, cem, ...; see `aem formats`); default from the extension");
  convert_cmd->add_option("--scale", convert.scale, "Multiply every coordinate by this")->capture_default_str();
  convert_cmd->add_option("--up", convert.up, "Up axis of the output (default: the format's own)")
      ->check(CLI::IsMember({"y", "z"}));
  convert_cmd->add_flag("--flip-uv", convert.flip_uv, "Flip texture V (v -> 1 - v)");
  convert_cmd->add_flag("--no-textures", convert.no_textures, "Do not write texture files");
  convert_cmd->add_flag("--optimize", convert.optimize,
                        "Merge duplicate vertices; optimise vertex cache and fetch order");
  convert_cmd->add_flag(
      "--weld", convert.weld,
      "Merge vertices that differ only by rounding of their normals (at most 1e-4), as exporters such as "
      "Blender's glTF exporter split them; the Blender add-on's export uses it");
  convert_cmd
      ->add_option(
          "--anim-error", convert.anim_error,
          "AEM, glTF, E3D: drop animation keys while no skinned vertex moves farther than this from where every key puts it, "
          "in the output's units (metres unless --scale changes them); 0 keeps every key. Default: 0.1 mm when the "
          "source's units are known, else 1/18000 of the model's size")
      ->check(CLI::NonNegativeNumber);
  convert_cmd
      ->add_option("--fps", convert.fps,
                   "CEM: frame rate for baking skeletal animation; IQE/IQM: for resampling animations without one")
      ->capture_default_str();
  convert_cmd->add_option("--lods", convert.lods, "CEM: extra levels of detail to generate")->check(CLI::Range(0, 16));
  convert_cmd
      ->add_option("--max-output-size", convert.max_output_size,
                   "CEM: refuse to bake skeletal animation into frames when the file would be larger (estimated first; "
                   "SIZE in bytes or with K, M, G: 256M by default; 0: no limit)")
      ->transform(CLI::AsSizeValue(false));
  convert_cmd->add_flag("--compress", convert.compress, "E3D: LZMA-compress the blocks");
  convert_cmd->add_flag("--embed", convert.embed,
                        "glTF (.gltf): buffer and images as data URIs inside the JSON, no side files");
  convert_cmd->add_flag(
      "--lod-nodes", convert.lod_nodes,
      "glTF: each coarser level of detail as a mesh on a child node marked in its extras, which aem reads back "
      "as levels of detail (the Blender add-on's round trip); default: the finest level only");
  convert_cmd->add_flag(
      "--sync", convert.sync,
      "Flush each written file to the disk before it replaces the old one (survives a power loss right after; slower)");
  convert_cmd->add_option("-j,--jobs", convert.jobs, "Parallel conversions (default: number of cores)");
  convert_cmd->add_flag(
      "-v,--verbose", convert.verbose,
      "Per-step timing and statistics, and every warning on its own line (by default repeats differing only in the element, such as the mesh, are told once)");
  convert_cmd->add_option(
      "--asset-root", convert.asset_root,
      "Also read side files (textures, buffers, .mtl) from inside this folder; default: only the model's folder");
  convert_cmd->add_option("--depfile", convert.depfile,
                          "Write a Make/Ninja depfile: every file read, for the files written");
  convert_cmd
      ->add_option("--depfile-targets", convert.depfile_targets,
                   "Targets of the depfile: all files written, or the model alone (Ninja refuses undeclared outputs)")
      ->check(CLI::IsMember({"all", "model"}))
      ->capture_default_str();
  convert_cmd->add_option("--manifest", convert.manifest,
                          "Convert the JSON list [{input, output, options}] in this file");
  convert_cmd->add_option("--cache", convert.cache,
                          "Skip conversions whose inputs, side files and options are unchanged (cache folder)");
}

void define_pose_options(CLI::App* pose_cmd, aem::cli::PoseOptions& pose) {
  pose_cmd->add_option("file", pose.file, "Model file")->required();
  pose_cmd->add_option("--anim", pose.animation, "Animation index or name (negative: bind pose)")
      ->capture_default_str();
  pose_cmd->add_option("--time", pose.time, "Time in seconds")->required();
}

void define_example_options(CLI::App* example_cmd, aem::cli::ExampleOptions& example) {
  example_cmd->add_option("output", example.output, "Output file; the format comes from the extension")->required();
  example_cmd->add_option("--rings", example.rings, "Vertex rings along the tube")->check(CLI::Range(2u, 1000000u));
  example_cmd->add_option("--segments", example.segments, "Vertices around the tube")->check(CLI::Range(3u, 100000u));
  example_cmd->add_option("--joints", example.joints, "Joints in the chain")->check(CLI::Range(1u, 10000u));
}

void define_render_options(CLI::App* render_cmd, aem::cli::RenderOptions& render) {
  render_cmd->add_option("file", render.file, "Model file in any supported format")->required();
  render_cmd->add_option("-o,--output", render.output, "PNG file to write")->required();
  render_cmd->add_option("--size", render.size, "Image size WIDTHxHEIGHT")->capture_default_str();
  render_cmd->add_option("--anim", render.animation,
                         "Animation index or name (negative: bind pose; default: the first)");
  render_cmd->add_option("--time", render.time, "Time in seconds")->capture_default_str();
  render_cmd->add_option("--yaw", render.yaw, "Camera angle around the up axis in degrees (0: from the front)")
      ->capture_default_str();
  render_cmd->add_option("--pitch", render.pitch, "Camera angle above the ground in degrees")->capture_default_str();
  render_cmd->add_option("--background", render.background, "transparent or #rrggbb");
  render_cmd->add_flag("--wireframe", render.wireframe, "Draw triangle edges only");
  render_cmd->add_flag("--skeleton", render.skeleton, "Draw the skeleton over the model");
  render_cmd->add_flag("--no-grid", render.no_grid, "Leave out the ground grid");
  render_cmd->add_option(
      "--asset-root", render.asset_root,
      "Also read side files (textures, buffers, .mtl) from inside this folder; default: only the model's folder");
  render_cmd->add_flag("--overlay", render.overlay, "Draw triangle edges over the shading");
  render_cmd->add_flag("--normals", render.normals, "Draw vertex normals as short lines");
  render_cmd->add_flag("--tangents", render.tangents, "Draw vertex tangents as short lines");
  render_cmd->add_flag("--uv-checker", render.uv_checker, "Replace base colours by a UV checker texture");
  render_cmd->add_option("--joint", render.joint, "Highlight this joint (index)");
  render_cmd->add_option("--target", render.target, "Camera orbit centre X,Y,Z (default: the posed model's centre)");
  render_cmd->add_option("--distance", render.distance,
                         "Camera distance from the target (default: framed on the model)");
}

/// `aem convert IN OUT` with neither file starting with '-', the form a build rule runs once per file,
/// as CLI11 parses it: the two files and every option at its default. Setting up CLI11's commands costs
/// about what reading and writing a small glTF file does (docs/performance.md), so this form skips it.
std::optional<aem::cli::ConvertCliOptions> plain_convert(const std::vector<std::string>& args) {
  const auto is_file = [](const std::string& arg) { return !arg.starts_with("-"); };
  if (args.size() != 3 || args[0] != "convert" || !is_file(args[1]) || !is_file(args[2])) return std::nullopt;
  aem::cli::ConvertCliOptions convert;
  convert.inputs = {args[1], args[2]};
  return convert;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aem::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (const auto convert = plain_convert(args)) return run_convert(*convert);

  CLI::App app{"aem - load, validate, convert, animate and render 3D models for games", "aem"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "aem " AEM_VERSION);

  // Defining an option costs CLI11 more than the rest of a small conversion, so a command's options are
  // defined only when an argument names that command (only then can CLI11 parse it), and all of them
  // for the completion script and the manual page, which describe every command.
  const auto named = [&](std::string_view word) { return std::ranges::find(args, word) != args.end(); };
  const bool describes_all = named("completion") || named("manpage");
  const auto needs_options = [&](const CLI::App* command) { return describes_all || named(command->get_name()); };
  // Named options are given only in arguments that start with '-' (`aem help COMMAND` becomes one).
  const bool dashed =
      named("help") || std::ranges::any_of(args, [](const std::string& arg) { return arg.starts_with("-"); });

  InfoOptions info;
  auto* info_cmd =
      app.add_subcommand("info", "Summarise a model: counts, meshes, materials, textures, bones, animations");
  if (needs_options(info_cmd)) define_info_options(info_cmd, info);

  ValidateOptions validate;
  auto* validate_cmd = app.add_subcommand(
      "validate", "Check files; print each problem with its byte offset or line (exit 1 if any is invalid)");
  if (needs_options(validate_cmd)) define_validate_options(validate_cmd, validate);

  auto* formats_cmd = app.add_subcommand("formats", "List the formats this build reads and writes");

  ConvertCliOptions convert;
  auto* convert_cmd = app.add_subcommand("convert", "Convert models between formats: IN OUT, or IN... --out-dir DIR");
  if (needs_options(convert_cmd)) define_convert_options(convert_cmd, convert, describes_all || dashed);

  PoseOptions pose;
  auto* pose_cmd =
      app.add_subcommand("pose", "Print the bone matrices of an animation at a time (column-major, one bone per line)");
  if (needs_options(pose_cmd)) define_pose_options(pose_cmd, pose);

  ExampleOptions example;
  auto* example_cmd = app.add_subcommand("example", "Write the built-in example model (a skinned, animated tube)");
  if (needs_options(example_cmd)) define_example_options(example_cmd, example);

  RenderOptions render;
  auto* render_cmd = app.add_subcommand("render", "Render a model headless (EGL) into a PNG image");
  if (needs_options(render_cmd)) define_render_options(render_cmd, render);

  std::string help_topic;
  app.add_subcommand("help", "Print a command's help (the text of `aem COMMAND --help`), or this list")
      ->add_option("command", help_topic, "Command name");

  auto* completion_cmd = app.add_subcommand("completion", "Print the bash completion script (installed with the tool)");
  auto* manpage_cmd = app.add_subcommand("manpage", "Print the manual page aem(1) in roff (installed with the tool)");

  // Before CLI11 sees them: an unknown command is named as such (CLI11 would only say that a command is
  // required), and `aem help COMMAND` is answered by the command's own --help.
  if (!args.empty() && !args[0].starts_with("-") && !find_command(app, args[0])) {
    fmt::print(stderr, "aem: unknown command '{}' (run `aem --help` for the list)\n", args[0]);
    return kExitUsage;
  }
  if (args.size() == 2 && args[0] == "help" && !args[1].starts_with("-")) {
    if (!find_command(app, args[1])) {
      fmt::print(stderr, "aem: unknown command '{}' (run `aem --help` for the list)\n", args[1]);
      return kExitUsage;
    }
    args = {args[1], "--help"};
  } else if (args.size() == 1 && args[0] == "help") {
    args = {"--help"};
  }
  std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first

  try {
    app.parse(args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }

  if (info_cmd->parsed()) return run_info(info);
  if (validate_cmd->parsed()) return run_validate(validate);
  if (formats_cmd->parsed()) return run_formats();
  if (example_cmd->parsed()) return run_example(example);
  if (pose_cmd->parsed()) return run_pose(pose);
  if (convert_cmd->parsed()) return run_convert(convert);
  if (render_cmd->parsed()) return run_render(render);
  if (completion_cmd->parsed()) return run_completion(tool_spec(app));
  if (manpage_cmd->parsed()) return run_manpage(tool_spec(app));
  return kExitUsage;
}
