// aem.ConvertReport: what one conversion did (aem.convert, Scene.write).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "aem/convert.hpp"

namespace aem::python {

struct ConversionReport {
  std::string input, output;
  std::string status;  ///< "converted", or "cached" (skipped: the cache vouched for the output)
  convert::ConvertReport report;
  std::vector<Warning> warnings;

  static ConversionReport converted(std::string input, std::string output, Result<convert::ConvertReport>&& result) {
    return {std::move(input), std::move(output), "converted", std::move(result.value()), std::move(result.warnings)};
  }
};

void bind_report(pybind11::module_& m);

}  // namespace aem::python
