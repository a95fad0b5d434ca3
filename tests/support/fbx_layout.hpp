// How a Document becomes FBX records: what FBX 6.1 and FBX 7 share (property lists, record contents, mesh data) and
// the two layouts (fbx_layout_6100.cpp, fbx_layout_7000.cpp). Internal to the FBX builder.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/fbx_builder.hpp"
#include "support/fbx_tree.hpp"

namespace aem::test::fbx::detail {

inline constexpr const char* kCreator = "aem test fbx_builder";

/// One entry of a Properties60 (`Property: name, type, flags, values`) or Properties70 (`P: name, type,
/// label, flags, values`) list.
struct Property {
  std::string name, type, label, flags;
  std::vector<Value> values;
};

Property vector_property(std::string name, std::string type, std::string label, std::string flags, const Vec3& v);
Property int_property(std::string name, std::string type, std::string label, std::int32_t v);
Property number_property(std::string name, std::string type, std::string label, std::string flags, double v);

/// A Properties60 record before FBX 7, Properties70 from it.
Record properties_record(const std::vector<Property>& props, int version);

/// A Model's sub-type: "Null", "LimbNode" or "Mesh".
const char* model_sub_type(NodeType type);
std::vector<Property> model_properties(const Node& node);
std::vector<Property> global_settings_properties(const Document& doc);

/// `Definitions`: how many records of each name `objects` holds, plus one of each of `also_counted`.
Record definitions(const Record& objects, const std::vector<std::string>& also_counted);

/// `Takes`: `Current` and a `Take` per take with its name, file and times; `fill` adds to each Take.
template <typename Fill>
Record takes_record(const Document& doc, Fill fill) {
  Record r{"Takes", {}, {}};
  r.add("Current", doc.active_take);
  for (const auto& take : doc.takes) {
    Record& t = r.add("Take", take.name);
    t.add("FileName", take.name + ".tak");
    t.add("LocalTime", to_ticks(take.start), to_ticks(take.stop));
    t.add("ReferenceTime", to_ticks(take.start), to_ticks(take.stop));
    fill(t, take);
  }
  return r;
}

// The contents (everything after the record's name and id) of objects both layouts write alike.
void add_material_contents(Record& r, const Material& m, int version);
void add_video_contents(Record& r, const Texture& t, int version);
void add_texture_contents(Record& r, const Texture& t, int version);
void add_cluster_contents(Record& r, const Cluster& c);

/// The mesh's Vertices, PolygonVertexIndex and LayerElement* records (normals, UVs, materials when the node
/// has any), appended to `geometry`. FBX 6.1 writes them into the Model, FBX 7 into the Geometry.
void add_mesh_data(Record& geometry, const Node& node);

/// The `Layer: 0` record listing every LayerElement* child of `geometry` (call after adding them all).
void add_layer(Record& geometry);

/// Track components whose values are node properties: the node's static value of that component.
double static_component(const Node& node, Channel channel, int component);

std::vector<double> flatten(const std::vector<Vec3>& v);
std::vector<double> to_vector(const Matrix& m);

/// The FBX 6.1 records, top level.
std::vector<Record> legacy_layout(const Document& doc);
/// The FBX 7.x records, top level.
std::vector<Record> modern_layout(const Document& doc, int version);

}  // namespace aem::test::fbx::detail
