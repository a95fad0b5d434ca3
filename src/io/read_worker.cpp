// find_read_worker: the places an installed or built aem keeps its worker; the worker's command line:
// FORMAT PATH ASSET_ROOT MAX_DECODED_BYTES GENERATE_NORMALS (0 or 1), one argument each.
#include "io/read_worker.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdlib>

// Set by src/CMakeLists.txt; a build that does not (the browser's, which has no processes) looks only
// where the options and the environment say.
#ifndef AEM_READ_WORKER_FROM_BINDIR
#define AEM_READ_WORKER_FROM_BINDIR "../libexec/aem"
#endif
#ifndef AEM_READ_WORKER_BUILD_PATH
#define AEM_READ_WORKER_BUILD_PATH ""
#endif

namespace aem::detail {
namespace {

constexpr const char* kWorkerName = "aem-read-worker";

bool runnable(const std::filesystem::path& file) { return !file.empty() && ::access(file.c_str(), X_OK) == 0; }

/// The places looked in when neither the options nor the environment name the worker, in order.
std::vector<std::filesystem::path> default_places() {
  std::vector<std::filesystem::path> places = helper_places(kWorkerName);
  if (*AEM_READ_WORKER_BUILD_PATH) places.emplace_back(AEM_READ_WORKER_BUILD_PATH);
  return places;
}

}  // namespace

std::vector<std::filesystem::path> helper_places(const char* name) {
  std::vector<std::filesystem::path> places;
  std::error_code ec;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    places.push_back(program.parent_path() / name);
    places.push_back((program.parent_path() / AEM_READ_WORKER_FROM_BINDIR / name).lexically_normal());
  }
  return places;
}

Result<std::filesystem::path> find_read_worker(const ReadOptions& options, const std::string& file) {
  std::vector<std::filesystem::path> places;
  if (!options.read_worker.empty())
    places.push_back(options.read_worker);
  else if (const char* named = std::getenv("AEM_READ_WORKER"); named && *named)
    places.emplace_back(named);
  else
    places = default_places();
  std::string looked;
  for (const auto& place : places) {
    if (runnable(place)) return place;
    looked += (looked.empty() ? "" : ", ") + place.string();
  }
  return Error{.code = "READ_WORKER_MISSING",
               .file = file,
               .message = std::string("an isolated read needs the ") + kWorkerName +
                          " helper program, which is not at " + looked +
                          " (name it with ReadOptions::read_worker or AEM_READ_WORKER, or read without isolation)"};
}

std::vector<std::string> read_worker_arguments(const ReadRequest& request) {
  return {request.format, request.path.string(), request.options.asset_root.string(),
          std::to_string(request.options.max_decoded_bytes), request.options.generate_normals ? "1" : "0"};
}

std::optional<ReadRequest> parse_read_worker_arguments(std::span<const char* const> arguments) {
  if (arguments.size() != 5) return std::nullopt;
  ReadRequest request{arguments[0], arguments[1], {}};
  request.options.asset_root = arguments[2];
  const std::string_view limit = arguments[3], normals = arguments[4];
  const auto parsed = std::from_chars(limit.data(), limit.data() + limit.size(), request.options.max_decoded_bytes);
  if (parsed.ec != std::errc{} || parsed.ptr != limit.data() + limit.size() || (normals != "0" && normals != "1"))
    return std::nullopt;
  request.options.generate_normals = normals == "1";
  return request;
}

}  // namespace aem::detail
