// `aem pose` prints, for every corpus AEM file and every dumped time, the reference libaem matrices.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <sstream>

#include "aem/aem_view.hpp"
#include "aem/legacy.hpp"
#include "support/aem_dump.hpp"
#include "support/corpus.hpp"

namespace aem {
namespace {

TEST(PoseCli, PrintsReferenceMatricesWithSevenSignificantDigits) {
  AEM_CORPUS_FILES(files, "aem", ".aem");
  std::size_t lines_checked = 0;
  for (const auto& file : files) {
    auto dump = test::parse_aem_dump(std::filesystem::path(file).replace_extension(".dump.txt"));
    auto model = AemModel::load(file);
    ASSERT_TRUE(model.ok());
    for (const auto& e : dump.evals) {
      const float t = e.frac * model->view().animations()[e.animation].duration;
      std::string out;
      ASSERT_EQ(test::run_cli(fmt::format("pose {} --anim {} --time {:.9g}", file.string(), e.animation, t), &out), 0)
          << out;
      std::istringstream lines(out);
      std::string line;
      std::size_t bone = 0;
      while (std::getline(lines, line)) {
        std::istringstream in(line);
        std::size_t index;
        in >> index;
        ASSERT_EQ(index, bone);
        ASSERT_LT(bone, e.bones.size());
        for (int k = 0; k < 16; ++k) {
          std::string text;
          in >> text;
          const float v = std::stof(text);
          EXPECT_TRUE(test::close_enough(v, e.bones[bone][k])) << file << " bone " << bone << " element " << k;
        }
        ++bone;
        ++lines_checked;
      }
      EXPECT_EQ(bone, e.bones.size());
    }
  }
  EXPECT_GT(lines_checked, 0u);
}

TEST(PoseCli, LegacyFilesPoseAsThe2022Viewer) {
  AEM_CORPUS_FILE(file, "aem-legacy/RiggedSimple.legacy.aem");
  auto dump = test::parse_aem_dump(file.parent_path() / "RiggedSimple.legacy-dump.txt");
  const auto bytes = test::read_bytes(file);
  auto view = LegacyView::validate(bytes);
  ASSERT_TRUE(view.ok());
  // The dump prints the last key time rounded (49); the file holds 48.999992.
  const float last_key = view->key_time(view->counts().keyframes - 1);
  for (const auto& e : dump.evals) {
    // Legacy times are Blender frames; aem pose takes seconds at the assumed 24 fps. The time is
    // printed with 9 digits and read back as the same float, so the frame is reproduced exactly.
    const float seconds = e.frac * last_key / 24.0f;
    std::string out;
    ASSERT_EQ(test::run_cli(fmt::format("pose {} --time {:.9g}", file.string(), seconds), &out), 0) << out;
    std::istringstream lines(out);
    for (std::size_t b = 0; b < e.bones.size(); ++b) {
      std::size_t index;
      lines >> index;
      ASSERT_EQ(index, b);
      for (int k = 0; k < 16; ++k) {
        float v;
        lines >> v;
        EXPECT_TRUE(test::close_enough(v, e.bones[b][k])) << "frac " << e.frac << " bone " << b << " element " << k;
      }
    }
  }
}

TEST(PoseCli, PrintsEnoughDigitsToRoundTripFloats) {
  // 9 significant digits identify a float exactly; 7 would be the minimum the issue asks for.
  AEM_CORPUS_FILE(file, "aem/RiggedSimple.aem");
  auto model = AemModel::load(file);
  ASSERT_TRUE(model.ok());
  std::string out;
  ASSERT_EQ(test::run_cli("pose " + file.string() + " --time 0.7", &out), 0);
  std::istringstream in(out.substr(out.find('\n', out.find("\n3 ")) + 1));  // bone 4's line
  std::size_t index;
  in >> index;
  std::string text;
  int long_values = 0;
  while (in >> text)
    if (text.find_first_not_of("-0.") != std::string::npos && text.size() >= 8) ++long_values;
  EXPECT_GT(long_values, 8) << out;
}

TEST(PoseCli, AFileWithoutAnimationsSaysSoAndGivesTheBindPose) {
  AEM_CORPUS_FILE(file, "aem/BoxTextured.aem");
  std::string out;
  EXPECT_EQ(test::run_cli("pose " + file.string() + " --anim walk --time 0", &out), 1) << out;
  EXPECT_NE(out.find("has no animations"), std::string::npos);
  EXPECT_EQ(test::run_cli("pose " + file.string() + " --anim -1 --time 0", &out), 0) << out;
  EXPECT_EQ(out, "0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1\n");
}

}  // namespace
}  // namespace aem
