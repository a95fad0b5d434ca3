// Entry points of the aem subcommands. main.cpp parses the command line into these option structs;
// each function returns the process exit code: 0 ok, 1 invalid input or failed work, 2 usage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace aem::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

struct InfoOptions {
  std::string file;
  std::string asset_root;  ///< ReadOptions::asset_root: a wider folder side files may come from
  bool json = false;
  bool whole_scene = false;  ///< read a current-layout AEM file into a scene too, instead of mapping it
};
int run_info(const InfoOptions& options);

struct ValidateOptions {
  std::vector<std::string> files;
  std::string asset_root;
  bool json = false;
  bool quiet = false;  ///< only print problems
};
int run_validate(const ValidateOptions& options);

int run_formats();

struct ConvertCliOptions {
  std::vector<std::string> inputs;
  std::string output;   ///< single conversion: the output file
  std::string out_dir;  ///< batch: outputs go here as <stem>.<format extension>
  std::string to;       ///< format name; default from the output's extension (batch: aem)
  std::string asset_root;
  float scale = 1.0f;
  std::string up;  ///< "", "y" or "z"
  bool flip_uv = false, no_textures = false, optimize = false, weld = false, verbose = false;
  float anim_error =
      -1.0f;          ///< AEM, glTF, E3D: key reduction's largest vertex error (output units); negative: the default
  float fps = 30.0f;  ///< WriteOptions::frame_rate (CEM, IQE, IQM)
  int lods = 0;       ///< CEM: extra LODs to generate
  std::uint64_t max_output_size = std::uint64_t{256} << 20;  ///< CEM: largest file baking may make (0: no limit)
  bool compress = false;                                     ///< E3D: LZMA-compress
  bool embed = false;                                        ///< glTF: everything inside the .gltf
  bool lod_nodes = false;  ///< glTF: coarser levels of detail as marked child nodes (ConvertOptions::lod_nodes)
  bool sync = false;       ///< flush every written file to the disk before it is put in place
  unsigned jobs = 0;       ///< parallel conversions; 0 = number of cores
  std::string depfile;     ///< single conversion: write a Make/Ninja depfile of every file read
  std::string depfile_targets = "all";  ///< "all": the model and the texture files written; "model": the model alone
  std::string manifest;                 ///< JSON list of {input, output, options} instead of files on the command line
  std::string cache;                    ///< folder of a content-hash cache: unchanged conversions are skipped
};
/// Converts one file (INPUT OUTPUT) or many (INPUT... --out-dir DIR), each in a child process so
/// that a reader that aborts cannot take the others down. Exit 1 when any conversion failed.
int run_convert(const ConvertCliOptions& options);

struct PoseOptions {
  std::string file;
  std::string animation = "0";  ///< index or name; a negative index means bind pose
  float time = 0.0f;
};
/// Prints every bone's skin matrix at a time: "index m0 .. m15" (column-major, 9 significant digits).
int run_pose(const PoseOptions& options);

struct ExampleOptions {
  std::string output;
  unsigned rings = 32, segments = 24, joints = 4;
};
/// Writes the generated example model (a bending, skinned tube) in the output's format.
int run_example(const ExampleOptions& options);

struct RenderOptions {
  std::string file;
  std::string asset_root;
  std::string output;
  std::string size = "1024x768";     ///< WIDTHxHEIGHT
  std::string animation;             ///< index or name; empty = the first animation, or bind pose without one
  float time = 0.0f;                 ///< seconds
  float yaw = 30.0f, pitch = 20.0f;  ///< camera orbit angles in degrees (yaw 0 = from +Z, the front)
  std::string background;            ///< "transparent" or "#rrggbb"; empty = the default dark grey
  bool wireframe = false, skeleton = false, no_grid = false;
  bool overlay = false, normals = false, tangents = false, uv_checker = false;
  std::int32_t joint = -1;  ///< joint drawn highlighted (-1: none)
  std::string target;       ///< "X,Y,Z" orbit centre; empty = framed on the posed model
  float distance = 0.0f;    ///< camera distance from the target; 0 = framed on the posed model
};
/// Renders FILE headless (EGL) into a PNG, the camera framed on the model as posed. Exit 1 when the
/// file cannot be read or no OpenGL 3.3 core context is available, 2 for bad options.
int run_render(const RenderOptions& options);

/// One option or positional argument as the command line defines it.
struct OptionSpec {
  std::vector<std::string> spellings;  ///< "-o", "--output"; for a positional argument its name ("file")
  std::string value;                   ///< what it takes as --help shows it ("TEXT", "FLOAT"); empty for a flag
  std::string description;
  std::string default_value;  ///< shown by --help, empty when none
  bool required = false;
  bool repeated = false;  ///< takes several values (positional arguments "files...")
};
/// One subcommand as the command line defines it, for shell completion and the manual page.
struct CommandSpec {
  std::string name;
  std::string description;
  std::vector<OptionSpec> positionals;
  std::vector<OptionSpec> options;  ///< named options and flags, --help included
};
/// The whole command line: what `aem --help` describes.
struct ToolSpec {
  std::string description;
  std::string version;
  std::vector<OptionSpec> options;  ///< allowed before the command (--help, --version)
  std::vector<CommandSpec> commands;
};
/// Prints a bash completion script for `aem` that completes the commands and their options (and file
/// names elsewhere).
int run_completion(const ToolSpec& tool);
/// Prints the manual page aem(1) in roff (man macros): every command with its arguments and options.
int run_manpage(const ToolSpec& tool);

}  // namespace aem::cli
