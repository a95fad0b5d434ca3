// What every run of the aem tool pays before its command starts (issues 34, 35): only the rendering
// command loads the OpenGL libraries, only a conversion that needs it loads meshoptimizer, zlib, fmt
// and the C++ runtime are built in where they can be, and the tool
// runs no CPU-feature probe at start-up (CPUID traps to the hypervisor on virtual machines;
// the kernels ask for their features when first used).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/corpus.hpp"

namespace aem {
namespace {

using test::run_shell;

TEST(CliStartup, LoadsNoRenderingLibrary) {
  // The dynamic loader lists what the tool loads at start, without running it.
  std::string loaded;
  ASSERT_EQ(run_shell("LD_TRACE_LOADED_OBJECTS=1 " + std::string(AEM_CLI_PATH), &loaded), 0);
  ASSERT_NE(loaded.find("libc.so"), std::string::npos) << loaded;
  for (const char* library : {"libepoxy", "libEGL", "libGL", "libgbm"})
    EXPECT_EQ(loaded.find(library), std::string::npos) << library << " is loaded by every command:\n" << loaded;
}

TEST(CliStartup, LoadsNoSharedZlibFmtOrCppRuntimeWhenItHasItsOwn) {
  std::vector<std::string> built_in;
#ifdef AEM_TOOL_STATIC_CXX_RUNTIME
  built_in.push_back("libstdc++.so");
#endif
#ifdef AEM_TOOL_STATIC_ZLIB
  built_in.push_back("libz.so");
#endif
#ifdef AEM_TOOL_OWN_FMT
  built_in.push_back("libfmt.so");
#endif
  if (built_in.empty()) GTEST_SKIP() << "the tool links the shared zlib, fmt and C++ runtime here";
  std::string loaded;
  ASSERT_EQ(run_shell("LD_TRACE_LOADED_OBJECTS=1 " + std::string(AEM_CLI_PATH), &loaded), 0);
  for (const auto& library : built_in) EXPECT_EQ(loaded.find(library), std::string::npos) << library << ":\n" << loaded;
}

TEST(CliStartup, OpensMeshoptimizerOnlyForAConversionThatNeedsIt) {
  const auto dir = test::temp_dir("cli_startup_meshopt");
  const std::string tube = test::shell_quoted(dir / "tube.aem"), glb = test::shell_quoted(dir / "tube.glb");
  ASSERT_EQ(test::run_cli("example " + tube + " --rings 3 --segments 4"), 0);
  // The dynamic loader names every library it initialises, those dlopen opens included.
  const std::string tool = "'" + std::string(AEM_CLI_PATH) + "' ";
  std::string plain, optimized;
  ASSERT_EQ(run_shell("LD_DEBUG=libs " + tool + "convert " + tube + " " + glb + " 2>&1", &plain), 0) << plain;
  EXPECT_EQ(plain.find("libmeshoptimizer"), std::string::npos) << plain;
  ASSERT_EQ(run_shell("LD_DEBUG=libs " + tool + "convert --optimize " + tube + " " + glb + " 2>&1", &optimized), 0)
      << optimized;
  EXPECT_NE(optimized.find("libmeshoptimizer"), std::string::npos) << optimized;
  // Without it, the step that needs it fails by name and writes nothing.
  std::filesystem::remove(dir / "tube.glb");
  std::string out;
  EXPECT_NE(run_shell("AEM_MESHOPTIMIZER_LIBRARY=/nonexistent/libmeshoptimizer.so " + tool + "convert --optimize " +
                          tube + " " + glb + " 2>&1",
                      &out),
            0);
  EXPECT_NE(out.find("MESHOPTIMIZER_UNAVAILABLE"), std::string::npos) << out;
  EXPECT_NE(out.find("optimising meshes needs meshoptimizer"), std::string::npos) << out;
  EXPECT_NE(out.find("/nonexistent/libmeshoptimizer.so"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "tube.glb"));
}

TEST(CliStartup, RunsNoCpuFeatureProbeBeforeMain) {
  // libgcc's probe behind __builtin_cpu_supports comes with a constructor that runs at every start.
  std::string symbols;
  if (run_shell("nm " + std::string(AEM_CLI_PATH), &symbols) != 0) GTEST_SKIP() << "nm cannot read the tool";
  EXPECT_EQ(symbols.find("__cpu_indicator_init"), std::string::npos);
}

TEST(CliStartup, OneConversionReadsNoCoreCount) {
  // The core count (a file in /sys) only sizes a batch's child processes: one file converts without it.
  const auto dir = test::temp_dir("cli_startup_cores");
  ASSERT_EQ(test::run_cli("example " + test::shell_quoted(dir / "tube.aem") + " --rings 3 --segments 4"), 0);
  std::string opened;
  if (run_shell("strace -f -e trace=openat -o /dev/stdout " + std::string(AEM_CLI_PATH) + " convert " +
                    test::shell_quoted(dir / "tube.aem") + " " + test::shell_quoted(dir / "tube.glb") + " 2>/dev/null",
                &opened) != 0)
    GTEST_SKIP() << "strace cannot trace the tool here";
  EXPECT_NE(opened.find("tube.aem"), std::string::npos) << opened;
  EXPECT_EQ(opened.find("/sys/devices/system/cpu"), std::string::npos) << opened;
}

TEST(CliStartup, RenderWithoutItsModuleSaysSo) {
  // A copy of the tool alone in a folder: neither beside it nor in ../libexec/aem is the module.
  const auto dir = test::temp_dir("cli-startup-alone");
  std::filesystem::create_directories(dir / "bin");
  const auto tool = dir / "bin" / "aem";
  std::filesystem::copy_file(AEM_CLI_PATH, tool);
  std::string out;
  ASSERT_EQ(run_shell(test::shell_quoted(tool) + " example " + test::shell_quoted(dir / "tube.aem") + " >/dev/null"),
            0);
  EXPECT_EQ(run_shell(test::shell_quoted(tool) + " render " + test::shell_quoted(dir / "tube.aem") + " -o " +
                          test::shell_quoted(dir / "tube.png") + " 2>&1",
                      &out),
            1);
  EXPECT_NE(out.find("the renderer module aem-render.so is missing"), std::string::npos) << out;
  EXPECT_NE(out.find((dir / "libexec" / "aem" / "aem-render.so").string()), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "tube.png"));
}

}  // namespace
}  // namespace aem
