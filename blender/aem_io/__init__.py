# aem_io: import and export AEM, IQE, IQM, CEM and E3D models in Blender through the `aem` tool.
# Import converts the file to a temporary .glb with `aem convert` and hands it to Blender's bundled
# glTF importer; export runs Blender's glTF exporter and converts its .glb with `aem convert`.
bl_info = {
    "name": "aem: AEM / IQE / IQM / CEM / E3D",
    "author": "aem contributors",
    "version": (0, 2, 0),
    "blender": (3, 4, 0),
    "location": "File > Import / Export > AEM / IQE / IQM / CEM / E3D (aem)",
    "description": "Game model formats through the aem converter",
    "category": "Import-Export",
}

if "bpy" in locals():
    import importlib
    importlib.reload(tool)
    importlib.reload(operators)
    importlib.reload(preferences)
else:
    from . import tool, operators, preferences

import bpy

_classes = (preferences.AemPreferences, operators.ImportAem, operators.ExportAem)


def _menu_import(self, context):
    self.layout.operator(operators.ImportAem.bl_idname, text="AEM / IQE / IQM / CEM / E3D (aem)")


def _menu_export(self, context):
    self.layout.operator(operators.ExportAem.bl_idname, text="AEM / IQE / IQM / CEM / E3D (aem)")


def register():
    for cls in _classes:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(_menu_import)
    bpy.types.TOPBAR_MT_file_export.append(_menu_export)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(_menu_export)
    bpy.types.TOPBAR_MT_file_import.remove(_menu_import)
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
