# File > Import and File > Export operators. Both go through a temporary .glb that is removed in every
# case; a failure of aem or of Blender's glTF add-on becomes one sentence in the report area.
# What glTF has no place for travels in glTF extras, which Blender keeps as custom properties and writes
# back (docs/formats/gltf.md §4): textures whose files were missing (material property
# "aem_missing_textures"), tag points (empties with "aem_tag") and coarser levels of detail (hidden
# child objects with "aem_lod"); aem reads them back into the model on export.
import os
import tempfile

import bpy
from bpy_extras.io_utils import ExportHelper, ImportHelper

from . import compat, preferences, tool


def _aem(context):
    return tool.find_aem(preferences.configured_aem_path(context))


def _hide_levels_of_detail(context):
    """The coarser levels of detail sit on the finest one: hidden, they stay out of the artist's way
    and are still exported (the glTF exporter takes hidden objects unless told to take visible ones)."""
    for obj in context.view_layer.objects:
        if "aem_lod" in obj.keys():
            obj.hide_set(True)


class ImportAem(bpy.types.Operator, ImportHelper):
    """Import a model that aem reads (AEM, IQE, IQM, CEM, E3D, glTF)"""

    bl_idname = "import_scene.aem"
    bl_label = "Import with aem"
    bl_options = {"REGISTER", "UNDO", "PRESET"}

    filename_ext = ""
    filter_glob: bpy.props.StringProperty(default="*" + ";*".join(tool.READ_EXTENSIONS), options={"HIDDEN"})
    scale: bpy.props.FloatProperty(name="Scale", description="Multiply every coordinate by this", default=1.0,
                                   min=1e-6, soft_max=1000.0)
    textures: bpy.props.BoolProperty(name="Textures", description="Bring the model's textures in", default=True)
    merge_vertices: bpy.props.BoolProperty(name="Merge vertices",
                                           description="Join vertices split only by normals or UVs (glTF importer)",
                                           default=False)

    def execute(self, context):
        try:
            aem = _aem(context)
            with tempfile.TemporaryDirectory(prefix="aem_import_") as folder:
                glb = os.path.join(folder, "model.glb")
                options = ["--lod-nodes"] + (["--scale", repr(self.scale)] if self.scale != 1.0 else [])
                if not self.textures:
                    options.append("--no-textures")
                # The intermediate .glb is the artist's file as far as any message goes.
                shown = {glb: self.filepath, folder: os.path.dirname(self.filepath)}
                for warning in tool.convert(aem, self.filepath, glb, options, shown):
                    self.report({"WARNING"}, warning)
                compat.restore_numpy_bool()
                result = bpy.ops.import_scene.gltf(filepath=glb, merge_vertices=self.merge_vertices)
                _hide_levels_of_detail(context)
        except tool.AemError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        except RuntimeError as error:  # Blender's glTF importer reports through an exception
            self.report({"ERROR"}, f"Blender's glTF importer failed on the converted {os.path.basename(self.filepath)}: {error}")
            return {"CANCELLED"}
        return result


class ExportAem(bpy.types.Operator, ExportHelper):
    """Export to AEM, IQE, IQM, CEM or E3D (the format follows the file extension)"""

    bl_idname = "export_scene.aem"
    bl_label = "Export with aem"
    bl_options = {"REGISTER", "PRESET"}

    filename_ext = ".aem"
    check_extension = False  # the extension chooses the format: any of tool.WRITE_EXTENSIONS
    filter_glob: bpy.props.StringProperty(default="*" + ";*".join(tool.WRITE_EXTENSIONS), options={"HIDDEN"})
    scale: bpy.props.FloatProperty(name="Scale", description="Multiply every coordinate by this", default=1.0,
                                   min=1e-6, soft_max=1000.0)
    up_axis: bpy.props.EnumProperty(name="Up axis", description="Up axis of the written file",
                                    items=(("FORMAT", "Format's own", "The convention of the output format"),
                                           ("Y", "Y", "Y up"), ("Z", "Z", "Z up")), default="FORMAT")
    textures: bpy.props.BoolProperty(name="Textures", description="Write the materials' textures", default=True)
    selection_only: bpy.props.BoolProperty(name="Selection only", description="Export selected objects only",
                                           default=False)
    apply_modifiers: bpy.props.BoolProperty(name="Apply modifiers", default=True)
    animations: bpy.props.BoolProperty(name="Animations", description="Export actions", default=True)
    fps: bpy.props.FloatProperty(name="Frame rate",
                                 description="CEM: rate at which animation is baked into frames; IQE, IQM: rate at "
                                             "which animation is resampled into frames",
                                 default=30.0, min=1.0, max=240.0)
    lods: bpy.props.IntProperty(name="Levels of detail", description="CEM: extra levels of detail to generate",
                                default=0, min=0, max=16)
    compress: bpy.props.BoolProperty(name="Compress", description="E3D: LZMA-compress the blocks", default=False)
    weld: bpy.props.BoolProperty(name="Weld vertices",
                                 description="Join the corners Blender's glTF exporter splits although only the "
                                             "rounding of their normals differs, so that the file has the model's "
                                             "vertex count (aem convert --weld)",
                                 default=True)

    def _aem_options(self):
        options = []
        if self.scale != 1.0:
            options += ["--scale", repr(self.scale)]
        if self.up_axis != "FORMAT":
            options += ["--up", self.up_axis.lower()]
        if not self.textures:
            options.append("--no-textures")
        if self.weld:
            options.append("--weld")
        extension = os.path.splitext(self.filepath)[1].lower()
        if extension in (".cem", ".iqe", ".iqm"):
            options += ["--fps", repr(self.fps)]
        if extension == ".cem":
            options += ["--lods", str(self.lods)]
        if extension == ".e3d" and self.compress:
            options.append("--compress")
        return options

    def execute(self, context):
        extension = os.path.splitext(self.filepath)[1].lower()
        if extension not in tool.WRITE_EXTENSIONS:
            self.report({"ERROR"}, f"cannot tell the format from '{extension or 'no extension'}': use one of "
                        + ", ".join(tool.WRITE_EXTENSIONS))
            return {"CANCELLED"}
        try:
            aem = _aem(context)
            with tempfile.TemporaryDirectory(prefix="aem_export_") as folder:
                glb = os.path.join(folder, "model.glb")
                bpy.ops.export_scene.gltf(filepath=glb, export_format="GLB", use_selection=self.selection_only,
                                          export_apply=self.apply_modifiers, export_animations=self.animations,
                                          export_extras=True)
                shown = {glb: "the Blender scene", folder: os.path.dirname(self.filepath)}
                for warning in tool.convert(aem, glb, self.filepath, self._aem_options(), shown):
                    self.report({"WARNING"}, warning)
        except tool.AemError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        except RuntimeError as error:
            self.report({"ERROR"}, f"Blender's glTF exporter failed: {error}")
            return {"CANCELLED"}
        return {"FINISHED"}
