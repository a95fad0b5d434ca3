// The FBX 7.x layout: every object has a 64-bit id; a Model's geometry and node attribute are objects of
// their own; Connections join ids (OO: object to object, OP: object to a property); animation is
// AnimationStack <- AnimationLayer <- AnimationCurveNode (one per animated property) <- AnimationCurve (one
// per animated component).
#include <bit>
#include <map>

#include "support/fbx_layout.hpp"

namespace aem::test::fbx::detail {
namespace {

// KeyAttrFlags bits.
constexpr std::int32_t kConstant = 0x2, kLinear = 0x4, kCubic = 0x8, kConstantNext = 0x100, kTangentUser = 0x400,
                       kTangentBroken = 0x800;
// KeyAttrDataFloat's third float holds both tangent weights as 1/10000ths: 3333 each (the unweighted 1/3).
constexpr std::uint32_t kDefaultWeights = 3333u << 16 | 3333u;

class ModernLayout {
 public:
  ModernLayout(const Document& doc, int version) : doc_(doc), version_(version) {}

  std::vector<Record> build() {
    Record objects{"Objects", {}, {}};
    Record connections{"Connections", {}, {}};
    objects_ = &objects;
    connections_ = &connections;
    for (std::size_t i = 0; i < doc_.nodes.size(); ++i) model_ids_.push_back(next_id_++);
    for (std::size_t i = 0; i < doc_.nodes.size(); ++i) add_node(static_cast<int>(i));
    for (std::size_t i = 0; i < doc_.materials.size(); ++i) add_material(static_cast<int>(i));
    for (std::size_t i = 0; i < doc_.nodes.size(); ++i)
      for (int m : doc_.nodes[i].materials) oo(material_ids_.at(static_cast<std::size_t>(m)), model_ids_[i]);
    for (const auto& take : doc_.takes) add_take(take);

    std::vector<Record> top;
    Record& header = top.emplace_back(Record{"FBXHeaderExtension", {}, {}});
    header.add("FBXHeaderVersion", std::int32_t{1003});
    header.add("FBXVersion", std::int32_t{version_});
    header.add("Creator", std::string(kCreator));
    Record& settings = top.emplace_back(Record{"GlobalSettings", {}, {}});
    settings.add("Version", std::int32_t{1000});
    settings.children.push_back(properties_record(global_settings_properties(doc_), version_));
    top.push_back(documents());
    top.push_back(Record{"References", {}, {}});
    top.push_back(definitions(objects, {"GlobalSettings"}));
    top.push_back(std::move(objects));
    top.push_back(std::move(connections));
    top.push_back(takes_record(doc_, [](Record&, const Take&) {}));
    return top;
  }

 private:
  Record& object(const char* record, std::int64_t id, const char* type, std::string name, std::string sub_type) {
    return objects_->add(record, id, ObjectName{type, std::move(name)}, std::move(sub_type));
  }
  void oo(std::int64_t src, std::int64_t dst) { connections_->add("C", std::string("OO"), src, dst); }
  void op(std::int64_t src, std::int64_t dst, std::string prop) {
    connections_->add("C", std::string("OP"), src, dst, std::move(prop));
  }

  Record documents() const {
    Record r{"Documents", {}, {}};
    r.add("Count", std::int32_t{1});
    Record& document = r.add("Document", kDocumentId, std::string(), std::string("Scene"));
    document.children.push_back(properties_record(
        {{"SourceObject", "object", "", "", {}}, {"ActiveAnimStackName", "KString", "", "", {doc_.active_take}}},
        version_));
    document.add("RootNode", std::int64_t{0});
    return r;
  }

  void add_node(int index) {
    const Node& node = doc_.nodes[static_cast<std::size_t>(index)];
    const std::int64_t model_id = model_ids_[static_cast<std::size_t>(index)];
    const std::int64_t attribute_id = next_id_++;
    if (node.type == NodeType::Mesh) {
      add_geometry(index, attribute_id);
    } else {
      const bool skeleton = node.type == NodeType::Skeleton;
      Record& attribute = object("NodeAttribute", attribute_id, "NodeAttribute", node.name, model_sub_type(node.type));
      if (skeleton)
        attribute.children.push_back(
            properties_record({number_property("Size", "double", "Number", "", node.skeleton_size)}, version_));
      attribute.add("TypeFlags", std::string(skeleton ? "Skeleton" : "Null"));
    }
    Record& model = object("Model", model_id, "Model", node.name, model_sub_type(node.type));
    model.add("Version", std::int32_t{232});
    model.children.push_back(properties_record(model_properties(node), version_));
    model.add("Shading", Char{'T'});
    model.add("Culling", std::string("CullingOff"));
    oo(attribute_id, model_id);
    oo(model_id, node.parent < 0 ? 0 : model_ids_.at(static_cast<std::size_t>(node.parent)));
  }

  void add_geometry(int index, std::int64_t geometry_id) {
    const Node& node = doc_.nodes[static_cast<std::size_t>(index)];
    Record& geometry = object("Geometry", geometry_id, "Geometry", node.name, "Mesh");
    add_mesh_data(geometry, node);
    add_layer(geometry);
    if (node.mesh.has_skin) add_skin(node, geometry_id);
    if (!node.mesh.blend_channels.empty()) add_blend_shape(index, geometry_id);
  }

  void add_skin(const Node& node, std::int64_t geometry_id) {
    const std::int64_t skin_id = next_id_++;
    Record& skin = object("Deformer", skin_id, "Deformer", node.name, "Skin");
    skin.add("Version", std::int32_t{101});
    skin.add("Link_DeformAcuracy", 50.0);
    skin.add("SkinningType", std::string("Linear"));
    oo(skin_id, geometry_id);
    for (const auto& c : node.mesh.skin.clusters) {
      const std::int64_t cluster_id = next_id_++;
      add_cluster_contents(
          object("Deformer", cluster_id, "SubDeformer", doc_.nodes[static_cast<std::size_t>(c.bone)].name, "Cluster"),
          c);
      oo(cluster_id, skin_id);
      oo(model_ids_.at(static_cast<std::size_t>(c.bone)), cluster_id);
    }
    const auto& pose_entries = node.mesh.skin.bind_pose;
    if (pose_entries.empty()) return;
    Record& pose = object("Pose", next_id_++, "Pose", node.name, "BindPose");
    pose.add("Type", std::string("BindPose"));
    pose.add("Version", std::int32_t{100});
    pose.add("NbPoseNodes", static_cast<std::int32_t>(pose_entries.size()));
    for (const auto& e : pose_entries) {
      Record& entry = pose.add("PoseNode");
      entry.add("Node", model_ids_.at(static_cast<std::size_t>(e.node)));
      entry.add("Matrix", to_vector(e.world));
    }
  }

  void add_blend_shape(int index, std::int64_t geometry_id) {
    const Node& node = doc_.nodes[static_cast<std::size_t>(index)];
    const std::int64_t deformer_id = next_id_++;
    object("Deformer", deformer_id, "Deformer", node.mesh.blend_shape_name, "BlendShape")
        .add("Version", std::int32_t{100});
    oo(deformer_id, geometry_id);
    for (std::size_t c = 0; c < node.mesh.blend_channels.size(); ++c) {
      const BlendChannel& channel = node.mesh.blend_channels[c];
      const std::int64_t channel_id = next_id_++;
      channel_ids_[{index, static_cast<int>(c)}] = channel_id;
      Record& r = object("Deformer", channel_id, "SubDeformer", channel.name, "BlendShapeChannel");
      r.add("Version", std::int32_t{100});
      r.children.push_back(
          properties_record({number_property("DeformPercent", "Number", "", "A", channel.deform_percent)}, version_));
      r.add("DeformPercent", channel.deform_percent);
      std::vector<double> full_weights;
      for (const auto& t : channel.targets) full_weights.push_back(t.full_weight);
      r.add("FullWeights", full_weights);
      oo(channel_id, deformer_id);
      for (const auto& t : channel.targets) {
        const std::int64_t shape_id = next_id_++;
        Record& shape = object("Geometry", shape_id, "Geometry", t.name, "Shape");
        shape.add("Version", std::int32_t{100});
        shape.add("Indexes", std::vector<std::int32_t>(t.indices.begin(), t.indices.end()));
        shape.add("Vertices", flatten(t.offsets));
        if (!t.normal_offsets.empty()) shape.add("Normals", flatten(t.normal_offsets));
        oo(shape_id, channel_id);
      }
    }
  }

  void add_material(int index) {
    const Material& m = doc_.materials[static_cast<std::size_t>(index)];
    const std::int64_t material_id = next_id_++;
    material_ids_.push_back(material_id);
    add_material_contents(object("Material", material_id, "Material", m.name, ""), m, version_);
    if (!m.has_diffuse_texture) return;
    const Texture& t = m.diffuse_texture;
    const std::int64_t texture_id = next_id_++, video_id = next_id_++;
    add_video_contents(object("Video", video_id, "Video", t.name, "Clip"), t, version_);
    add_texture_contents(object("Texture", texture_id, "Texture", t.name, ""), t, version_);
    oo(video_id, texture_id);
    op(texture_id, material_id, "DiffuseColor");
  }

  void add_take(const Take& take) {
    const std::int64_t stack_id = next_id_++, layer_id = next_id_++;
    Record& stack = object("AnimationStack", stack_id, "AnimStack", take.name, "");
    stack.children.push_back(properties_record({{"LocalStart", "KTime", "Time", "", {to_ticks(take.start)}},
                                                {"LocalStop", "KTime", "Time", "", {to_ticks(take.stop)}},
                                                {"ReferenceStart", "KTime", "Time", "", {to_ticks(take.start)}},
                                                {"ReferenceStop", "KTime", "Time", "", {to_ticks(take.stop)}}},
                                               version_));
    object("AnimationLayer", layer_id, "AnimLayer", "BaseLayer", "");
    oo(layer_id, stack_id);
    for (const auto& track : take.tracks) add_track(track, layer_id);
  }

  void add_track(const Track& track, std::int64_t layer_id) {
    static constexpr const char* kComponents[] = {"X", "Y", "Z"};
    const Node& node = doc_.nodes.at(static_cast<std::size_t>(track.node));
    const std::int64_t curve_node_id = next_id_++;
    std::vector<Property> defaults;
    std::vector<std::string> component_props;
    std::int64_t target_id = model_ids_.at(static_cast<std::size_t>(track.node));
    std::string target_prop, curve_node_name;
    if (track.channel == Channel::DeformPercent) {
      target_id = channel_ids_.at({track.node, track.blend_channel});
      target_prop = curve_node_name = "DeformPercent";
      component_props.push_back("d|DeformPercent");
      defaults.push_back(
          number_property("d|DeformPercent", "Number", "", "A",
                          node.mesh.blend_channels.at(static_cast<std::size_t>(track.blend_channel)).deform_percent));
    } else {
      static constexpr const char* kProps[] = {"Lcl Translation", "Lcl Rotation", "Lcl Scaling"};
      static constexpr const char* kShort[] = {"T", "R", "S"};
      const auto c = static_cast<std::size_t>(track.channel);
      target_prop = kProps[c];
      curve_node_name = kShort[c];
      for (int k = 0; k < 3; ++k) {
        component_props.push_back(std::string("d|") + kComponents[k]);
        defaults.push_back(
            number_property(component_props.back(), "Number", "", "A", static_component(node, track.channel, k)));
      }
    }
    object("AnimationCurveNode", curve_node_id, "AnimCurveNode", curve_node_name, "")
        .children.push_back(properties_record(defaults, version_));
    oo(curve_node_id, layer_id);
    op(curve_node_id, target_id, target_prop);
    for (std::size_t k = 0; k < component_props.size(); ++k) {
      const auto& keys = track.components[k];
      if (keys.empty()) continue;
      const std::int64_t curve_id = next_id_++;
      add_curve(curve_id, keys);
      op(curve_id, curve_node_id, component_props[k]);
    }
  }

  void add_curve(std::int64_t id, const std::vector<Key>& keys) {
    std::vector<std::int64_t> times;
    std::vector<float> values;
    std::vector<std::int32_t> flags, refs;
    FloatBits data;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const Key& k = keys[i];
      times.push_back(to_ticks(k.time));
      values.push_back(static_cast<float>(k.value));
      refs.push_back(1);
      const float next_left = i + 1 < keys.size() ? static_cast<float>(keys[i + 1].left_slope) : 0.0f;
      switch (k.interpolation) {
        case Interpolation::Constant:
          flags.push_back(kConstant);
          break;
        case Interpolation::ConstantNext:
          flags.push_back(kConstant | kConstantNext);
          break;
        case Interpolation::Linear:
          flags.push_back(kLinear);
          break;
        case Interpolation::Cubic:
          flags.push_back(kCubic | kTangentUser | (k.left_slope != k.right_slope ? kTangentBroken : 0));
          break;
      }
      // RightSlope, NextLeftSlope, the packed weights, velocities (none).
      data.values.insert(data.values.end(),
                         {static_cast<float>(k.right_slope), next_left, std::bit_cast<float>(kDefaultWeights), 0.0f});
    }
    Record& curve = object("AnimationCurve", id, "AnimCurve", "", "");
    curve.add("Default", 0.0);
    curve.add("KeyVer", std::int32_t{4009});
    curve.add("KeyTime", std::move(times));
    curve.add("KeyValueFloat", std::move(values));
    curve.add("KeyAttrFlags", std::move(flags));
    curve.add("KeyAttrDataFloat", std::move(data));
    curve.add("KeyAttrRefCount", std::move(refs));
  }

  static constexpr std::int64_t kDocumentId = 1000;

  const Document& doc_;
  int version_;
  std::int64_t next_id_ = 100001;
  std::vector<std::int64_t> model_ids_, material_ids_;
  std::map<std::pair<int, int>, std::int64_t> channel_ids_;
  Record* objects_ = nullptr;
  Record* connections_ = nullptr;
};

}  // namespace

std::vector<Record> modern_layout(const Document& doc, int version) { return ModernLayout(doc, version).build(); }

}  // namespace aem::test::fbx::detail
