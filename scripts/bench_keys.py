#!/usr/bin/env python3
"""Key reduction rows of scripts/bench.sh (issue 32).

  bench_keys.py record DIR NAME MODEL AEM_TOOL KEY_ERROR_TOOL
      For one glb model: its nodes named n<index> where they have no name (gltfpack keeps named nodes
      with -kn, and key_error matches joints by name) and, when its meshes are Draco-compressed (which
      Debian's gltfpack cannot read), its meshes decoded by `aem convert --anim-error 0` (keys as they
      were); then converted by `aem convert -v` to AEM and to glb with every key (--anim-error 0) and
      at the default bound, and by gltfpack at its default resampling rate (-af 30, -kn). Appends one
      JSON line to DIR/keys.jsonl: animation bytes and keys of each output (AEM: the keyframe,
      sequence and animation records its header counts; glb: the accessors its animation samplers
      read, each once), the bound and largest error `aem convert -v` reports, and the largest error
      key_error measures for our glb and for gltfpack's, in the model's units.

bench_summary.py's table prints the rows (rows()), with bench_keys's speed and animator figures.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

COMPONENT_BYTES = {5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4}
COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}
MODELS = ("CesiumMan", "Fox", "BrainStem", "capture")  # bench_keys's arguments 0..3, in this order


def glb_parts(path):
    data = open(path, "rb").read()
    length = struct.unpack("<I", data[12:16])[0]
    return json.loads(data[20:20 + length]), data[20 + length:]


def write_glb(path, document, rest):
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + rest
    with open(path, "wb") as f:
        f.write(b"glTF" + struct.pack("<II", 2, 12 + len(body)) + body)


def name_nodes(source, target):
    document, rest = glb_parts(source)
    for i, node in enumerate(document.get("nodes", [])):
        if not node.get("name"):
            node["name"] = f"n{i}"
    write_glb(target, document, rest)


def glb_animation(path):
    """(bytes, keys) of the accessors the animation samplers read, each accessor counted once."""
    document, _ = glb_parts(path)
    accessors, used, keys = document.get("accessors", []), set(), 0
    for animation in document.get("animations", []):
        for sampler in animation["samplers"]:
            used.update((sampler["input"], sampler["output"]))
            keys += accessors[sampler["input"]]["count"]
    size = sum(accessors[i]["count"] * COMPONENTS[accessors[i]["type"]] * COMPONENT_BYTES[accessors[i]["componentType"]] for i in used)
    return size, keys


def aem_animation(path):
    """(bytes, keys) of an AEM file's keyframes (20 bytes), sequences (24) and animations (136)."""
    with open(path, "rb") as f:
        counts = struct.unpack("<9I", f.read(40)[4:40])
    animations, sequences, keyframes = counts[6], counts[7], counts[8]
    return keyframes * 20 + sequences * 24 + animations * 136, keyframes


KEYS_LINE = re.compile(r"largest vertex error ([0-9.e+-]+) of ([0-9.e+-]+) allowed")


def convert(aem, source, output, *extra):
    """Runs `aem convert -v`; the (largest error, bound) its keys line reports, or None without one."""
    result = subprocess.run([aem, "convert", "-v", "--no-textures", *extra, source, output], capture_output=True, text=True, check=True)
    found = KEYS_LINE.search(result.stdout)
    return (float(found.group(1)), float(found.group(2))) if found else None


def key_error(tool, original, other):
    return json.loads(subprocess.run([tool, original, other], capture_output=True, text=True, check=True).stdout)["largest_error"]


def record(directory, name, model, aem, error_tool):
    work = tempfile.mkdtemp(dir=directory)
    try:
        source = model
        document, _ = glb_parts(model)
        if "KHR_draco_mesh_compression" in document.get("extensionsUsed", []):
            source = os.path.join(work, "decoded.glb")
            convert(aem, model, source, "--anim-error", "0")
        named = os.path.join(work, "named.glb")
        name_nodes(source, named)
        out = {name: os.path.join(work, name) for name in ("dense.aem", "ours.aem", "dense.glb", "ours.glb", "gltfpack.glb")}
        convert(aem, named, out["dense.aem"], "--anim-error", "0")
        reported, bound = convert(aem, named, out["ours.aem"])
        convert(aem, named, out["dense.glb"], "--anim-error", "0")
        convert(aem, named, out["ours.glb"])
        subprocess.run(["gltfpack", "-i", named, "-o", out["gltfpack.glb"], "-kn", "-af", "30"], capture_output=True, check=True)
        row = {"model": name, "bound": bound, "aem_error": reported,
               "gltf_error": key_error(error_tool, named, out["ours.glb"]), "gltfpack_error": key_error(error_tool, named, out["gltfpack.glb"])}
        for label, path in out.items():
            size, keys = aem_animation(path) if label.endswith(".aem") else glb_animation(path)
            row[label] = {"bytes": size, "keys": keys}
    finally:
        shutil.rmtree(work)
    with open(os.path.join(directory, "keys.jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")
    return 0


def kb(n):
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1048576:.1f} MB"


def rows(t, directory):
    """The key reduction rows of bench_summary.py's table `t`."""
    path = os.path.join(directory, "keys.jsonl")
    recorded = {}
    if os.path.exists(path):
        for line in open(path):
            r = json.loads(line)
            recorded[r["model"]] = r
    reduce_counters = t.counters.get("bench_keys", {})
    for arg, name in enumerate(MODELS):
        r = recorded.get(name)
        if r is None:
            t.missing(f"key reduction, {name}: AEM animation bytes", "not measured (CesiumMan: AEM_CORPUS_DIR; Fox, BrainStem: AEM_KHRONOS_DIR)")
        else:
            dense, ours = r["dense.aem"], r["ours.aem"]
            share = ours["bytes"] / dense["bytes"]
            t.rows.append((f"key reduction, {name}: AEM animation bytes at the default bound", f"{kb(ours['bytes'])}, {ours['keys']} keys, error {r['aem_error']:.3g}",
                           f"{kb(dense['bytes'])}, {dense['keys']} keys (every key; bound {r['bound']:.3g})", f"{share:.0%} of the dense ones",
                           "<= 30%", "met" if share <= 0.3 else "NOT met"))
            ours_g, pack = r["ours.glb"], r["gltfpack.glb"]
            t.rows.append((f"key reduction, {name}: glb animation bytes beside gltfpack -af 30", f"{kb(ours_g['bytes'])}, error {r['gltf_error']:.3g}",
                           f"gltfpack {kb(pack['bytes'])}, error {r['gltfpack_error']:.3g}; dense {kb(r['dense.glb']['bytes'])}",
                           f"{ours_g['bytes'] / pack['bytes']:.2f}x gltfpack's bytes", "-", ""))
        c = reduce_counters.get(f"BM_Reduce/{arg}")
        if c is None or "keys_per_s" not in c:
            t.missing(f"key reduction, {name}: keys per second", "not measured (bench_keys)")
        else:
            rate = c["keys_per_s"]
            t.rows.append((f"key reduction, {name}: keys per second, the check included", f"{rate / 1e6:.1f} M keys/s",
                           f"choosing alone {c['choose_keys_per_s'] / 1e6:.1f} M keys/s", f"{c['check_ms']:.1f} ms checking",
                           ">= 20 M keys/s", "met" if rate >= 20e6 else "NOT met"))
        dense_c, reduced_c = reduce_counters.get(f"BM_AnimateDense/{arg}"), reduce_counters.get(f"BM_AnimateReduced/{arg}")
        if not dense_c or not reduced_c:
            t.missing(f"animator on the reduced AEM, {name}", "not measured (bench_keys)")
        else:
            ratio = reduced_c["ns_per_bone"] / dense_c["ns_per_bone"]
            t.rows.append((f"animator on the reduced AEM, {name}", f"{reduced_c['ns_per_bone'] * 1e9:.1f} ns/bone",
                           f"{dense_c['ns_per_bone'] * 1e9:.1f} ns/bone (every key)", f"{ratio:.2f}x the dense time", "no slower",
                           "met" if ratio <= 1.0 else "NOT met"))


def main(argv):
    if len(argv) == 7 and argv[1] == "record":
        return record(*argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
