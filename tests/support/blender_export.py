# Blender's own exporters as a second implementation for the tests (support/blender.hpp):
#   blender -b --factory-startup -noaudio --python blender_export.py -- SOURCE.glb OUT... [+ SOURCE.glb OUT...]...
# imports each SOURCE into an empty scene with Blender's glTF importer and writes it once per OUT that
# follows it, the exporter chosen by the extension (.obj, .dae, .fbx with its images embedded), with
# each exporter's default settings. An FBX name may end in options, in any order before ".fbx":
#   -z-up      written Z up, +Y forward (the FBX exporter's default is Y up, -Z forward);
#   -one-take  "All Actions" and "NLA Strips" off, as an artist exporting one clip sets them: one take
#              named after the scene, holding every object's and every shape key's active action from
#              the scene's first frame (Blender's default, 1) to the last frame any action keys (the
#              scene's end frame is set to it for this file; Blender's default is 250).
# An OUT ending in ".legacy.aem" is written as the 2022 AEM add-on wrote its files (legacy_aem_export.py).
import math
import os
import sys

import numpy

numpy.bool = bool  # Blender 3.4's glTF importer uses the alias NumPy 1.24 removed

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from legacy_aem_export import write_legacy_aem  # noqa: E402 (beside this script, found once the path is set)

FBX_OPTIONS = ("-z-up", "-one-take")


def fbx_options(path):
    stem, found = os.path.splitext(path)[0], set()
    while True:
        option = next((o for o in FBX_OPTIONS if stem.endswith(o)), None)
        if option is None:
            return found
        found.add(option)
        stem = stem[: -len(option)]


def last_keyed_frame():
    ends = [action.frame_range[1] for action in bpy.data.actions]
    return math.ceil(max(ends) - 1e-3) if ends else bpy.context.scene.frame_end


def export_fbx(out):
    options = fbx_options(out)
    settings = dict(filepath=out, path_mode="COPY", embed_textures=True)
    if "-z-up" in options:
        settings.update(axis_up="Z", axis_forward="Y")
    scene = bpy.context.scene
    frame_end = scene.frame_end
    if "-one-take" in options:
        settings.update(bake_anim_use_all_actions=False, bake_anim_use_nla_strips=False)
        scene.frame_end = last_keyed_frame()
    bpy.ops.export_scene.fbx(**settings)
    scene.frame_end = frame_end  # the next file of this source sees the scene as imported


def export(out):
    ext = os.path.splitext(out)[1].lower()
    if out.lower().endswith(".legacy.aem"):
        write_legacy_aem(out)
    elif ext == ".obj":
        bpy.ops.wm.obj_export(filepath=out)
    elif ext == ".dae":
        bpy.ops.wm.collada_export(filepath=out)
    elif ext == ".fbx":
        export_fbx(out)
    else:
        sys.exit("no exporter for " + out)
    if not os.path.isfile(out):
        sys.exit("Blender wrote no " + out)


args = sys.argv[sys.argv.index("--") + 1:]
groups = [[]]
for arg in args:
    if arg == "+":
        groups.append([])
    else:
        groups[-1].append(arg)
for source, *outputs in groups:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=source)
    for out in outputs:
        export(out)
