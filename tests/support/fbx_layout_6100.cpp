// The FBX 6.1 layout: objects are named "Class::Name" and connected by those names, the scene root being
// "Model::Scene"; a mesh's data, its blend shapes (Shape records) and their weights (Model properties named
// after the shapes) live in its Model; textures connect to the Model and a LayerElementTexture picks one
// per polygon; animation is a Take per stack holding, per Model, Channel trees ("Transform" > "T" > "X")
// whose keys are flat (time, value, mode, mode parameters...) lists.
#include <algorithm>
#include <stdexcept>

#include "support/fbx_layout.hpp"

namespace aem::test::fbx::detail {
namespace {

ObjectName model_name(const Node& node) { return {"Model", node.name}; }

class LegacyLayout {
 public:
  explicit LegacyLayout(const Document& doc) : doc_(doc) {}

  std::vector<Record> build() {
    Record objects{"Objects", {}, {}};
    Record connections{"Connections", {}, {}};
    objects_ = &objects;
    connections_ = &connections;
    for (const auto& node : doc_.nodes) add_node(node);
    for (const auto& m : doc_.materials) add_material(m);
    Record& settings = objects.add("GlobalSettings");
    settings.add("Version", std::int32_t{1000});
    settings.children.push_back(properties_record(global_settings_properties(doc_), kVersion));

    std::vector<Record> top;
    Record& header = top.emplace_back(Record{"FBXHeaderExtension", {}, {}});
    header.add("FBXHeaderVersion", std::int32_t{1003});
    header.add("FBXVersion", std::int32_t{kVersion});
    header.add("Creator", std::string(kCreator));
    top.push_back(Record{"Creator", {std::string(kCreator)}, {}});
    top.push_back(definitions(objects, {}));
    top.push_back(std::move(objects));
    top.push_back(std::move(connections));
    top.push_back(takes_record(doc_, [this](Record& t, const Take& take) { add_take_models(t, take); }));
    return top;
  }

 private:
  static constexpr int kVersion = 6100;

  void oo(ObjectName src, ObjectName dst) {
    connections_->add("Connect", std::string("OO"), std::move(src), std::move(dst));
  }

  /// The textured materials of a node, in the order its LayerElementTexture numbers them.
  std::vector<int> node_textures(const Node& node) const {
    std::vector<int> out;
    for (int m : node.materials)
      if (doc_.materials.at(static_cast<std::size_t>(m)).has_diffuse_texture &&
          std::find(out.begin(), out.end(), m) == out.end())
        out.push_back(m);
    return out;
  }

  void add_node(const Node& node) {
    Record& model = objects_->add("Model", model_name(node), std::string(model_sub_type(node.type)));
    model.add("Version", std::int32_t{232});
    std::vector<Property> props = model_properties(node);
    if (node.type == NodeType::Skeleton)
      props.push_back(number_property("Size", "double", "Number", "", node.skeleton_size));
    if (node.type == NodeType::Mesh)
      // Each blend channel's weight is a Model property named after its Shape.
      for (const auto& channel : node.mesh.blend_channels)
        props.push_back(number_property(channel.name, "Number", "", "A", channel.deform_percent));
    model.children.push_back(properties_record(props, kVersion));
    model.add("MultiLayer", std::int32_t{0});
    model.add("MultiTake", std::int32_t{0});
    model.add("Shading", Char{'T'});
    model.add("Culling", std::string("CullingOff"));
    if (node.type == NodeType::Mesh)
      add_mesh(model, node);
    else
      model.add("TypeFlags", std::string(node.type == NodeType::Skeleton ? "Skeleton" : "Null"));

    oo(model_name(node), node.parent < 0 ? ObjectName{"Model", "Scene"}
                                         : model_name(doc_.nodes.at(static_cast<std::size_t>(node.parent))));
    for (int m : node.materials)
      oo({"Material", doc_.materials.at(static_cast<std::size_t>(m)).name}, model_name(node));
    for (int m : node_textures(node))
      oo({"Texture", doc_.materials[static_cast<std::size_t>(m)].diffuse_texture.name}, model_name(node));
    if (node.type == NodeType::Mesh && node.mesh.has_skin) add_skin(node);
  }

  void add_mesh(Record& model, const Node& node) {
    add_mesh_data(model, node);
    const std::vector<int> textures = node_textures(node);
    if (!textures.empty()) {
      const auto texture_of = [&](int material_slot) -> std::int32_t {
        if (material_slot < 0 || static_cast<std::size_t>(material_slot) >= node.materials.size()) return -1;
        const auto it =
            std::find(textures.begin(), textures.end(), node.materials[static_cast<std::size_t>(material_slot)]);
        return it == textures.end() ? -1 : static_cast<std::int32_t>(it - textures.begin());
      };
      const bool all_same = node.mesh.polygon_materials.empty();
      std::vector<std::int32_t> ids;
      if (all_same) ids.push_back(texture_of(0));
      for (int slot : node.mesh.polygon_materials) ids.push_back(texture_of(slot));
      Record& e = model.add("LayerElementTexture", std::int32_t{0});
      e.add("Version", std::int32_t{101});
      e.add("Name", std::string());
      e.add("MappingInformationType", std::string(all_same ? "AllSame" : "ByPolygon"));
      e.add("ReferenceInformationType", std::string("IndexToDirect"));
      e.add("BlendMode", std::string("Normal"));
      e.add("TextureAlpha", 1.0);
      e.add("TextureId", std::move(ids));
    }
    add_layer(model);
    for (const auto& channel : node.mesh.blend_channels) {
      if (channel.targets.size() != 1)
        throw std::invalid_argument("fbx_builder: FBX 6.1 has one shape per blend channel: " + channel.name);
      const ShapeTarget& t = channel.targets[0];
      // FBX 6.1 names the Shape after its channel: the Model property of that name is its weight.
      Record& shape = model.add("Shape", channel.name);
      shape.add("Indexes", std::vector<std::int32_t>(t.indices.begin(), t.indices.end()));
      shape.add("Vertices", flatten(t.offsets));
      if (!t.normal_offsets.empty()) shape.add("Normals", flatten(t.normal_offsets));
    }
  }

  void add_skin(const Node& node) {
    const ObjectName skin{"Deformer", "Skin " + node.name};
    Record& r = objects_->add("Deformer", skin, std::string("Skin"));
    r.add("Version", std::int32_t{100});
    r.add("Link_DeformAcuracy", 50.0);
    oo(skin, model_name(node));
    for (const auto& c : node.mesh.skin.clusters) {
      const Node& bone = doc_.nodes.at(static_cast<std::size_t>(c.bone));
      const ObjectName cluster_name{"SubDeformer", "Cluster " + node.name + " " + bone.name};
      add_cluster_contents(objects_->add("Deformer", cluster_name, std::string("Cluster")), c);
      oo(cluster_name, skin);
      oo(model_name(bone), cluster_name);
    }
    const auto& entries = node.mesh.skin.bind_pose;
    if (entries.empty()) return;
    Record& pose = objects_->add("Pose", ObjectName{"Pose", "BindPose " + node.name}, std::string("BindPose"));
    pose.add("Type", std::string("BindPose"));
    pose.add("Version", std::int32_t{100});
    pose.add("NbPoseNodes", static_cast<std::int32_t>(entries.size()));
    for (const auto& e : entries) {
      Record& entry = pose.add("PoseNode");
      entry.add("Node", model_name(doc_.nodes.at(static_cast<std::size_t>(e.node))));
      entry.add("Matrix", to_vector(e.world));
    }
  }

  void add_material(const Material& m) {
    add_material_contents(objects_->add("Material", ObjectName{"Material", m.name}, std::string()), m, kVersion);
    if (!m.has_diffuse_texture) return;
    const Texture& t = m.diffuse_texture;
    add_video_contents(objects_->add("Video", ObjectName{"Video", t.name}, std::string("Clip")), t, kVersion);
    add_texture_contents(objects_->add("Texture", ObjectName{"Texture", t.name}, std::string()), t, kVersion);
    oo({"Video", t.name}, {"Texture", t.name});
  }

  /// `Key:` values: per key its time, value and mode — L (linear), C then s|n (constant, holding this
  /// key's or the next key's value), U s then right slope, next left slope, n (cubic, unweighted).
  static void add_keys(Record& channel, double default_value, const std::vector<Key>& keys) {
    channel.add("Default", default_value);
    if (keys.empty()) return;
    channel.add("KeyVer", std::int32_t{4005});
    channel.add("KeyCount", static_cast<std::int32_t>(keys.size()));
    Record& key = channel.add("Key");
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const Key& k = keys[i];
      key.values.insert(key.values.end(), {to_ticks(k.time), k.value});
      switch (k.interpolation) {
        case Interpolation::Linear:
          key.values.push_back(Char{'L'});
          break;
        case Interpolation::Constant:
          key.values.insert(key.values.end(), {Char{'C'}, Char{'s'}});
          break;
        case Interpolation::ConstantNext:
          key.values.insert(key.values.end(), {Char{'C'}, Char{'n'}});
          break;
        case Interpolation::Cubic: {
          const double next_left = i + 1 < keys.size() ? keys[i + 1].left_slope : 0.0;
          key.values.insert(key.values.end(), {Char{'U'}, Char{'s'}, k.right_slope, next_left, Char{'n'}});
          break;
        }
      }
    }
  }

  /// Per node with tracks in the take, in node order, a Model record of its channels.
  void add_take_models(Record& take_record, const Take& take) const {
    for (std::size_t n = 0; n < doc_.nodes.size(); ++n) {
      std::vector<const Track*> tracks;
      for (const auto& track : take.tracks)
        if (static_cast<std::size_t>(track.node) == n) tracks.push_back(&track);
      if (!tracks.empty()) add_take_model(take_record, doc_.nodes[n], tracks);
    }
  }

  static void add_take_model(Record& take, const Node& node, const std::vector<const Track*>& tracks) {
    static constexpr const char* kComponents[] = {"X", "Y", "Z"};
    static constexpr const char* kShort[] = {"T", "R", "S"};
    Record& model = take.add("Model", model_name(node));
    model.add("Version", 1.1);
    Record* transform = nullptr;
    for (const Track* track : tracks) {
      if (track->channel == Channel::DeformPercent) continue;
      if (!transform) transform = &model.add("Channel", std::string("Transform"));
      const auto c = static_cast<std::size_t>(track->channel);
      Record& trs = transform->add("Channel", std::string(kShort[c]));
      // Every component is written, in X, Y, Z order: a reader takes them by position.
      for (int k = 0; k < 3; ++k)
        add_keys(trs.add("Channel", std::string(kComponents[k])), static_component(node, track->channel, k),
                 track->components[static_cast<std::size_t>(k)]);
      trs.add("LayerType", static_cast<std::int32_t>(c + 1));
    }
    for (const Track* track : tracks) {
      if (track->channel != Channel::DeformPercent) continue;
      const BlendChannel& channel = node.mesh.blend_channels.at(static_cast<std::size_t>(track->blend_channel));
      add_keys(model.add("Channel", channel.name), channel.deform_percent, track->components[0]);
    }
  }

  const Document& doc_;
  Record* objects_ = nullptr;
  Record* connections_ = nullptr;
};

}  // namespace

std::vector<Record> legacy_layout(const Document& doc) { return LegacyLayout(doc).build(); }

}  // namespace aem::test::fbx::detail
