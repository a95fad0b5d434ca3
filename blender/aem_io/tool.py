# Running the `aem` tool: finding it, building its command line, turning its failure into one sentence.
import os
import shutil
import subprocess

READ_EXTENSIONS = (".aem", ".iqe", ".iqm", ".cem", ".e3d", ".gltf", ".glb")
WRITE_EXTENSIONS = (".aem", ".iqe", ".iqm", ".cem", ".e3d")


class AemError(Exception):
    """A failure of the aem tool, as one sentence for Blender's report area."""


def find_aem(configured):
    """The aem executable: the configured path, else the one on PATH."""
    if configured:
        path = os.path.abspath(os.path.expanduser(configured))
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        raise AemError(f"the aem tool set in the add-on preferences is not an executable file: {path}")
    found = shutil.which("aem")
    if not found:
        raise AemError("the aem tool was not found on PATH; install aem or set its path in the add-on preferences")
    return found


def _as_shown(line, shown):
    """`line` with each temporary path of `shown` (path -> what the artist knows it as) replaced,
    longest first, so that a file inside a temporary folder is named before the folder is."""
    for path in sorted(shown, key=len, reverse=True):
        line = line.replace(path, shown[path])
    return line


def _one_per_kind(lines):
    """One line per warning code, the first of its kind, with how many more there were: a model with
    six meshes gives one "levels of detail dropped", not six."""
    first, counts = {}, {}
    for line in lines:
        words = line.split()
        code = words[words.index("warning") + 1] if "warning" in words[:-1] else line
        if code not in first:
            first[code] = line
        counts[code] = counts.get(code, 0) + 1
    return [first[code] + (f" (and {counts[code] - 1} more like it)" if counts[code] > 1 else "") for code in first]


def _one_sentence(stderr, returncode):
    # aem prints one line per problem ("FILE: FORMAT error CODE at byte N: message"); warnings come first.
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if " error" in line or line.startswith("error")]
    if errors:
        return errors[-1]
    if lines:
        return lines[-1]
    return f"aem failed with exit code {returncode}"


def convert(aem, source, target, options=(), shown=None):
    """Runs `aem convert SOURCE TARGET OPTIONS`; returns aem's warnings, one per kind, raises AemError
    on failure. `shown` maps temporary paths (the add-on's intermediate .glb and its folder) to the
    names the artist knows, so that no message names a temporary file."""
    shown = shown or {}
    command = [aem, "convert", source, target, *options]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except OSError as error:
        raise AemError(f"could not run {aem}: {error.strerror}") from None
    except subprocess.TimeoutExpired:
        raise AemError(f"aem convert took longer than 10 minutes on {_as_shown(source, shown)}") from None
    stderr = _as_shown(done.stderr, shown)
    if done.returncode != 0:
        raise AemError(_one_sentence(stderr, done.returncode))
    return _one_per_kind([line for line in stderr.splitlines() if "warning" in line])
