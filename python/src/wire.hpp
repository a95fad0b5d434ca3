// The bytes a conversion's result travels in from the child process (isolated.cpp): a flat encoding of
// Result<ConvertReport>, read back with every length checked.
#pragma once

#include <optional>
#include <string>

#include "aem/convert.hpp"

namespace aem::python {

std::string encode(const Result<convert::ConvertReport>& result);
/// The result `bytes` encode, or nullopt when they are not a whole encoding.
std::optional<Result<convert::ConvertReport>> decode(const std::string& bytes);

}  // namespace aem::python
