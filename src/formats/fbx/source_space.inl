// Part of the FBX reader's one translation unit (reader.cpp): the units and axes the file declared,
// kept as source notes (ufbx has already converted the numbers).

namespace aem::formats::fbx {
namespace {

std::optional<AxisDirection> axis_direction(ufbx_coordinate_axis a) {
  switch (a) {
    case UFBX_COORDINATE_AXIS_POSITIVE_X:
      return AxisDirection::PosX;
    case UFBX_COORDINATE_AXIS_NEGATIVE_X:
      return AxisDirection::NegX;
    case UFBX_COORDINATE_AXIS_POSITIVE_Y:
      return AxisDirection::PosY;
    case UFBX_COORDINATE_AXIS_NEGATIVE_Y:
      return AxisDirection::NegY;
    case UFBX_COORDINATE_AXIS_POSITIVE_Z:
      return AxisDirection::PosZ;
    case UFBX_COORDINATE_AXIS_NEGATIVE_Z:
      return AxisDirection::NegZ;
    default:
      return std::nullopt;
  }
}

void note_source_space(Build& b) {
  const ufbx_scene_settings& s = b.fbx.settings;
  SourceSpace space;
  if (s.original_unit_meters > 0) space.meters_per_unit = s.original_unit_meters;
  space.up = axis_direction(s.axes.up);
  space.front = axis_direction(s.axes.front);
  space.right = axis_direction(s.axes.right);
  aem::note_source_space(b.scene, space);
  b.scene.source_notes.push_back({"version", std::to_string(b.fbx.metadata.version / 1000) + "." +
                                                 std::to_string(b.fbx.metadata.version % 1000 / 100) +
                                                 (b.fbx.metadata.ascii ? " ASCII" : " binary")});
  if (b.fbx.metadata.creator.length > 0) b.scene.source_notes.push_back({"creator", to_string(b.fbx.metadata.creator)});
}

}  // namespace
}  // namespace aem::formats::fbx
