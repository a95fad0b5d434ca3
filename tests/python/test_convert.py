"""aem.convert's own keywords: the cache (aem convert --cache) and the isolated child process."""
import os
import shutil
import threading

import pytest

import aem
from conftest import cli, corpus_file, data


def test_the_cache_skips_unchanged_conversions(tmp_path):
    shutil.copy(data("gltf/triangle.gltf"), tmp_path)
    source, output, cache = tmp_path / "triangle.gltf", tmp_path / "out" / "triangle.iqm", tmp_path / "cache"
    first = aem.convert(source, output, cache=cache)
    assert first.status == "converted"
    written = output.read_bytes()
    assert aem.convert(source, output, cache=cache).status == "cached"
    # Options are part of the key: another scale converts again.
    assert aem.convert(source, output, cache=cache, scale=2).status == "converted"
    assert aem.convert(source, output, cache=cache, scale=2).status == "cached"
    # So is every byte of the input: the same size with one number changed converts again.
    text = source.read_text()
    source.write_text(text.replace('"name"', '"nome"', 1) if '"name"' in text else text + " ")
    assert aem.convert(source, output, cache=cache, scale=2).status == "converted"
    # An output edited after the conversion no longer matches its entry.
    output.write_bytes(written[:-1] + bytes([written[-1] ^ 1]))
    assert aem.convert(source, output, cache=cache, scale=2).status == "converted"


def test_the_cache_is_the_tools(tmp_path):
    # A conversion the tool recorded is fresh for the module, and the other way round: workers and
    # developers can share one cache folder.
    shutil.copy(data("iqe/skinned_quad.iqe"), tmp_path)
    source, cache = tmp_path / "skinned_quad.iqe", tmp_path / "cache"
    out = tmp_path / "out.aem"
    printed = cli("convert", source, out, "--up", "z", "--cache", cache)
    assert printed.returncode == 0
    assert aem.convert(source, out, cache=cache, up="z").status == "cached"
    out2 = tmp_path / "out2.iqm"
    assert aem.convert(source, out2, cache=cache).status == "converted"
    assert cli("convert", source, out2, "--cache", cache).stdout.startswith("cached ")


def test_a_side_file_is_part_of_the_key(tmp_path):
    # triangle.gltf keeps its buffer in the file; a .gltf with a .bin beside it depends on the .bin.
    corpus = os.environ.get("AEM_CORPUS_DIR")
    if not corpus:
        pytest.skip("AEM_CORPUS_DIR is not set")
    folder = tmp_path / "SimpleMeshes"
    shutil.copytree(os.path.join(corpus, "gltf/SimpleMeshes"), folder)
    source, output, cache = folder / "SimpleMeshes.gltf", tmp_path / "simple.iqm", tmp_path / "cache"
    report = aem.convert(source, output, cache=cache)
    assert str(folder / "triangle.bin") in report.files_read
    assert aem.convert(source, output, cache=cache).status == "cached"
    data_bytes = bytearray((folder / "triangle.bin").read_bytes())
    data_bytes[-1] ^= 1
    (folder / "triangle.bin").write_bytes(bytes(data_bytes))
    assert aem.convert(source, output, cache=cache).status == "converted"


def test_a_crash_in_the_isolated_child_is_an_error(tmp_path):
    # tests/data/assimp/crashes_assimp.md5mesh makes Assimp abort (tests/data/assimp/README.md).
    crasher = data("assimp/crashes_assimp.md5mesh")
    with pytest.raises(aem.Error) as caught:
        aem.convert(crasher, tmp_path / "x.aem", isolate=True)
    assert caught.value.code == "CONVERT_CRASHED"
    assert caught.value.file == crasher
    # Without isolate=True the library still reads Assimp's formats in a child of its own.
    with pytest.raises(aem.Error) as caught:
        aem.convert(crasher, tmp_path / "x.aem")
    assert caught.value.code == "READER_CRASHED"
    assert os.listdir(tmp_path) == []


def children():
    """The processes this thread forked and that are still there (Linux's /proc/PID/task/TID/children)."""
    with open(f"/proc/{os.getpid()}/task/{threading.get_native_id()}/children") as f:
        return {int(p) for p in f.read().split()}


def test_the_child_serves_file_after_file_and_is_replaced_when_it_dies(tmp_path):
    source = data("iqe/skinned_quad.iqe")
    aem.convert(source, tmp_path / "1" / "q.aem", isolate=True, scale=3)
    first = children()
    aem.convert(source, tmp_path / "2.aem", isolate=True, scale=3)
    assert children() == first and len(first) >= 1  # the same process converted both
    with pytest.raises(aem.Error) as caught:
        aem.convert(data("assimp/crashes_assimp.md5mesh"), tmp_path / "x.aem", isolate=True, scale=3)
    assert caught.value.code == "CONVERT_CRASHED"
    aem.convert(source, tmp_path / "3" / "q.aem", isolate=True, scale=3)
    assert children() != first  # a new one took the dead one's place
    assert (tmp_path / "1" / "q.aem").read_bytes() == (tmp_path / "3" / "q.aem").read_bytes()


def test_isolated_results_are_the_same(tmp_path):
    source = data("e3d/kitchen-sink.e3d")
    here = aem.convert(source, tmp_path / "a" / "k.glb")
    there = aem.convert(source, tmp_path / "b" / "k.glb", isolate=True)
    assert (tmp_path / "a" / "k.glb").read_bytes() == (tmp_path / "b" / "k.glb").read_bytes()
    assert [(w.code, w.message) for w in here.warnings] == [(w.code, w.message) for w in there.warnings]
    assert (here.vertices, here.triangles, here.files_read) == (there.vertices, there.triangles, there.files_read)
    with pytest.raises(aem.Error) as caught:
        aem.convert(data("cem/fuzz-frames-overrun.cem"), tmp_path / "c.aem", isolate=True)
    assert caught.value.code == "CEM_BAD_COUNT"


def test_anim_error_is_aem_converts_and_the_report_shows_the_keys(tmp_path):
    source = data("iqe/animated.iqe")
    reduced = aem.convert(source, tmp_path / "reduced.glb")
    keys = reduced.animation_keys
    assert keys is not None and keys["bound"] > 0
    assert keys["keys_after"] < keys["keys_before"] and keys["bytes_after"] < keys["bytes_before"]
    assert keys["largest_error"] <= keys["bound"]
    # In a child process the figures cross the pipe unchanged.
    assert aem.convert(source, tmp_path / "isolated.glb", isolate=True).animation_keys == keys
    every = aem.convert(source, tmp_path / "every.glb", anim_error=0).animation_keys
    assert every["bound"] == 0 and every["keys_after"] == every["keys_before"] == keys["keys_before"]
    assert cli("convert", source, tmp_path / "cli.glb", "--anim-error", "0").returncode == 0
    assert (tmp_path / "every.glb").read_bytes() == (tmp_path / "cli.glb").read_bytes()
    # Outputs that resample into frames store no keys of their own.
    assert aem.convert(source, tmp_path / "frames.iqm").animation_keys is None
    with pytest.raises(ValueError):
        aem.convert(source, tmp_path / "bad.glb", anim_error=-1)


def test_weld_is_aem_converts(tmp_path):
    # CesiumMan's glTF splits corners by the rounding of their normals: weld=True merges them as
    # `aem convert --weld` does, and a conversion without it keeps every vertex of the source.
    source = corpus_file("gltf/CesiumMan/CesiumMan.glb")
    assert cli("convert", source, tmp_path / "tool.iqm", "--weld").returncode == 0
    aem.convert(source, tmp_path / "module.iqm", weld=True)
    aem.convert(source, tmp_path / "plain.iqm")
    welded = aem.read(tmp_path / "module.iqm").vertex_count
    assert welded == aem.read(tmp_path / "tool.iqm").vertex_count
    assert welded < aem.read(tmp_path / "plain.iqm").vertex_count == aem.read(source).vertex_count
