# The Blender side of tests/blender: run by addon_test.cpp as
#   blender -b --factory-startup -noaudio --python addon_session.py -- ZIP AEM OUT CESIUMMAN INPUT...
# It installs and enables the add-on from its zip, imports each INPUT with import_scene.aem, exports
# CesiumMan to every format (the operator's defaults, welding included), exports a model it builds
# from scratch (also at a chosen frame rate), and tries a hostile file; an IQM whose texture is missing
# goes to IQM and AEM and a CEM with levels of detail and tag points back to CEM. It only records what
# happened, one fact per line in OUT/report.txt; the C++ test judges the facts.
import math
import os
import sys

import bpy
from mathutils import Matrix

zip_path, aem_path, out_dir, cesium_man, *inputs = sys.argv[sys.argv.index("--") + 1:]
report = open(os.path.join(out_dir, "report.txt"), "w")


def record(*words):
    report.write(" ".join(str(w) for w in words) + "\n")
    report.flush()


def clear_scene():
    for collection in (bpy.data.objects, bpy.data.meshes, bpy.data.armatures, bpy.data.actions):
        for item in list(collection):
            collection.remove(item)


def call(operator, **arguments):
    """Runs an operator; returns (result, error message). Blender turns an ERROR report into RuntimeError."""
    try:
        return ",".join(sorted(operator(**arguments))), ""
    except RuntimeError as error:
        return "CANCELLED", str(error).replace("\n", " ")


bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="aem_io")
bpy.context.preferences.addons["aem_io"].preferences.aem_path = aem_path
record("enabled", int("aem_io" in bpy.context.preferences.addons), int(hasattr(bpy.ops.import_scene, "aem")),
       int(hasattr(bpy.ops.export_scene, "aem")))

for path in inputs:
    clear_scene()
    result, error = call(bpy.ops.import_scene.aem, filepath=path)
    # Coarser levels of detail come as hidden objects of their own: the model is the other meshes.
    meshes = [o for o in bpy.data.objects if o.type == "MESH" and "aem_lod" not in o.keys()]
    vertices = triangles = shape_keys = 0
    for o in meshes:
        o.data.calc_loop_triangles()
        vertices += len(o.data.vertices)
        triangles += len(o.data.loop_triangles)
        shape_keys += len(o.data.shape_keys.key_blocks) if o.data.shape_keys else 0
    armatures = sum(1 for o in bpy.data.objects if o.type == "ARMATURE")
    record("import", os.path.basename(path), "result=" + result, "meshes=%d" % len(meshes), "vertices=%d" % vertices,
           "triangles=%d" % triangles, "armatures=%d" % armatures, "actions=%d" % len(bpy.data.actions),
           "shape_keys=%d" % shape_keys, "error=" + error)

clear_scene()
result, error = call(bpy.ops.import_scene.aem, filepath=cesium_man)
record("import_cesium", "result=" + result, "vertices=%d" % sum(len(o.data.vertices) for o in bpy.data.objects if o.type == "MESH"),
       "error=" + error)
for extension in ("aem", "iqm", "iqe", "cem", "e3d"):
    target = os.path.join(out_dir, "cesium." + extension)
    result, error = call(bpy.ops.export_scene.aem, filepath=target)
    record("export", extension, "result=" + result, "error=" + error)


def build_three_bone_model():
    """A 1x1x3 column skinned to a chain of three bones along +Z; over 1 s the middle bone turns 30°
    about Z and the top bone bends 90° about X, so every bone has its own skin matrix."""
    clear_scene()
    scene = bpy.context.scene
    scene.render.fps, scene.frame_start, scene.frame_end = 24, 0, 24
    armature = bpy.data.armatures.new("Rig")
    rig = bpy.data.objects.new("Rig", armature)
    scene.collection.objects.link(rig)
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    parent = None
    for index, name in enumerate(("root", "middle", "top")):
        bone = armature.edit_bones.new(name)
        bone.head, bone.tail = (0, 0, index), (0, 0, index + 1)
        bone.parent, bone.use_connect = parent, parent is not None
        parent = bone
    bpy.ops.object.mode_set(mode="OBJECT")

    vertices = [(x, y, z) for z in range(4) for y in (-0.5, 0.5) for x in (-0.5, 0.5)]
    faces = []
    for z in range(3):
        a, b = 4 * z, 4 * (z + 1)
        faces += [(a, a + 1, b + 1, b), (a + 1, a + 3, b + 3, b + 1), (a + 3, a + 2, b + 2, b + 3), (a + 2, a, b, b + 2)]
    faces += [(0, 2, 3, 1), (12, 13, 15, 14)]
    mesh = bpy.data.meshes.new("Column")
    mesh.from_pydata(vertices, [], faces)
    column = bpy.data.objects.new("Column", mesh)
    scene.collection.objects.link(column)
    column.parent = rig
    column.modifiers.new("Armature", "ARMATURE").object = rig
    groups = {name: column.vertex_groups.new(name=name) for name in ("root", "middle", "top")}
    for i, (_, _, z) in enumerate(vertices):
        groups[("root", "middle", "top", "top")[z]].add([i], 1.0, "REPLACE")

    rig.animation_data_create()
    rig.animation_data.action = bpy.data.actions.new("Bend")
    for name, axis, turn in (("middle", "Y", math.pi / 6), ("top", "X", math.pi / 2)):
        bone = rig.pose.bones[name]
        bone.rotation_mode = "QUATERNION"
        for frame, angle in ((0, 0.0), (24, turn)):
            bone.rotation_quaternion = Matrix.Rotation(angle, 4, axis).to_quaternion()
            bone.keyframe_insert("rotation_quaternion", frame=frame)
    return rig


def y_up(matrix):
    """Blender's Z-up model space as glTF's Y-up: x stays, y becomes -z, z becomes y."""
    turn = Matrix(((1, 0, 0, 0), (0, 0, 1, 0), (0, -1, 0, 0), (0, 0, 0, 1)))
    return turn @ matrix @ turn.inverted()


rig = build_three_bone_model()
target = os.path.join(out_dir, "scratch.aem")
result, error = call(bpy.ops.export_scene.aem, filepath=target)
record("export_scratch", "result=" + result, "error=" + error)
# The frame-based formats resample an animation (glTF gives no frame rate) at the operator's rate.
for extension in ("iqm", "iqe", "cem"):
    result, error = call(bpy.ops.export_scene.aem, filepath=os.path.join(out_dir, "scratch_10fps." + extension), fps=10.0)
    record("export_rate", extension, "result=" + result, "error=" + error)
bpy.context.scene.frame_set(24)
for bone in rig.pose.bones:
    skin = y_up(rig.matrix_world @ bone.matrix @ (rig.matrix_world @ bone.bone.matrix_local).inverted())
    record("expected_skin", bone.name, *("%.7f" % skin[r][c] for c in range(4) for r in range(4)))

# What glTF has no place for survives import and export (docs/formats/gltf.md §4). fixit.iqm is
# mrfixit.iqm's case: its material "Body.tga" names an image that is not there. tagged.cem has levels
# of detail and tag points. Both are made by run_session.sh.
clear_scene()
result, error = call(bpy.ops.import_scene.aem, filepath=os.path.join(out_dir, "fixit.iqm"))
materials = sorted({m.name for o in bpy.data.objects if o.type == "MESH" for m in o.data.materials if m})
record("fixit_import", "result=" + result, "materials=" + ",".join(materials), "error=" + error)
for extension in ("iqm", "aem"):
    result, error = call(bpy.ops.export_scene.aem, filepath=os.path.join(out_dir, "fixit2." + extension))
    record("fixit_export", extension, "result=" + result, "error=" + error)
clear_scene()
result, error = call(bpy.ops.import_scene.aem, filepath=os.path.join(out_dir, "tagged.cem"))
levels = [o for o in bpy.data.objects if "aem_lod" in o.keys()]
record("tagged_import", "result=" + result, "lod_objects=%d" % len(levels), "hidden=%d" % sum(o.hide_get() for o in levels),
       "tag_empties=%d" % sum(1 for o in bpy.data.objects if o.type == "EMPTY" and "aem_tag" in o.keys()), "error=" + error)
result, error = call(bpy.ops.export_scene.aem, filepath=os.path.join(out_dir, "tagged2.cem"))
record("tagged_export", "cem", "result=" + result, "error=" + error)

hostile = os.path.join(out_dir, "hostile.iqm")
with open(hostile, "wb") as f:
    f.write(b"INTERQUAKEMODEL\0" + (2).to_bytes(4, "little") + b"\xff" * 100)
clear_scene()
result, error = call(bpy.ops.import_scene.aem, filepath=hostile)
record("hostile", "result=" + result, "error=" + error)
record("done")
