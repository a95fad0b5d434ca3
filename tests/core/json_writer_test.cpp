// JsonWriter, the library's JSON output for the tools and the browser page: commas between elements at
// every nesting level, escaped strings, null for numbers JSON cannot hold, and a diagnostic's fields.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/json_writer.hpp"

namespace aem {
namespace {

TEST(JsonWriter, NestsWithCommasBetweenElementsOnly) {
  detail::JsonWriter j;
  j.begin_object()
      .value("a", 1)
      .begin_array("b")
      .value({}, "x\"y\\")
      .value({}, true)
      .begin_object()
      .end_object()
      .end_array();
  j.value("c", std::uint64_t{18446744073709551615u}).end_object();
  EXPECT_EQ(j.str(), R"({"a":1,"b":["x\"y\\",true,{}],"c":18446744073709551615})");
}

TEST(JsonWriter, NumbersJsonCannotHoldAreNull) {
  detail::JsonWriter j;
  j.begin_array()
      .value({}, 0.5)
      .value({}, std::nan(""))
      .value({}, -std::numeric_limits<double>::infinity())
      .value({}, std::int64_t{-3})
      .end_array();
  EXPECT_EQ(j.str(), "[0.5,null,null,-3]");
}

TEST(JsonWriter, DiagnosticHasItsLocationOnlyWhenKnown) {
  const Diagnostic at_byte{.code = "AEM_BAD_COUNT",
                           .format = "AEM",
                           .file = "m.aem",
                           .offset = 84,
                           .path = "meshes[2]",
                           .message = "too many"};
  const Diagnostic at_line{
      .code = "IQE_BAD_NUMBER", .format = "IQE", .file = "m.iqe", .line = 7, .message = "not a number"};
  detail::JsonWriter j;
  j.begin_object();
  diagnostic_json(j, at_byte, "error");
  j.begin_array("warnings");
  diagnostic_json(j, at_line);
  j.end_array().end_object();
  EXPECT_EQ(
      j.str(),
      R"({"error":{"code":"AEM_BAD_COUNT","format":"AEM","file":"m.aem","message":"too many","path":"meshes[2]","offset":84},)"
      R"("warnings":[{"code":"IQE_BAD_NUMBER","format":"IQE","file":"m.iqe","message":"not a number","path":"","line":7}]})");
}

}  // namespace
}  // namespace aem
