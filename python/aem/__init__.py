"""aem: load, convert, animate and render 3D models for games.

    scene = aem.read("hero.glb")                  # any format aem reads
    scene.meshes[0].positions                     # (n, 3) float32, a view of the scene's memory
    scene.pose("walk", 0.5)                       # (joints, 4, 4) skin matrices
    scene.write("hero.aem", up="y")               # as `aem convert hero.glb hero.aem --up y`
    aem.convert("hero.glb", "hero.iqm", cache=".aem-cache")
    aem.validate("hero.aem")                      # [aem.Diagnostic, ...]
    aem.render("hero.glb", size=(640, 480))       # (480, 640, 4) uint8
    aem.AemModel.map("hero.aem").vertices         # the runtime's zero-copy view of an AEM file

Failures raise aem.Error (code, message, file, offset or line and column). Reads, writes, conversions and
renders release the GIL. Many files on many machines: aem.batch (Dask distributed).
"""
from ._aem import (
    AemModel,
    Animation,
    Animator,
    BuildCache,
    Channel,
    ConvertReport,
    Diagnostic,
    Error,
    Material,
    Mesh,
    Node,
    Scene,
    Skeleton,
    Texture,
    __version__,
    cache_key,
    convert,
    example,
    formats,
    output_clashes,
    output_in_folder,
    read,
    render,
    validate,
)

__all__ = [
    "AemModel", "Animation", "Animator", "BuildCache", "Channel", "ConvertReport", "Diagnostic", "Error", "Material",
    "Mesh", "Node", "Scene", "Skeleton", "Texture", "__version__", "cache_key", "convert", "example", "formats",
    "output_clashes", "output_in_folder", "read", "render", "validate",
]
