// Where a streaming writer puts a file's bytes, so that the whole file never has to be in memory.
#pragma once

#include <cstddef>
#include <span>

namespace aem {

/// Receives a file's bytes in order, a piece at a time. `put` returns false when it could not store
/// them (disk full, ...): the writer then stops, and whatever the sink received is not a whole file.
class ByteSink {
 public:
  virtual bool put(std::span<const std::byte> bytes) = 0;

 protected:
  ~ByteSink() = default;
};

}  // namespace aem
