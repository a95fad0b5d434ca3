// Parses IQE text into a Document (every command of iqe.txt plus vx; docs/formats/iqe.md §2 for details).
#pragma once

#include <string_view>

#include "formats/iqe/document.hpp"

namespace aem::formats::iqe {

/// Throws ParseError with the line number for a bad header, a face index outside the vertices, a
/// joint parent that is not an earlier joint, or vertex arrays of different lengths. A large text is
/// scanned on up to `threads` worker threads (0: one per hardware thread); 1 starts none.
Document parse(std::string_view text, unsigned threads = 1);

}  // namespace aem::formats::iqe
