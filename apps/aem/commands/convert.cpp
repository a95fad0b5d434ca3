// `aem convert`: one file or a batch, each conversion in a child process (Debian's Assimp asserts:
// a malformed file can abort the process that reads it), with progress and a summary.
#include <fmt/core.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>
#include <thread>

#include "commands/build_cache.hpp"
#include "commands/commands.hpp"
#include "commands/depfile.hpp"
#include "commands/manifest.hpp"
#include "convert/convert.hpp"
#include "core/file.hpp"

namespace aem::cli {
namespace {

struct Job {
  std::string input, output;
  convert::ConvertOptions options;
  std::string cache_key;  ///< what the result depends on besides file contents (empty without --cache)
};

/// Where the outputs go and which files were read: for --depfile and --cache.
struct Bookkeeping {
  std::string depfile;
  const BuildCache* cache = nullptr;
};

/// The library's options for one conversion; empty (after printing why) when the format is unknown.
std::optional<convert::ConvertOptions> library_options(const ConvertCliOptions& o) {
  convert::ConvertOptions options;
  options.scale = o.scale;
  if (o.up == "y") options.up = UpAxis::Y;
  if (o.up == "z") options.up = UpAxis::Z;
  options.flip_uv = o.flip_uv;
  options.textures = !o.no_textures;
  options.optimize = o.optimize;
  // Each conversion already runs in a child process of its own (see convert_one's caller).
  options.read.isolate_third_party = false;
  options.write.frame_rate = o.fps;
  options.write.lods = o.lods;
  options.write.compress = o.compress;
  if (!o.to.empty()) {
    options.to = find_format(o.to);
    if (!options.to || !options.to->write) {
      fmt::print(stderr, "error: cannot write format \"{}\" (see `aem formats`)\n", o.to);
      return std::nullopt;
    }
  }
  return options;
}

/// Everything besides file contents that decides a conversion's result.
std::string cache_key(const Job& job, const ConvertCliOptions& o) {
  return fmt::format("aem {}\ninput {}\noutput {}\nto={} scale={} up={} flip_uv={} no_textures={} optimize={} fps={} lods={} compress={}",
                     AEM_VERSION, std::filesystem::absolute(job.input).lexically_normal().string(),
                     std::filesystem::absolute(job.output).lexically_normal().string(), o.to, o.scale, o.up, o.flip_uv, o.no_textures,
                     o.optimize, o.fps, o.lods, o.compress);
}

std::string human_size(std::uint64_t bytes) {
  if (bytes >= (1u << 20)) return fmt::format("{:.1f} MB", bytes / 1048576.0);
  if (bytes >= 1024) return fmt::format("{:.1f} KB", bytes / 1024.0);
  return fmt::format("{} B", bytes);
}

/// Runs in the child: converts, prints warnings and errors, returns the exit code.
int convert_one(const Job& job, const Bookkeeping& books, bool verbose) {
  detail::ReadRecorder recorder;
  auto report = convert::convert_file(job.input, job.output, job.options);
  for (const auto& w : report.warnings) fmt::print(stderr, "{}\n", w.to_string("warning"));
  if (!report) {
    auto e = report.error();
    if (e.file.empty()) e.file = job.input;
    fmt::print(stderr, "{}\n", e.to_string());
    return kExitInvalid;
  }
  if (verbose) {
    const auto& r = report.value();
    fmt::print("{} ({}, {}) -> {} ({}, {})\n", job.input, r.input_format, human_size(r.input_bytes), job.output, r.output_format,
               human_size(r.output_bytes));
    for (const auto& s : r.steps) fmt::print("  {:<22} {:9.2f} ms\n", s.step, s.milliseconds);
    fmt::print("  {} vertices, {} triangles, {} joints, {} animations, {} texture files\n", r.vertices, r.triangles, r.joints,
               r.animations, r.textures_written.size());
  }
  const std::vector<std::string> read = recorder.paths();
  std::vector<std::string> written{job.output};
  for (const auto& t : report->textures_written) written.push_back(t.string());
  // The depfile's target is the model alone: Ninja rejects a depfile naming outputs the build did not
  // declare, and the texture files' names are only known once the conversion ran.
  if (!books.depfile.empty()) {
    if (auto status = write_depfile(books.depfile, {job.output}, read); !status) {
      fmt::print(stderr, "{}\n", status.error().to_string());
      return kExitInvalid;
    }
  }
  if (books.cache && !books.cache->store(job.cache_key, read, written))
    fmt::print(stderr, "{}: warning: could not record the conversion in the cache\n", job.input);
  return kExitOk;
}

/// Exit code of a finished child, with a message when it died from a signal (e.g. an Assimp abort).
int child_result(int status, const Job& job) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  fmt::print(stderr, "{}: error: the reader crashed (signal {}) - the file is malformed or unsupported\n", job.input,
             WIFSIGNALED(status) ? WTERMSIG(status) : -1);
  return kExitInvalid;
}

void progress(std::size_t done, std::size_t total, std::size_t failed, const std::string& last) {
  if (isatty(STDERR_FILENO)) {
    const int width = 30, filled = static_cast<int>(width * done / std::max<std::size_t>(total, 1));
    fmt::print(stderr, "\r[{}{}] {}/{} {}{}\x1b[K", std::string(filled, '#'), std::string(width - filled, '.'), done, total,
               failed ? fmt::format("({} failed) ", failed) : "", last);
    if (done == total) fmt::print(stderr, "\n");
  } else if (total > 1) {
    fmt::print(stderr, "[{}/{}] {}\n", done, total, last);
  }
}

}  // namespace

int run_convert(const ConvertCliOptions& o) {
  std::vector<Job> jobs;
  std::vector<ConvertCliOptions> job_cli;  // per job: the options that went into its cache key
  auto add = [&](std::string input, std::string output, const ConvertCliOptions& cli) {
    auto options = library_options(cli);
    if (!options) return false;
    jobs.push_back({std::move(input), std::move(output), *options, {}});
    job_cli.push_back(cli);
    return true;
  };
  if (!o.manifest.empty()) {
    if (!o.inputs.empty() || !o.output.empty() || !o.out_dir.empty()) {
      fmt::print(stderr, "error: --manifest takes no input or output files of its own\n");
      return kExitUsage;
    }
    auto entries = read_manifest(o.manifest, o);
    if (!entries) {
      fmt::print(stderr, "{}\n", entries.error().to_string());
      return kExitInvalid;
    }
    for (const auto& e : entries.value()) {
      std::error_code ec;
      if (std::filesystem::path(e.output).has_parent_path()) std::filesystem::create_directories(std::filesystem::path(e.output).parent_path(), ec);
      if (!add(e.input, e.output, e.options)) return kExitUsage;
    }
  } else if (!o.out_dir.empty()) {
    ConvertCliOptions cli = o;
    if (cli.to.empty()) cli.to = "aem";
    auto format = find_format(cli.to);
    const std::string ext = format ? std::string(format->extensions.front()) : ".aem";
    std::error_code ec;
    std::filesystem::create_directories(o.out_dir, ec);
    for (const auto& in : o.inputs)
      if (!add(in, (std::filesystem::path(o.out_dir) / std::filesystem::path(in).stem()).string() + ext, cli)) return kExitUsage;
  } else {
    std::vector<std::string> inputs = o.inputs;
    std::string output = o.output;
    if (output.empty() && inputs.size() == 2) {
      output = inputs.back();
      inputs.pop_back();
    }
    if (output.empty() || inputs.size() != 1) {
      fmt::print(stderr, "error: give IN OUT, IN -o OUT, IN... --out-dir DIR, or --manifest FILE\n");
      return kExitUsage;
    }
    if (!add(inputs[0], output, o)) return kExitUsage;
  }
  if (!o.depfile.empty() && jobs.size() != 1) {
    fmt::print(stderr, "error: --depfile needs a single conversion (one rule per build step)\n");
    return kExitUsage;
  }

  std::optional<BuildCache> cache;
  if (!o.cache.empty()) cache.emplace(o.cache);
  const Bookkeeping books{o.depfile, cache ? &*cache : nullptr};
  std::size_t cached = 0;
  if (cache) {  // fresh entries are reported and dropped before any process starts
    std::vector<Job> stale;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      jobs[i].cache_key = cache_key(jobs[i], job_cli[i]);
      if (cache->fresh(jobs[i].cache_key)) {
        fmt::print("cached {} -> {}\n", jobs[i].input, jobs[i].output);
        ++cached;
      } else {
        stale.push_back(std::move(jobs[i]));
      }
    }
    jobs = std::move(stale);
  }

  const unsigned parallel = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::map<pid_t, std::size_t> running;
  std::size_t next = 0, done = 0, failed = 0;
  std::fflush(nullptr);
  while (done < jobs.size()) {
    while (next < jobs.size() && running.size() < parallel) {
      const pid_t pid = fork();
      if (pid == 0) {
        const int code = convert_one(jobs[next], books, o.verbose);
        std::fflush(nullptr);  // _exit skips stdio's buffers
        _exit(code);
      }
      if (pid < 0) {  // no process to spare: convert in this one
        failed += convert_one(jobs[next], books, o.verbose) != kExitOk;
        progress(++done, jobs.size(), failed, jobs[next].input);
      } else {
        running[pid] = next;
      }
      ++next;
    }
    if (running.empty()) continue;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) break;
    auto it = running.find(pid);
    if (it == running.end()) continue;
    failed += child_result(status, jobs[it->second]) != kExitOk;
    progress(++done, jobs.size(), failed, jobs[it->second].input);
    running.erase(it);
  }
  if (jobs.size() + cached > 1 || cached)
    fmt::print("converted {} of {} files{}{}\n", jobs.size() - failed, jobs.size(), failed ? fmt::format(", {} failed", failed) : "",
               cached ? fmt::format(", {} cached", cached) : "");
  return failed ? kExitInvalid : kExitOk;
}

}  // namespace aem::cli
