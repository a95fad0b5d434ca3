// The read worker: the helper executable (aem-read-worker, src/io/worker/) an isolated read runs a
// third-party reader in. Where it is found, and the command line the library and the worker share.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/io.hpp"

namespace aem::detail {

/// The worker's exit code when its command line is not one worker_arguments makes.
constexpr int kReadWorkerUsage = 64;

/// Where the tool's helper files (the worker, the renderer module) named `name` are looked for:
/// beside the running program, then in its installed libexec folder relative to it.
std::vector<std::filesystem::path> helper_places(const char* name);

/// The worker's executable: `options.read_worker` when set, else the AEM_READ_WORKER environment
/// variable's, else the first that exists of aem-read-worker beside the running program, in its
/// installed libexec folder relative to it, and the build tree's. READ_WORKER_MISSING naming `file`
/// and every place looked in when there is none.
Result<std::filesystem::path> find_read_worker(const ReadOptions& options, const std::string& file);

/// What the worker reads, besides the bytes on its standard input.
struct ReadRequest {
  std::string format;  ///< the handler's name: find_format(format)
  std::filesystem::path path;
  ReadOptions options;
};

/// The worker's arguments (argv[1] on) for `request`; the worker reads with one thread, unisolated.
std::vector<std::string> read_worker_arguments(const ReadRequest& request);

/// The request `arguments` (argv[1] on) describe; nullopt when they are not read_worker_arguments'.
std::optional<ReadRequest> parse_read_worker_arguments(std::span<const char* const> arguments);

}  // namespace aem::detail
