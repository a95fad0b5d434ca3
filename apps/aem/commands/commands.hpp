// Entry points of the aem subcommands. main.cpp parses the command line into these option structs;
// each function returns the process exit code: 0 ok, 1 invalid input or failed work, 2 usage.
#pragma once

#include <string>
#include <vector>

namespace aem::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

struct InfoOptions {
  std::string file;
  bool json = false;
};
int run_info(const InfoOptions& options);

struct ValidateOptions {
  std::vector<std::string> files;
  bool json = false;
  bool quiet = false;  ///< only print problems
};
int run_validate(const ValidateOptions& options);

int run_formats();

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

}  // namespace aem::cli
