# Workarounds for the Blender versions the add-on supports.


def restore_numpy_bool():
    """Blender 3.4's bundled glTF importer calls `numpy.bool`, an alias numpy 1.24 removed (Debian 12
    ships the two together, so every import failed with "module 'numpy' has no attribute 'bool'").
    Restore the alias only where it is missing; numpy versions that have it are left untouched."""
    import numpy

    if "bool" not in numpy.__dict__:
        numpy.bool = bool
