// Keyframes are checked eight at a time (ScanKernels::keys_valid) over the runs of keys that share a
// channel, read by read (SectionScan): a fault must be found at every key and word, in every lane, in
// a block's last pair and in the tail, by each kernel set and for reads of any length; a time that
// falls where a channel starts is no fault. The expectations come from the format's rules, restated
// here one key at a time.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

#include "formats/aem/section_scan.hpp"

namespace aem::detail {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

/// `n` keys whose times rise by 0.25 (every fourth one repeats the time before it) and whose values
/// are finite.
std::vector<aem_file::Keyframe> rising_keys(std::size_t n) {
  std::vector<aem_file::Keyframe> keys(n);
  float t = -3.0f;
  for (std::size_t k = 0; k < n; ++k) {
    if (k % 4 != 3) t += 0.25f;
    keys[k] = {t, {0.5f * static_cast<float>(k), -1.0f, 1e30f, -0.0f}};
  }
  return keys;
}

/// The rule, key by key: every float finite, no time below the one before it.
bool valid_by_rule(const std::vector<aem_file::Keyframe>& keys) {
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!std::isfinite(keys[k].time)) return false;
    for (float v : keys[k].value)
      if (!std::isfinite(v)) return false;
    if (k > 0 && keys[k].time < keys[k - 1].time) return false;
  }
  return true;
}

class KeysValid : public testing::TestWithParam<const ScanKernels*> {
 protected:
  bool check(const std::vector<aem_file::Keyframe>& keys) const {
    return GetParam()->keys_valid(reinterpret_cast<const std::uint8_t*>(keys.data()), keys.size());
  }
};

// Up to five blocks of eight and every tail length: each key's time made to fall, to equal the one
// before it, and each of its words made non-finite.
TEST_P(KeysValid, FindsEveryFallingTimeAndNonFiniteWord) {
  for (std::size_t n = 0; n <= 41; ++n) {
    const auto clean = rising_keys(n);
    ASSERT_TRUE(valid_by_rule(clean));
    EXPECT_TRUE(check(clean)) << n << " keys";
    for (std::size_t k = 0; k < n; ++k) {
      SCOPED_TRACE(testing::Message() << n << " keys, key " << k);
      auto keys = clean;
      if (k > 0) {
        keys[k].time = std::nextafter(keys[k - 1].time, -kInf);
        EXPECT_FALSE(check(keys)) << "falls below the key before";
        keys[k].time = keys[k - 1].time;
        ASSERT_TRUE(valid_by_rule(keys));
        EXPECT_TRUE(check(keys)) << "equals the key before";
      }
      if (k + 1 < n) {
        keys = clean;
        keys[k].time = std::nextafter(keys[k + 1].time, kInf);
        EXPECT_FALSE(check(keys)) << "rises above the key after";
      }
      for (int w = 0; w < 5; ++w)
        for (float bad : {kInf, -kInf, kNaN}) {
          keys = clean;
          float* words = &keys[k].time;
          words[w] = bad;
          EXPECT_FALSE(check(keys)) << "word " << w << " is " << bad;
        }
    }
  }
}

TEST_P(KeysValid, SignedZerosAndDenormalsAreOrderedAsNumbers) {
  auto keys = rising_keys(17);
  keys[8].time = -0.0f;  // equal to +0: not a fall
  keys[9].time = 0.0f;
  keys[10].time = std::numeric_limits<float>::denorm_min();
  for (std::size_t k = 0; k < 8; ++k) keys[k].time = -1.0f;
  for (std::size_t k = 11; k < keys.size(); ++k) keys[k].time = 1.0f;
  EXPECT_TRUE(check(keys));
  keys[9].time = -std::numeric_limits<float>::denorm_min();  // below -0
  EXPECT_FALSE(check(keys));
}

INSTANTIATE_TEST_SUITE_P(Kernels, KeysValid, testing::Values(&ScanKernels::portable(), &ScanKernels::best()),
                         [](const auto& info) { return info.param == &ScanKernels::portable() ? "Portable" : "Best"; });

/// A file's sequences and keyframes sections: `channels` channels of the given key counts, stored one
/// after the other with each channel's times starting again from 0, three channels to a sequence,
/// and `unused` keys at the end that no channel holds.
struct Keyed {
  std::vector<std::byte> bytes;
  std::uint32_t sequences, keyframes;
  std::uint64_t keys_offset;

  Keyed(const std::vector<std::uint32_t>& channels, std::uint32_t unused) {
    sequences = static_cast<std::uint32_t>((channels.size() + 2) / 3);
    std::vector<aem_file::Sequence> seqs(sequences, aem_file::Sequence{});
    std::vector<aem_file::Keyframe> keys;
    for (std::size_t c = 0; c < channels.size(); ++c) {
      aem_file::Sequence& sq = seqs[c / 3];
      const auto first = static_cast<std::uint32_t>(keys.size());
      if (c % 3 == 0) sq.first_position = first, sq.position_count = channels[c];
      if (c % 3 == 1) sq.first_rotation = first, sq.rotation_count = channels[c];
      if (c % 3 == 2) sq.first_scale = first, sq.scale_count = channels[c];
      for (std::uint32_t k = 0; k < channels[c]; ++k)
        keys.push_back({0.5f * static_cast<float>(k), {1.0f, 2.0f, 3.0f, static_cast<float>(c)}});
    }
    for (std::uint32_t k = 0; k < unused; ++k) keys.push_back({-9.0f, {}});
    keyframes = static_cast<std::uint32_t>(keys.size());
    keys_offset = sizeof(aem_file::Sequence) * seqs.size();
    bytes.resize(keys_offset + sizeof(aem_file::Keyframe) * keys.size());
    std::memcpy(bytes.data(), seqs.data(), keys_offset);
    std::memcpy(bytes.data() + keys_offset, keys.data(), sizeof(aem_file::Keyframe) * keys.size());
  }
  void put_word(std::uint32_t key, int word, float f) {
    std::memcpy(bytes.data() + keys_offset + sizeof(aem_file::Keyframe) * key + 4 * word, &f, 4);
  }
  float time(std::uint32_t key) const {
    float t;
    std::memcpy(&t, bytes.data() + keys_offset + sizeof(aem_file::Keyframe) * key, 4);
    return t;
  }
  /// The scan's verdict after reads of `step` bytes (the whole section at once for 0).
  bool passes(const ScanKernels& kernels, std::size_t step) const {
    SectionScan s(0, 0, 0, 0, kernels);
    s.with_keyframes(sequences, keyframes, keys_offset);
    for (std::size_t end = step; step > 0 && end < bytes.size(); end += step) s.advance(std::span(bytes).first(end));
    s.advance(bytes);
    return s.keyframes_passed(sequences, keyframes);
  }
};

class KeyframeScan : public testing::TestWithParam<const ScanKernels*> {};

// Channels of 0 to 40 keys: short ones, ones ending inside a block of eight, ones spanning several.
const std::vector<std::uint32_t> kChannels = {1, 9, 0, 2, 17, 8, 40, 3, 16, 5};
const std::size_t kSteps[] = {0, 1, 19, 20, 21, 160, 333};

TEST_P(KeyframeScan, TimesStartingAgainWhereAChannelStartsPassInReadsOfAnyLength) {
  const Keyed f(kChannels, 3);
  for (std::size_t step : kSteps) EXPECT_TRUE(f.passes(*GetParam(), step)) << "reads of " << step;
}

TEST_P(KeyframeScan, ATimeFallingInsideAChannelFailsWhereverItIs) {
  const Keyed clean(kChannels, 0);
  for (std::uint32_t k = 1; k < clean.keyframes; ++k) {
    if (!(clean.time(k) > clean.time(k - 1))) continue;  // k starts a channel
    Keyed f = clean;
    f.put_word(k, 0, clean.time(k - 1) - 0.125f);
    for (std::size_t step : kSteps) EXPECT_FALSE(f.passes(*GetParam(), step)) << "key " << k << ", reads of " << step;
  }
}

TEST_P(KeyframeScan, ANonFiniteWordFailsInEveryKeyHeldOrNot) {
  const Keyed clean(kChannels, 3);
  for (std::uint32_t k = 0; k < clean.keyframes; ++k)
    for (int w = 0; w < 5; ++w) {
      Keyed f = clean;
      f.put_word(k, w, w % 2 ? kNaN : -kInf);
      for (std::size_t step : {0u, 20u, 333u})
        EXPECT_FALSE(f.passes(*GetParam(), step)) << "key " << k << " word " << w << ", reads of " << step;
    }
}

TEST_P(KeyframeScan, AChannelRunningPastTheKeyframesFails) {
  Keyed f({4, 4, 4}, 0);
  const std::uint32_t past = f.keyframes - 3;  // the scale channel's 4 keys would end one past the last
  std::memcpy(f.bytes.data() + offsetof(aem_file::Sequence, first_scale), &past, 4);
  EXPECT_FALSE(f.passes(*GetParam(), 0));
}

INSTANTIATE_TEST_SUITE_P(Kernels, KeyframeScan, testing::Values(&ScanKernels::portable(), &ScanKernels::best()),
                         [](const auto& info) { return info.param == &ScanKernels::portable() ? "Portable" : "Best"; });

}  // namespace
}  // namespace aem::detail
