// Section parsers: each reads one top-level section's payload into the RawFile, checking every
// count against the bytes present (ParseError on anything that cannot be read).
#pragma once

#include "formats/e3d/block_walker.hpp"
#include "formats/e3d/e3d_model.hpp"

namespace aem::formats::e3d {

void parse_meshes(ReadContext& ctx, BlockRef& section, RawFile& file);
void parse_nodes(ReadContext& ctx, BlockRef& section, RawFile& file);
void parse_materials(ReadContext& ctx, BlockRef& section, RawFile& file);
void parse_textures(ReadContext& ctx, BlockRef& section, RawFile& file);
void parse_animations(ReadContext& ctx, BlockRef& section, RawFile& file);

/// Warns E3D_UNKNOWN_BLOCK for a block this parser does not know inside `container` (skipped).
void skip_unknown(ReadContext& ctx, const BlockRef& b, const char* container);

/// Walks a section whose blocks are all of one kind: `parse_item` gets each block of type `item`,
/// anything else is skipped with a warning naming `container`.
template <class ParseItem>
void walk_items(ReadContext& ctx, BlockRef& section, std::uint16_t item, const char* container,
                ParseItem&& parse_item) {
  walk_blocks(ctx, section.payload, [&](BlockRef& b) {
    if (b.type == item)
      parse_item(b);
    else
      skip_unknown(ctx, b, container);
  });
}

}  // namespace aem::formats::e3d
