// `aem convert`: one file or a batch, with progress and a summary. A batch converts each file in a child
// process, as does a single file Assimp reads (Debian's Assimp asserts: a malformed file can abort the
// process that reads it); a single file in a format aem reads itself converts in this process.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <sys/wait.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <unistd.h>

#include <map>
#include <optional>
#include <thread>

#include "aem/build_cache.hpp"
#include "aem/convert.hpp"
#include "commands/commands.hpp"
#include "commands/hints.hpp"
#include "commands/repeated_warnings.hpp"
#include "commands/depfile.hpp"
#include "commands/manifest.hpp"
#include "commands/std_streams.hpp"

namespace aem::cli {
namespace {

struct Job {
  std::string input, output;
  convert::ConvertOptions options;  ///< set once the jobs are planned (a manifest's entries differ)
  std::string cache_key;            ///< what the result depends on besides file contents (--cache only)
};

/// Where the depfile goes and the cache that remembers what each conversion read and wrote.
struct Bookkeeping {
  std::string depfile;
  bool depfile_model_only = false;  ///< --depfile-targets model
  const convert::BuildCache* cache = nullptr;
};

std::string human_size(std::uint64_t bytes) {
  if (bytes >= (1u << 20)) return fmt::format("{:.1f} MB", bytes / 1048576.0);
  if (bytes >= 1024) return fmt::format("{:.1f} KB", bytes / 1024.0);
  return fmt::format("{} B", bytes);
}

/// "animation keys 2793 -> 985, 47.3 KB -> 19.0 KB; largest vertex error ..." (or "every key kept").
std::string keys_summary(const convert::AnimationKeys& k) {
  if (k.bound <= 0)
    return fmt::format("animation keys {} ({}), every key kept (--anim-error 0)", k.keys_after,
                       human_size(k.bytes_after));
  return fmt::format("animation keys {} -> {}, {} -> {}; largest vertex error {:.3g} of {:.3g} allowed (output units)",
                     k.keys_before, k.keys_after, human_size(k.bytes_before), human_size(k.bytes_after),
                     k.largest_error, k.bound);
}

/// What convert_one prints besides warnings and errors, and where.
struct Reporting {
  bool verbose = false;    ///< -v: steps, counts and key figures; warnings not folded
  bool keys_line = false;  ///< without -v, a line when key reduction dropped keys (one conversion to a file)
  std::FILE* to = stdout;  ///< standard error when the model itself goes to standard output
};

/// Converts one job (in a child process, or in this one: see needs_child), prints warnings, errors and
/// what `reporting` asks for, returns the exit code.
int convert_one(const Job& job, const Bookkeeping& books, const Reporting& reporting) {
  auto report = convert::convert_file(job.input, job.output, job.options);
  const auto warnings = reporting.verbose ? report.warnings : fold_repeated_warnings(report.warnings);
  for (const auto& w : warnings) fmt::print(stderr, "{}\n", diagnostic_text(w, "warning"));
  if (!report) {
    auto e = report.error();
    if (e.file.empty()) e.file = job.input;
    fmt::print(stderr, "{}\n", diagnostic_text(e));
    if (e.code == "CEM_OUTPUT_TOO_LARGE")
      fmt::print(stderr,
                 "hint: --fps N bakes fewer frames (now {:.4g}); --max-output-size SIZE raises the limit (0: none)\n",
                 job.options.write.frame_rate);
    if (e.code == "SCENE_NOT_FINITE")
      fmt::print(stderr, "hint: `aem validate {}` lists every number that is NaN or infinite\n", job.input);
    return kExitInvalid;
  }
  std::FILE* report_to = reporting.to;
  if (reporting.verbose) {
    const auto& r = report.value();
    fmt::print(report_to, "{} ({}, {}) -> {} ({}, {}{})\n", job.input, r.input_format, human_size(r.input_bytes),
               job.output, r.output_format, human_size(r.output_bytes),
               r.estimated_output_bytes ? ", estimated " + human_size(r.estimated_output_bytes) : "");
    for (const auto& s : r.steps) fmt::print(report_to, "  {:<22} {:9.2f} ms\n", s.step, s.milliseconds);
    fmt::print(report_to, "  {} vertices, {} triangles, {} joints, {} animations, {} texture files\n", r.vertices,
               r.triangles, r.joints, r.animations, r.textures_written.size());
    if (job.options.weld) fmt::print(report_to, "  {} vertices merged by --weld\n", r.vertices_welded);
    if (r.animation_keys)
      fmt::print(report_to, "  {} (check {:.2f} ms)\n", keys_summary(*r.animation_keys), r.animation_keys->check_ms);
  } else if (const auto& k = report->animation_keys; reporting.keys_line && k && k->keys_after < k->keys_before) {
    fmt::print(report_to, "{}: {}\n", job.output, keys_summary(*k));
  }
  const std::vector<std::string>& read = report->files_read;
  std::vector<std::string> written{job.output};
  for (const auto& t : report->textures_written) written.push_back(t.string());
  if (!books.depfile.empty()) {
    const std::vector<std::string> targets = books.depfile_model_only ? std::vector<std::string>{job.output} : written;
    if (auto status = write_depfile(books.depfile, targets, read); !status) {
      fmt::print(stderr, "{}\n", diagnostic_text(status.error()));
      return kExitInvalid;
    }
  }
  if (books.cache && !books.cache->store(job.cache_key, read, written))
    fmt::print(stderr, "{}: warning: could not record the conversion in the cache\n", job.input);
  return kExitOk;
}

/// True when `input` is read by Assimp (by content, else by extension), or cannot be told: such a
/// conversion runs in a child process. aem's own readers are hardened against hostile files, and
/// sparing them the child (a fork and the faults of its copied pages) is a third of a small file's time.
bool needs_child(const std::string& input) {
  if (input == "-") return true;
  std::byte head[64];
  std::FILE* f = std::fopen(input.c_str(), "rb");
  if (!f) return false;  // the conversion reports why it cannot be read
  const std::size_t got = std::fread(head, 1, sizeof head, f);
  std::fclose(f);
  const FormatHandler* format = detect_format(std::span<const std::byte>(head, got), input);
  return !format || format->name == "assimp";
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
    fmt::print(stderr, "\r[{}{}] {}/{} {}{}\x1b[K", std::string(filled, '#'), std::string(width - filled, '.'), done,
               total, failed ? fmt::format("({} failed) ", failed) : "", last);
    if (done == total) fmt::print(stderr, "\n");
  } else if (total > 1) {
    fmt::print(stderr, "[{}/{}] {}\n", done, total, last);
  }
}

/// "aem, cem, iqe, iqm, e3d, gltf": the formats this build writes, for messages.
std::string writable_formats() {
  std::vector<std::string_view> names;
  for (const auto& f : supported_formats())
    if (f.write) names.push_back(f.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

/// The reason no output format fits: `read_only` names a format aem reads but does not write (FBX,
/// Assimp's), else `what` says what is missing.
std::string no_writer_reason(const std::string& read_only, const std::string& what) {
  if (!read_only.empty())
    return fmt::format("{} is read but not written by aem; it writes {}", read_only, writable_formats());
  return fmt::format("{}: use --to with one of {}", what, writable_formats());
}

/// Which file goes where, in which format (sets options.to). Usage errors are printed and give nullopt.
std::optional<std::vector<Job>> plan_jobs(const ConvertCliOptions& o, convert::ConvertOptions& options) {
  std::vector<Job> jobs;
  if (!o.out_dir.empty()) {
    if (!options.to) options.to = find_format("aem");
    for (const auto& in : o.inputs) {
      if (in == "-") {
        fmt::print(stderr, "error: standard input (-) needs IN OUT, not --out-dir\n");
        return std::nullopt;
      }
      jobs.push_back({in, convert::output_in_folder(in, o.out_dir, *options.to).string(), {}, {}});
    }
  } else {
    std::vector<std::string> inputs = o.inputs;
    std::string output = o.output;
    if (output.empty() && inputs.size() == 2) {
      output = inputs.back();
      inputs.pop_back();
    }
    if (output.empty() || inputs.size() != 1) {
      fmt::print(stderr, "error: give IN OUT, IN -o OUT, or IN... --out-dir DIR\n");
      return std::nullopt;
    }
    if (!options.to) {
      options.to = output == "-" ? nullptr : format_for_extension(output, FormatUse::Write);
      if (!options.to) {
        const bool read = output != "-" && format_for_extension(output, FormatUse::Read);
        fmt::print(
            stderr, "error: {}\n",
            no_writer_reason(read ? std::filesystem::path(output).extension().string() : "",
                             output == "-"
                                 ? "standard output (-) has no extension to tell the format"
                                 : fmt::format("cannot tell the output format of \"{}\" from its extension", output)));
        return std::nullopt;
      }
    }
    jobs.push_back({inputs[0], output, {}, {}});
  }
  return jobs;
}

/// Output folders are made before any conversion starts, for one file as for many.
bool make_output_folders(const std::vector<Job>& jobs) {
  for (const auto& job : jobs) {
    const auto folder = std::filesystem::path(job.output).parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::create_directories(folder, ec) && ec) {
      fmt::print(stderr, "error: cannot create the output folder \"{}\": {}\n", folder.string(), ec.message());
      return false;
    }
  }
  return true;
}

/// The library's options for one conversion; nullopt (after printing why) for an unknown format.
std::optional<convert::ConvertOptions> library_options(const ConvertCliOptions& o) {
  convert::ConvertOptions options;
  options.scale = o.scale;
  if (o.up == "y") options.up = UpAxis::Y;
  if (o.up == "z") options.up = UpAxis::Z;
  options.flip_uv = o.flip_uv;
  options.textures = !o.no_textures;
  options.optimize = o.optimize;
  options.weld = o.weld;
  if (o.anim_error >= 0) options.anim_error = o.anim_error;
  // Each conversion Assimp reads already runs in a child process of its own (see needs_child).
  options.read.isolate_third_party = false;
  options.read.threads = options.write.threads = o.jobs;  // 0: every hardware thread
  options.write.frame_rate = o.fps;
  options.write.lods = o.lods;
  options.write.max_output_bytes = o.max_output_size;
  options.write.compress = o.compress;
  options.write.embed = o.embed;
  options.lod_nodes = o.lod_nodes;
  options.read.asset_root = o.asset_root;
  if (!o.to.empty()) {
    options.to = find_format(o.to);
    if (!options.to || !options.to->write) {
      fmt::print(stderr, "error: {}\n",
                 no_writer_reason(options.to ? o.to : "", fmt::format("no format is called \"{}\"", o.to)));
      return std::nullopt;
    }
  }

  return options;
}

/// The jobs of a manifest, each with its own options. Errors are printed and give nullopt.
std::optional<std::vector<Job>> manifest_jobs(const ConvertCliOptions& o) {
  if (!o.inputs.empty() || !o.output.empty() || !o.out_dir.empty()) {
    fmt::print(stderr, "error: --manifest takes no input or output files of its own\n");
    return std::nullopt;
  }
  auto entries = read_manifest(o.manifest, o);
  if (!entries) {
    fmt::print(stderr, "{}\n", diagnostic_text(entries.error()));
    return std::nullopt;
  }
  std::vector<Job> jobs;
  for (const auto& e : entries.value()) {
    auto options = library_options(e.options);
    if (!options) return std::nullopt;
    if (!options->to) options->to = format_for_extension(e.output, FormatUse::Write);
    if (!options->to) {
      fmt::print(stderr, "error: {}: cannot tell the output format of \"{}\" from its extension (give \"to\")\n",
                 o.manifest, e.output);
      return std::nullopt;
    }
    Job job{e.input, e.output, *options, {}};
    if (!o.cache.empty()) job.cache_key = convert::cache_key(job.input, job.output, job.options);
    jobs.push_back(std::move(job));
  }
  return jobs;
}

}  // namespace

/// A conversion holds a few arrays of many MB at once. glibc raises its mmap threshold to the size of
/// each such block freed, after which the next ones come from the heap, whose holes it keeps: a fixed
/// threshold gives every large array a mapping of its own, returned when it is freed, so that peak
/// memory follows the arrays alive (39 MB glb to AEM: peak RSS 115 -> 109 MB, no CPU time measurable).
void large_blocks_return_to_the_system() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

int run_convert(const ConvertCliOptions& o) {
  large_blocks_return_to_the_system();
  auto library = library_options(o);
  if (!library) return kExitUsage;
  convert::ConvertOptions& options = *library;
  auto planned = o.manifest.empty() ? plan_jobs(o, options) : manifest_jobs(o);
  if (!planned) return o.manifest.empty() ? kExitUsage : kExitInvalid;
  std::vector<Job>& jobs = *planned;
  for (Job& job : jobs) job.options.write.sync = o.sync;  // a property of the run, also for manifest entries
  if (jobs.empty()) {
    fmt::print(stderr, "error: nothing to convert\n");
    return kExitUsage;
  }

  // Standard input and output go through files in a private folder; textures have no folder to go to.
  std::optional<StagingDir> staging;
  const bool to_stdout = jobs.size() == 1 && jobs[0].output == "-";
  if (to_stdout || jobs[0].input == "-") {
    staging.emplace();
    if (staging->path().empty()) {
      fmt::print(stderr, "error: cannot create a temporary folder\n");
      return kExitInvalid;
    }
    if (jobs[0].input == "-") {
      jobs[0].input = (staging->path() / "standard-input").string();
      if (!save_stdin(jobs[0].input)) return kExitInvalid;
    }
    if (to_stdout) {
      jobs[0].output = (staging->path() / "standard-output").string() + std::string(options.to->extensions.front());
      options.textures = false;
    }
  }
  // Checked before anything is converted: no output may overwrite another's or an input.
  std::vector<convert::Conversion> conversions;
  for (const auto& job : jobs) conversions.push_back({job.input, job.output});
  if (const auto clashes = convert::output_clashes(conversions); !clashes.empty()) {
    fmt::print(stderr, "error: nothing converted: several conversions would write the same file:\n");
    for (const auto& c : clashes) fmt::print(stderr, "  {}\n", c);
    fmt::print(stderr, "convert those inputs separately, or into different --out-dir folders\n");
    return kExitUsage;
  }

  if (!make_output_folders(jobs)) return kExitInvalid;
  if (o.manifest.empty())
    for (auto& job : jobs) {
      job.options = options;
      if (!o.cache.empty()) job.cache_key = convert::cache_key(job.input, job.output, job.options);
    }
  if (!o.depfile.empty() && jobs.size() != 1) {
    fmt::print(stderr, "error: --depfile needs a single conversion (one rule per build step)\n");
    return kExitUsage;
  }
  std::optional<convert::BuildCache> cache;
  if (!o.cache.empty()) cache.emplace(o.cache);
  const Bookkeeping books{o.depfile, o.depfile_targets == "model", cache ? &*cache : nullptr};
  std::size_t cached = 0;
  if (cache) {  // fresh entries are reported and dropped before any process starts
    std::vector<Job> stale;
    for (auto& job : jobs) {
      if (cache->fresh(job.cache_key)) {
        fmt::print("cached {} -> {}\n", job.input, job.output);
        ++cached;
      } else {
        stale.push_back(std::move(job));
      }
    }
    jobs = std::move(stale);
  }
  // A batch's lines would bury its progress; piped to standard output, a tool stays quiet unless asked.
  const Reporting reporting{o.verbose, jobs.size() == 1 && !to_stdout, to_stdout ? stderr : stdout};

  std::map<pid_t, std::size_t> running;
  std::size_t next = 0, done = 0, failed = 0;
  if (jobs.size() == 1 && !needs_child(jobs[0].input)) {
    failed = convert_one(jobs[0], books, reporting) != kExitOk;
    next = done = 1;
  }
  std::fflush(nullptr);
  // Asked only when there are child processes to start: the count comes from a file in /sys.
  const unsigned parallel = done == jobs.size() ? 1
                            : o.jobs            ? o.jobs
                                                : std::max(1u, std::thread::hardware_concurrency());
  while (done < jobs.size()) {
    while (next < jobs.size() && running.size() < parallel) {
      // Safe to fork: this process runs one thread here (conversions' threads live in the children), so
      // no lock can be copied held.
      const pid_t pid = fork();
      if (pid == 0) {
        const int code = convert_one(jobs[next], books, reporting);
        std::fflush(nullptr);  // _exit skips stdio's buffers
        _exit(code);
      }
      if (pid < 0) {  // no process to spare: convert in this one
        failed += convert_one(jobs[next], books, reporting) != kExitOk;
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
  if (to_stdout && !failed && !send_to_stdout(jobs[0].output)) return kExitInvalid;
  if (jobs.size() > 1 || cached)
    fmt::print("converted {} of {} files{}{}\n", jobs.size() - failed, jobs.size(),
               failed ? fmt::format(", {} failed", failed) : "", cached ? fmt::format(", {} cached", cached) : "");
  return failed ? kExitInvalid : kExitOk;
}

}  // namespace aem::cli
