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


def _one_sentence(stderr, returncode):
    # aem prints one line per problem ("FILE: FORMAT error CODE at byte N: message"); warnings come first.
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if " error" in line or line.startswith("error")]
    if errors:
        return errors[-1]
    if lines:
        return lines[-1]
    return f"aem failed with exit code {returncode}"


def convert(aem, source, target, options=()):
    """Runs `aem convert SOURCE TARGET OPTIONS`; returns aem's warning lines, raises AemError on failure."""
    command = [aem, "convert", source, target, *options]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except OSError as error:
        raise AemError(f"could not run {aem}: {error.strerror}") from None
    except subprocess.TimeoutExpired:
        raise AemError(f"aem convert took longer than 10 minutes on {source}") from None
    if done.returncode != 0:
        raise AemError(_one_sentence(done.stderr, done.returncode))
    return [line for line in done.stderr.splitlines() if "warning" in line]
