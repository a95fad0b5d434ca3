# Add-on preferences: where the `aem` tool is.
import bpy


class AemPreferences(bpy.types.AddonPreferences):
    bl_idname = __package__

    aem_path: bpy.props.StringProperty(
        name="aem tool",
        description="Path of the aem executable; empty: the one found on PATH",
        subtype="FILE_PATH",
        default="",
    )

    def draw(self, context):
        self.layout.prop(self, "aem_path")


def configured_aem_path(context):
    """The path set in the preferences, or "" when unset."""
    addon = context.preferences.addons.get(__package__)
    return addon.preferences.aem_path if addon else ""
