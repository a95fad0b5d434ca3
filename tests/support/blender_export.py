# Blender's own exporters as a second implementation for the tests (support/blender.hpp):
#   blender -b --factory-startup --python blender_export.py -- SOURCE.glb OUT...
# imports SOURCE with Blender's glTF importer and writes it once per OUT, the exporter chosen by the
# extension (.obj, .dae, .fbx with its images embedded), with each exporter's default settings; an FBX
# named *-z-up.fbx is written Z up, +Y forward (the FBX exporter's axes; its default is Y up, -Z forward).
import os
import sys

import numpy

numpy.bool = bool  # Blender 3.4's glTF importer uses the alias NumPy 1.24 removed

import bpy

source, *outputs = sys.argv[sys.argv.index("--") + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=source)
for out in outputs:
    ext = os.path.splitext(out)[1].lower()
    if ext == ".obj":
        bpy.ops.wm.obj_export(filepath=out)
    elif ext == ".dae":
        bpy.ops.wm.collada_export(filepath=out)
    elif ext == ".fbx":
        axes = dict(axis_up="Z", axis_forward="Y") if out.endswith("-z-up.fbx") else {}
        bpy.ops.export_scene.fbx(filepath=out, path_mode="COPY", embed_textures=True, **axes)
    else:
        sys.exit("no exporter for " + out)
    if not os.path.isfile(out):
        sys.exit("Blender wrote no " + out)
