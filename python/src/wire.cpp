#include "wire.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace aem::python {
namespace {

class Writer {
 public:
  template <class T>
  void put(const T& value) requires std::is_arithmetic_v<T> {
    out_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void put(const std::string& text) {
    put<std::uint64_t>(text.size());
    out_ += text;
  }
  template <class T>
  void put(const std::optional<T>& value) {
    put<std::uint8_t>(value.has_value());
    if (value) put(*value);
  }
  void put(const Diagnostic& d) {
    put(d.code), put(d.format), put(d.file), put(d.offset), put(d.line), put(d.column), put(d.path), put(d.message);
  }
  void put(const convert::AnimationKeys& k) {
    put(k.keys_before), put(k.keys_after), put(k.bytes_before), put(k.bytes_after), put(k.bound), put(k.largest_error),
        put(k.check_ms);
  }
  template <class T>
  void put_all(const std::vector<T>& items) {
    put<std::uint64_t>(items.size());
    for (const auto& item : items) put(item);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

/// Reads what Writer wrote; every read fails (and stays failed) past the end.
class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == bytes_.size(); }

  template <class T>
  void get(T& value) requires std::is_arithmetic_v<T> {
    if (!take(sizeof value)) return;
    std::memcpy(&value, bytes_.data() + at_ - sizeof value, sizeof value);
  }
  void get(std::string& text) {
    std::uint64_t size = 0;
    get(size);
    if (!ok_ || size > bytes_.size() - at_) return fail();
    text.assign(bytes_, at_, size);
    at_ += size;
  }
  template <class T>
  void get(std::optional<T>& value) {
    std::uint8_t present = 0;
    get(present);
    if (present) get(value.emplace());
  }
  void get(Diagnostic& d) {
    get(d.code), get(d.format), get(d.file), get(d.offset), get(d.line), get(d.column), get(d.path), get(d.message);
  }
  void get(convert::AnimationKeys& k) {
    get(k.keys_before), get(k.keys_after), get(k.bytes_before), get(k.bytes_after), get(k.bound), get(k.largest_error),
        get(k.check_ms);
  }
  template <class T>
  void get_all(std::vector<T>& items) {
    std::uint64_t count = 0;
    get(count);
    // Each item takes at least one byte: a count past the bytes left is damage, not a reason to allocate.
    if (!ok_ || count > bytes_.size() - at_) return fail();
    items.resize(count);
    for (auto& item : items) get(item);
  }

 private:
  bool take(std::size_t n) {
    if (!ok_ || n > bytes_.size() - at_) {
      fail();
      return false;
    }
    at_ += n;
    return true;
  }
  void fail() { ok_ = false; }
  const std::string& bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

std::vector<std::string> strings(const std::vector<std::filesystem::path>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) out.push_back(p.string());
  return out;
}

}  // namespace

std::string encode(const Result<convert::ConvertReport>& result) {
  Writer w;
  w.put<std::uint8_t>(result.ok());
  w.put_all(result.warnings);
  if (!result) {
    w.put(result.error());
    return w.take();
  }
  const convert::ConvertReport& r = result.value();
  w.put<std::uint64_t>(r.steps.size());
  for (const auto& s : r.steps) w.put(s.step), w.put(s.milliseconds);
  w.put(r.input_format), w.put(r.output_format), w.put(r.input_bytes), w.put(r.output_bytes);
  w.put<std::uint64_t>(r.vertices), w.put<std::uint64_t>(r.triangles), w.put<std::uint64_t>(r.joints),
      w.put<std::uint64_t>(r.animations);
  w.put_all(strings(r.textures_written));
  w.put_all(r.files_read);
  w.put(r.animation_keys);
  return w.take();
}

std::optional<Result<convert::ConvertReport>> decode(const std::string& bytes) {
  Reader in(bytes);
  std::uint8_t ok = 0;
  std::vector<Warning> warnings;
  in.get(ok);
  in.get_all(warnings);
  std::optional<Result<convert::ConvertReport>> out;
  if (!ok) {
    Diagnostic error;
    in.get(error);
    out.emplace(std::move(error));
  } else {
    convert::ConvertReport r;
    std::uint64_t steps = 0, vertices = 0, triangles = 0, joints = 0, animations = 0;
    in.get(steps);
    if (!in.ok() || steps > bytes.size()) return std::nullopt;
    r.steps.resize(steps);
    for (auto& s : r.steps) in.get(s.step), in.get(s.milliseconds);
    in.get(r.input_format), in.get(r.output_format), in.get(r.input_bytes), in.get(r.output_bytes);
    in.get(vertices), in.get(triangles), in.get(joints), in.get(animations);
    r.vertices = vertices, r.triangles = triangles, r.joints = joints, r.animations = animations;
    std::vector<std::string> textures;
    in.get_all(textures);
    r.textures_written.assign(textures.begin(), textures.end());
    in.get_all(r.files_read);
    in.get(r.animation_keys);
    out.emplace(std::move(r));
  }
  if (!in.ok() || !in.at_end()) return std::nullopt;
  out->warnings = std::move(warnings);
  return out;
}

}  // namespace aem::python
