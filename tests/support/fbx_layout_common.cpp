// What the FBX 6.1 and FBX 7 layouts share: property lists, mesh data records and static values.
#include <map>
#include <stdexcept>

#include "support/fbx_layout.hpp"

namespace aem::test::fbx::detail {

Property vector_property(std::string name, std::string type, std::string label, std::string flags, const Vec3& v) {
  return {std::move(name), std::move(type), std::move(label), std::move(flags), {v[0], v[1], v[2]}};
}

Property int_property(std::string name, std::string type, std::string label, std::int32_t v) {
  return {std::move(name), std::move(type), std::move(label), "", {v}};
}

Property number_property(std::string name, std::string type, std::string label, std::string flags, double v) {
  return {std::move(name), std::move(type), std::move(label), std::move(flags), {v}};
}

Record properties_record(const std::vector<Property>& props, int version) {
  const bool legacy = version < 7000;
  Record r{legacy ? "Properties60" : "Properties70", {}, {}};
  for (const auto& p : props) {
    Record& entry = legacy ? r.add("Property", p.name, p.type, p.flags) : r.add("P", p.name, p.type, p.label, p.flags);
    entry.values.insert(entry.values.end(), p.values.begin(), p.values.end());
  }
  return r;
}

const char* model_sub_type(NodeType type) {
  switch (type) {
    case NodeType::Null:
      break;
    case NodeType::Skeleton:
      return "LimbNode";
    case NodeType::Mesh:
      return "Mesh";
  }
  return "Null";
}

std::vector<Property> model_properties(const Node& node) {
  return {
      vector_property("RotationOffset", "Vector3D", "Vector", "", node.rotation_offset),
      vector_property("RotationPivot", "Vector3D", "Vector", "", node.rotation_pivot),
      vector_property("ScalingOffset", "Vector3D", "Vector", "", node.scaling_offset),
      vector_property("ScalingPivot", "Vector3D", "Vector", "", node.scaling_pivot),
      int_property("RotationOrder", "enum", "", static_cast<std::int32_t>(node.rotation_order)),
      vector_property("PreRotation", "Vector3D", "Vector", "", node.pre_rotation),
      vector_property("PostRotation", "Vector3D", "Vector", "", node.post_rotation),
      // FBX applies pre/post rotation and the rotation order only while RotationActive is set.
      int_property("RotationActive", "bool", "", 1),
      int_property("InheritType", "enum", "", static_cast<std::int32_t>(node.inherit_type)),
      vector_property("GeometricTranslation", "Vector3D", "Vector", "", node.geometric_translation),
      vector_property("GeometricRotation", "Vector3D", "Vector", "", node.geometric_rotation),
      vector_property("GeometricScaling", "Vector3D", "Vector", "", node.geometric_scaling),
      int_property("DefaultAttributeIndex", "int", "Integer", 0),
      vector_property("Lcl Translation", "Lcl Translation", "", "A", node.translation),
      vector_property("Lcl Rotation", "Lcl Rotation", "", "A", node.rotation),
      vector_property("Lcl Scaling", "Lcl Scaling", "", "A", node.scaling),
      number_property("Visibility", "Visibility", "", "A", 1.0),
  };
}

std::vector<Property> global_settings_properties(const Document& doc) {
  const GlobalSettings& s = doc.settings;
  std::int64_t span_start = 0, span_stop = 0;
  for (const auto& take : doc.takes)
    if (take.name == doc.active_take) span_start = to_ticks(take.start), span_stop = to_ticks(take.stop);
  return {
      int_property("UpAxis", "int", "Integer", s.up_axis),
      int_property("UpAxisSign", "int", "Integer", s.up_axis_sign),
      int_property("FrontAxis", "int", "Integer", s.front_axis),
      int_property("FrontAxisSign", "int", "Integer", s.front_axis_sign),
      int_property("CoordAxis", "int", "Integer", s.coord_axis),
      int_property("CoordAxisSign", "int", "Integer", s.coord_axis_sign),
      int_property("OriginalUpAxis", "int", "Integer", s.up_axis),
      int_property("OriginalUpAxisSign", "int", "Integer", s.up_axis_sign),
      number_property("UnitScaleFactor", "double", "Number", "", s.unit_scale_factor),
      number_property("OriginalUnitScaleFactor", "double", "Number", "", s.unit_scale_factor),
      int_property("TimeMode", "enum", "", static_cast<std::int32_t>(s.time_mode)),
      {"TimeSpanStart", "KTime", "Time", "", {span_start}},
      {"TimeSpanStop", "KTime", "Time", "", {span_stop}},
      number_property("CustomFrameRate", "double", "Number", "", s.custom_frame_rate),
  };
}

Record definitions(const Record& objects, const std::vector<std::string>& also_counted) {
  std::map<std::string, std::int32_t> counts;
  for (const auto& name : also_counted) ++counts[name];
  for (const auto& o : objects.children) ++counts[o.name];
  Record r{"Definitions", {}, {}};
  r.add("Version", std::int32_t{100});
  std::int32_t total = 0;
  for (const auto& [type, count] : counts) total += count;
  r.add("Count", total);
  for (const auto& [type, count] : counts) r.add("ObjectType", type).add("Count", count);
  return r;
}

void add_material_contents(Record& r, const Material& m, int version) {
  r.add("Version", std::int32_t{102});
  r.add("ShadingModel", std::string("lambert"));
  r.add("MultiLayer", std::int32_t{0});
  r.children.push_back(properties_record({{"ShadingModel", "KString", "", "", {std::string("Lambert")}},
                                          vector_property("DiffuseColor", "Color", "", "A", m.diffuse_color),
                                          number_property("DiffuseFactor", "Number", "", "A", 1.0)},
                                         version));
}

void add_video_contents(Record& r, const Texture& t, int version) {
  r.add("Type", std::string("Clip"));
  r.children.push_back(properties_record({{"Path", "KString", "XRefUrl", "", {t.file_name}}}, version));
  r.add("UseMipMap", std::int32_t{0});
  r.add("Filename", t.file_name);
  r.add("RelativeFilename", t.relative_file_name);
  if (!t.content.empty()) r.add("Content", Raw{t.content});
}

void add_texture_contents(Record& r, const Texture& t, int version) {
  r.add("Type", std::string("TextureVideoClip"));
  r.add("Version", std::int32_t{202});
  r.add("TextureName", ObjectName{"Texture", t.name});
  r.children.push_back(properties_record(
      {{"UVSet", "KString", "", "", {std::string("map1")}}, int_property("UseMaterial", "bool", "", 1)}, version));
  r.add("Media", ObjectName{"Video", t.name});
  r.add("FileName", t.file_name);
  r.add("RelativeFilename", t.relative_file_name);
}

void add_cluster_contents(Record& r, const Cluster& c) {
  r.add("Version", std::int32_t{100});
  r.add("UserData", std::string(), std::string());
  r.add("Indexes", std::vector<std::int32_t>(c.indices.begin(), c.indices.end()));
  r.add("Weights", c.weights);
  r.add("Transform", to_vector(c.transform));
  r.add("TransformLink", to_vector(c.transform_link));
}

namespace {

std::vector<std::int32_t> polygon_vertex_index(const Mesh& mesh) {
  std::vector<std::int32_t> out;
  for (const auto& polygon : mesh.polygons) {
    for (int index : polygon) out.push_back(index);
    // The last corner of a polygon is stored as -(index + 1), i.e. its bitwise complement.
    if (!polygon.empty()) out.back() = ~out.back();
  }
  return out;
}

void add_layer_element(Record& geometry, const char* element, const char* values_name, const char* index_name,
                       std::string set_name, std::vector<double> values, const std::vector<int>& indices) {
  Record& e = geometry.add(element, std::int32_t{0});
  e.add("Version", std::int32_t{101});
  e.add("Name", std::move(set_name));
  e.add("MappingInformationType", std::string("ByPolygonVertex"));
  e.add("ReferenceInformationType", std::string(indices.empty() ? "Direct" : "IndexToDirect"));
  e.add(values_name, std::move(values));
  if (!indices.empty()) e.add(index_name, std::vector<std::int32_t>(indices.begin(), indices.end()));
}

}  // namespace

void add_mesh_data(Record& geometry, const Node& node) {
  const Mesh& mesh = node.mesh;
  geometry.add("Vertices", flatten(mesh.positions));
  geometry.add("PolygonVertexIndex", polygon_vertex_index(mesh));
  geometry.add("GeometryVersion", std::int32_t{124});
  if (!mesh.normals.empty())
    add_layer_element(geometry, "LayerElementNormal", "Normals", "NormalsIndex", "", flatten(mesh.normals),
                      mesh.normal_indices);
  if (!mesh.uvs.empty()) {
    std::vector<double> uv;
    for (const auto& t : mesh.uvs) uv.insert(uv.end(), t.begin(), t.end());
    add_layer_element(geometry, "LayerElementUV", "UV", "UVIndex", mesh.uv_set, std::move(uv), mesh.uv_indices);
  }
  if (!node.materials.empty()) {
    const bool all_same = mesh.polygon_materials.empty();
    Record& e = geometry.add("LayerElementMaterial", std::int32_t{0});
    e.add("Version", std::int32_t{101});
    e.add("Name", std::string());
    e.add("MappingInformationType", std::string(all_same ? "AllSame" : "ByPolygon"));
    e.add("ReferenceInformationType", std::string("IndexToDirect"));
    e.add("Materials", all_same
                           ? std::vector<std::int32_t>{0}
                           : std::vector<std::int32_t>(mesh.polygon_materials.begin(), mesh.polygon_materials.end()));
  }
}

void add_layer(Record& geometry) {
  Record layer{"Layer", {std::int32_t{0}}, {}};
  layer.add("Version", std::int32_t{100});
  for (const auto& child : geometry.children) {
    if (child.name.rfind("LayerElement", 0) != 0) continue;
    Record& entry = layer.add("LayerElement");
    entry.add("Type", child.name);
    entry.add("TypedIndex", std::int32_t{0});
  }
  geometry.children.push_back(std::move(layer));
}

double static_component(const Node& node, Channel channel, int component) {
  switch (channel) {
    case Channel::Translation:
      return node.translation[component];
    case Channel::Rotation:
      return node.rotation[component];
    case Channel::Scaling:
      return node.scaling[component];
    case Channel::DeformPercent:
      break;
  }
  throw std::logic_error("fbx_builder: DeformPercent has no node component");
}

std::vector<double> flatten(const std::vector<Vec3>& v) {
  std::vector<double> out;
  out.reserve(v.size() * 3);
  for (const auto& e : v) out.insert(out.end(), e.begin(), e.end());
  return out;
}

std::vector<double> to_vector(const Matrix& m) { return {m.begin(), m.end()}; }

}  // namespace aem::test::fbx::detail
