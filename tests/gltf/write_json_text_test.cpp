// The glTF writer's JSON pieces, text by text: what each member call appends (expected texts written
// out by hand from the JSON grammar and the float rule: shortest digits that read back).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "formats/gltf/writer_document.hpp"

namespace aem::formats::gltf {
namespace {

TEST(GltfJsonText, MembersJoinWithCommasInTheOrderGiven) {
  const std::vector<float> floats{1.0f, -2.5f, 0.1f, std::numeric_limits<float>::infinity()};
  const std::vector<std::uint32_t> ints{0, 20, 4294967295u};
  JsonObject o;
  EXPECT_TRUE(o.empty());
  o.num("count", 3).num("half", 0.5).num("big", 1e15).num("huge", 1e16);
  o.floats("min", floats).ints("indices", ints).floats("none", {});
  o.str("name", "a \"q\"\\\n").raw("extras", "{}");
  EXPECT_EQ(o.text(),
            "{\"count\":3,\"half\":0.5,\"big\":1000000000000000,\"huge\":1e+16,\"min\":[1,-2.5,0.1,0],"
            "\"indices\":[0,20,4294967295],\"none\":[],\"name\":\"a \\\"q\\\"\\\\\\n\",\"extras\":{}}");
}

TEST(GltfJsonText, KeysAreQuotedLikeValues) {
  EXPECT_EQ(JsonObject().num("a\"b", -7).text(), "{\"a\\\"b\":-7}");
  EXPECT_EQ(JsonObject().str("k", std::string_view("\x01", 1)).text(), "{\"k\":\"\\u0001\"}");
}

TEST(GltfJsonText, ArraysOfElementTexts) {
  EXPECT_EQ(json_array({}), "[]");
  EXPECT_EQ(json_array({"{}", "1", "\"x\""}), "[{},1,\"x\"]");
  EXPECT_EQ(json_float(-0.25f), "-0.25");
}

}  // namespace
}  // namespace aem::formats::gltf
