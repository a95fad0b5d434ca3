"""aem.render draws what `aem render` draws: the same pixels, as an (h, w, 4) uint8 array."""
import struct
import zlib

import numpy as np
import pytest

import aem
from conftest import cli, data, model_path


def read_png(path):
    """RGBA8 pixels of a non-interlaced 8-bit RGBA PNG (what `aem render` writes), decoded from the
    PNG specification: chunks, zlib, and the five per-row filters."""
    raw = open(path, "rb").read()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    while at < len(raw):
        length, kind = struct.unpack(">I4s", raw[at:at + 8])
        body = raw[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 6, 0)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    rows, stride = zlib.decompress(idat), width * 4
    out = np.zeros((height, stride), dtype=np.int32)
    for y in range(height):
        kind, line = rows[y * (stride + 1)], np.frombuffer(rows, np.uint8, stride, y * (stride + 1) + 1).astype(np.int32)
        up = out[y - 1] if y else np.zeros(stride, np.int32)
        if kind in (0, 2):
            out[y] = (line + (up if kind == 2 else 0)) & 255
            continue
        for x in range(stride):  # Sub, Average, Paeth depend on the pixel to the left
            left = out[y, x - 4] if x >= 4 else 0
            corner = up[x - 4] if x >= 4 else 0
            if kind == 1:
                predicted = left
            elif kind == 3:
                predicted = (left + up[x]) // 2
            else:
                p = left + up[x] - corner
                pa, pb, pc = abs(p - left), abs(p - up[x]), abs(p - corner)
                predicted = left if pa <= pb and pa <= pc else (up[x] if pb <= pc else corner)
            out[y, x] = (line[x] + predicted) & 255
    return out.astype(np.uint8).reshape(height, width, 4)


def render_or_skip(*args, **kwargs):
    try:
        return aem.render(*args, **kwargs)
    except aem.Error as e:
        if e.code == "RENDER_NO_GL":
            pytest.skip(f"no OpenGL: {e}")
        raise


@pytest.mark.parametrize("options,flags", [
    ({}, []),
    ({"time": 0.6, "yaw": 120.0, "pitch": -10.0, "background": "transparent"},
     ["--time", "0.6", "--yaw", "120", "--pitch", "-10", "--background", "transparent"]),
    ({"wireframe": True, "skeleton": True, "grid": False, "animation": -1}, ["--wireframe", "--skeleton", "--no-grid", "--anim", "-1"]),
    ({"target": (0.0, 1.0, 0.0), "distance": 5.0, "background": "#336699"}, ["--target", "0,1,0", "--distance", "5", "--background", "#336699"]),
])
def test_the_tools_pixels(options, flags, tmp_path):
    source = data("e3d/tube.e3d")
    image = render_or_skip(source, size=(96, 64), **options)
    assert image.shape == (64, 96, 4) and image.dtype == np.uint8
    cli("render", source, "-o", tmp_path / "tool.png", "--size", "96x64", *flags)
    np.testing.assert_array_equal(image, read_png(tmp_path / "tool.png"))


def test_a_scene_or_a_path():
    source = model_path(("corpus", "gltf/CesiumMan/CesiumMan.glb"))
    by_path = render_or_skip(source, size=(64, 64), time=1.0)
    by_scene = render_or_skip(aem.read(source), size=(64, 64), time=1.0, animation=0)
    np.testing.assert_array_equal(by_path, by_scene)
    assert by_path.flags.owndata is False  # the renderer's pixels, not a copy


def test_bad_settings():
    with pytest.raises(aem.Error) as caught:
        aem.render(aem.example(), size=(0, 10))
    assert caught.value.code == "RENDER_BAD_SETTINGS"
    with pytest.raises(ValueError):
        aem.render(aem.example(), background="blue")
    with pytest.raises(ValueError):
        aem.render(aem.example(), animation="walk")
