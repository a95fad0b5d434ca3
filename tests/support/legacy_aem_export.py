# Writes Blender's current scene as a legacy (2022) AEM file, the layout and the numbers the 2022
# add-on wrote (docs/formats/aem.md §7-§8), so tests can make legacy files of any model Blender imports:
# world-space vertices, inverse binds inverse(armature world * bone rest), and per key, for each bone,
# its armature-space pose times the inverse of its parent's (the pose alone for a root). Key times are
# the action's key frames shifted to start at 0, sampled as the add-on did: at the shifted frame cut
# down to a whole frame (Blender's frame_set took the float the add-on passed as its integer part).
# Run inside Blender (blender_export.py calls write_legacy_aem for an OUT ending in ".legacy.aem").
import struct

import bpy


def matrix_floats(m):
    return [m[row][col] for col in range(4) for row in range(4)]  # column-major


def key_frames(armatures):
    frames = sorted({point.co.x for a in armatures if a.animation_data and a.animation_data.action
                     for curve in a.animation_data.action.fcurves for point in curve.keyframe_points})
    return [f - frames[0] for f in frames] if frames else [0.0]


def bone_list(armatures):
    bones = [(a, bone) for a in armatures for bone in a.data.bones]
    index = {(a.name, bone.name): i for i, (a, bone) in enumerate(bones)}
    parents = [index[(a.name, bone.parent.name)] if bone.parent else -1 for a, bone in bones]
    return bones, index, parents


def mesh_data(index):
    positions, normals, influences, triangles, mesh_triangles = [], [], [], [], []
    for obj in [o for o in bpy.context.scene.objects if o.type == "MESH"]:
        mesh = obj.to_mesh()
        mesh.calc_loop_triangles()
        armature = obj.find_armature()
        rotation = obj.matrix_world.to_3x3()
        first = len(positions)
        for v in mesh.vertices:
            positions.append(obj.matrix_world @ v.co)
            normals.append((rotation @ v.normal).normalized())
            pairs = []
            for g in v.groups:
                key = (armature.name, obj.vertex_groups[g.group].name) if armature else None
                if key in index and g.weight > 0:
                    pairs.append((index[key], g.weight))
            pairs = sorted(pairs, key=lambda p: -p[1])[:4]
            total = sum(w for _, w in pairs) or 1.0
            influences.append([(b, w / total) for b, w in pairs] + [(0, 0.0)] * (4 - len(pairs)))
        for t in mesh.loop_triangles:
            triangles.append([first + i for i in t.vertices])
        mesh_triangles.append(len(mesh.loop_triangles))
        obj.to_mesh_clear()
    return positions, normals, influences, triangles, mesh_triangles


def write_legacy_aem(out):
    scene = bpy.context.scene
    armatures = [o for o in scene.objects if o.type == "ARMATURE"]
    frames = key_frames(armatures)
    bones, index, parents = bone_list(armatures)
    positions, normals, influences, triangles, mesh_triangles = mesh_data(index)
    data = bytearray(b"AEM\x01")
    data += struct.pack("<5I", len(positions), len(triangles), len(mesh_triangles), len(bones), len(frames))
    for p, n, pairs in zip(positions, normals, influences):
        data += struct.pack("<11f", p.x, p.y, p.z, n.x, n.y, n.z, 0, 0, 0, 0, 0)
        data += struct.pack("<4I", *[b for b, _ in pairs]) + struct.pack("<4f", *[w for _, w in pairs])
    for t in triangles:
        data += struct.pack("<3I", *t)
    for count in mesh_triangles:
        data += struct.pack("<I", count)
    for (armature, bone), parent in zip(bones, parents):
        data += struct.pack("<16f", *matrix_floats((armature.matrix_world @ bone.matrix_local).inverted()))
        data += struct.pack("<i", parent)
    for frame in frames:
        scene.frame_set(int(frame))
        data += struct.pack("<f", frame)
        for armature, bone in bones:
            pose = armature.pose.bones[bone.name]
            key = pose.matrix @ pose.parent.matrix.inverted() if pose.parent else pose.matrix
            data += struct.pack("<16f", *matrix_floats(key))
    with open(out, "wb") as f:
        f.write(data)
