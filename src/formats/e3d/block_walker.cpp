// Block headers, LZMA expansion and the depth guard.
#include "formats/e3d/block_walker.hpp"

#include "formats/e3d/e3d_blocks.hpp"
#include "formats/e3d/lzma_codec.hpp"

namespace aem::formats::e3d {
namespace {

/// Counts nesting for the duration of one walk.
struct DepthGuard {
  int& depth;
  DepthGuard(int& d, const detail::ByteReader& r) : depth(d) {
    if (++depth > kMaxDepth)
      r.fail("E3D_TOO_DEEP", "blocks nest more than " + std::to_string(kMaxDepth) + " levels deep");
  }
  ~DepthGuard() { --depth; }
};

std::vector<std::byte> decode_lzma_block(ReadContext& ctx, BlockRef& block) {
  detail::ByteReader& r = block.payload;
  const std::uint32_t size = r.u32("LZMA uncompressed size");
  const auto props = r.bytes(kLzmaPropsSize, "LZMA properties");
  if (size > ctx.decode_budget)
    detail::fail_at("E3D", "E3D_LZMA_TOO_LARGE", block.offset,
                    "LZMA block declares " + std::to_string(size) + " uncompressed bytes; only " +
                        std::to_string(ctx.decode_budget) + " remain of the read's decompression limit");
  ctx.decode_budget -= size;
  ++ctx.lzma_blocks;
  ctx.lzma_bytes += size;
  auto stream = r.bytes(r.remaining(), "LZMA stream");
  LzmaDecoded decoded =
      lzma_decode(std::span<const std::byte, kLzmaPropsSize>(props.data(), kLzmaPropsSize), stream, size);
  if (!decoded.ok) detail::fail_at("E3D", "E3D_LZMA_CORRUPT", block.offset, "LZMA block: " + decoded.error);
  return std::move(decoded.data);
}

void walk_decoded(ReadContext& ctx, BlockRef& lzma, const std::function<void(BlockRef&)>& visit) {
  const std::vector<std::byte> data = decode_lzma_block(ctx, lzma);
  detail::ByteReader inner(data, "E3D");
  ctx.lzma_offsets.push_back(lzma.offset);
  try {
    walk_blocks(ctx, inner, visit);
    ctx.lzma_offsets.pop_back();
  } catch (detail::ParseError& e) {
    ctx.lzma_offsets.pop_back();
    auto& d = e.diagnostic;
    d.message = "at byte " + std::to_string(d.offset.value_or(0)) +
                " of the data decompressed from the LZMA block here: " + d.message;
    d.offset = lzma.offset;
    throw;
  }
}

}  // namespace

Where ReadContext::where(std::uint64_t offset) const {
  Where w{offset, {}};
  if (!lzma_offsets.empty()) w.lzma = lzma_offsets.front();
  w.nested = lzma_offsets.size() > 1;
  return w;
}

void ReadContext::warn(std::string code, const Where& at, std::string message) {
  if (warnings.size() >= kMaxWarnings) {
    ++suppressed;
    return;
  }
  if (at.lzma)
    message = "at byte " + std::to_string(at.offset) + " of the data decompressed from " +
              (at.nested ? "an LZMA block nested in the one here: " : "the LZMA block here: ") + message;
  warnings.push_back(Warning{
      .code = std::move(code), .format = "E3D", .offset = at.lzma.value_or(at.offset), .message = std::move(message)});
}

namespace {

std::string too_large(std::uint64_t bytes, std::uint64_t budget, std::string_view what) {
  return std::string(what) + " would take " + std::to_string(bytes) + " more bytes; only " + std::to_string(budget) +
         " remain of the read's limit (ReadOptions::max_decoded_bytes)";
}

}  // namespace

void ReadContext::charge(std::uint64_t bytes, std::uint64_t offset, std::string_view what) {
  if (bytes > decode_budget) detail::fail_at("E3D", "E3D_TOO_LARGE", offset, too_large(bytes, decode_budget, what));
  decode_budget -= bytes;
}

void ReadContext::charge(std::uint64_t bytes, const Where& at, std::string_view what) {
  if (bytes <= decode_budget) {
    decode_budget -= bytes;
    return;
  }
  std::string message = too_large(bytes, decode_budget, what);
  if (at.lzma)
    message = "at byte " + std::to_string(at.offset) + " of the data decompressed from the LZMA block here: " + message;
  detail::fail_at("E3D", "E3D_TOO_LARGE", at.lzma.value_or(at.offset), std::move(message));
}

void walk_blocks(ReadContext& ctx, detail::ByteReader& container, const std::function<void(BlockRef&)>& visit) {
  DepthGuard guard(ctx.depth, container);
  while (container.remaining() >= kBlockHeaderSize) {
    const std::uint64_t at = container.file_offset();
    const std::uint16_t type = container.u16("block type");
    const std::uint32_t size = container.u32("block size");
    if (size < kBlockHeaderSize)
      detail::fail_at("E3D", "E3D_BAD_BLOCK_SIZE", at,
                      "block " + block_label(type) + " declares size " + std::to_string(size) +
                          ", less than its own 6-byte header");
    if (size - kBlockHeaderSize > container.remaining())
      detail::fail_at("E3D", "E3D_BLOCK_OVERRUN", at,
                      "block " + block_label(type) + " declares size " + std::to_string(size) +
                          " but its container has only " + std::to_string(container.remaining() + kBlockHeaderSize) +
                          " bytes left from here");
    BlockRef block{type, at, container.sub(size - kBlockHeaderSize, "block payload")};
    if (type == kLzma)
      walk_decoded(ctx, block, visit);
    else
      visit(block);
  }
}

}  // namespace aem::formats::e3d
