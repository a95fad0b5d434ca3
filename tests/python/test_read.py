"""aem.read over every format's fixture and the corpus: what Python sees is what the C++ library reads.

The counts and the posed positions come from reference.cpp (read_scene, SceneAnimator, pose_positions);
Python poses the vertices itself with NumPy from the module's arrays and skin matrices, so both the
arrays and Scene.pose are checked against the library.
"""
import base64
import json
import math
import struct

import numpy as np
import pytest

import aem
from conftest import model_path, models, reference


def skin_with_numpy(mesh, skin):
    """pose_positions' rule, written again with NumPy: each vertex moves with its rigid joint, then by
    the sum of weight * skin matrix over influences with a joint in range and a weight other than 0."""
    p = np.hstack([mesh.positions.astype(np.float64), np.ones((mesh.vertex_count, 1))])
    rigid = mesh.rigid_joints
    if len(rigid):
        moved = (rigid >= 0) & (rigid < len(skin))
        p[moved] = np.einsum("vij,vj->vi", skin[rigid[moved]], p[moved])
    if len(mesh.joints):
        joints, weights = mesh.joints, mesh.weights.astype(np.float64)
        used = (joints >= 0) & (joints < len(skin)) & (weights != 0)
        blended = np.einsum("vk,vkij->vij", np.where(used, weights, 0.0), skin[np.where(used, joints, 0)])
        any_used = used.any(axis=1)
        p[any_used] = np.einsum("vij,vj->vi", blended[any_used], p[any_used])
    return p[:, :3]


@pytest.mark.parametrize("model", models())
def test_counts_equal_the_libraries(model):
    path = model_path(model)
    scene = aem.read(path)
    ref = reference(path)
    assert scene.source_format == ref["format"]
    assert len(scene.skeleton) == ref["joints"]
    assert len(scene.animations) == ref["animations"]
    assert len(scene.materials) == ref["materials"]
    assert len(scene.textures) == ref["textures"]
    assert len(scene.nodes) == ref["nodes"]
    assert len(scene.warnings) == ref["warnings"]
    assert [(m.vertex_count, m.triangle_count, len(m.uvs), len(m.colors), len(m.joints) > 0) for m in scene.meshes] == \
        [(m["vertices"], m["triangles"], m["uv_sets"], m["color_sets"], m["skinned"]) for m in ref["meshes"]]
    assert scene.vertex_count == sum(m["vertices"] for m in ref["meshes"])


@pytest.mark.parametrize("model", models())
def test_posed_positions_equal_the_libraries(model):
    path = model_path(model)
    scene = aem.read(path)
    animation = 0 if scene.animations else -1
    # Partway into the animation, between keys: interpolation is exercised, not only stored keys.
    time = 0.37 * scene.animations[0].duration if scene.animations else 0.0
    ref = reference(path, animation, time)
    skin = scene.pose(animation, time).astype(np.float64)
    assert skin.shape == (len(scene.skeleton), 4, 4)
    for mesh, expected in zip(scene.meshes, ref["meshes"]):
        posed = skin_with_numpy(mesh, skin)
        expected = np.array(expected["posed"], dtype=np.float64).reshape(-1, 3)
        scale = max(1.0, float(np.abs(expected).max(initial=0.0)))
        np.testing.assert_allclose(posed, expected, rtol=0, atol=2e-5 * scale)


def test_the_skinned_quad_by_hand():
    # tests/data/README.md: joints root (origin) and tip (one unit up y); vertices 0 and 1 on the root,
    # 2 on the tip, 3 half and half; the animation turns the tip 90 degrees about z over one second.
    from conftest import data
    scene = aem.read(data("iqe/skinned_quad.iqe"))
    assert scene.skeleton.names == ["root", "tip"]
    assert scene.skeleton.parents.tolist() == [-1, 0]
    # At rest the tip's inverse bind moves y = 1 to the origin.
    np.testing.assert_allclose(scene.skeleton.inverse_binds[1] @ [0, 1, 0, 1], [0, 0, 0, 1], atol=1e-6)
    skin = scene.pose(0, 1.0)
    # A point one unit above the tip, turned 90 degrees about z around the tip at (0, 1, 0): (-1, 1, 0).
    np.testing.assert_allclose(skin[1] @ [0, 2, 0, 1], [-1, 1, 0, 1], atol=1e-5)
    np.testing.assert_allclose(skin[0], np.eye(4), atol=1e-6)
    assert scene.pose(-1, 0.3).tolist() == [np.eye(4).tolist()] * 2


def test_scene_parts():
    scene = aem.example()
    assert scene.path is None
    mesh = scene.meshes[0]
    # aem/example.hpp: a tube of 24 vertices around (plus the seam) by 32 rings, 4 joints, "bend".
    assert mesh.positions.shape == (mesh.vertex_count, 3) and mesh.positions.dtype == np.float32
    assert mesh.normals.shape == (mesh.vertex_count, 3)
    assert mesh.tangents.shape == (mesh.vertex_count, 4)
    assert mesh.indices.shape == (mesh.triangle_count, 3) and mesh.indices.dtype == np.uint32
    assert mesh.joints.shape == (mesh.vertex_count, 8) and mesh.joints.dtype == np.int32
    np.testing.assert_allclose(mesh.weights.sum(axis=1), 1.0, atol=1e-6)  # "at most two influences summing to 1"
    assert (mesh.joints[:, 2:] == -1).all()
    assert len(scene.skeleton) == 4 and [a.name for a in scene.animations] == ["bend"]
    assert math.isclose(scene.animations[0].duration, 2.0)
    channel = scene.animations[0].channels[0]
    times, values = channel.rotation
    assert times.ndim == 1 and values.shape == (len(times), 4)
    assert np.all(np.diff(times) >= 0)
    np.testing.assert_allclose(np.linalg.norm(values, axis=1), 1.0, atol=1e-5)
    assert scene.materials[0].textures == {}
    assert mesh.material == 0
    assert scene.pose("bend", 0.5).shape == (4, 4, 4)
    with pytest.raises(ValueError):
        scene.pose("walk", 0.0)
    with pytest.raises(ValueError):
        scene.pose(1, 0.0)


def test_materials_with_their_textures():
    scene = aem.read(model_path(("corpus", "gltf/BoxTextured/BoxTextured.glb")))
    texture = scene.materials[0].textures["base_color"]
    assert texture.mime_type == "image/png"
    assert bytes(texture.data[:8]) == b"\x89PNG\r\n\x1a\n"  # the PNG signature: the embedded image itself
    assert texture.data.flags.writeable is False


def test_obj_with_its_mtl(tmp_path):
    # A unit quad as two triangles with one material from its .mtl: 4 vertices (each v/vt pair once),
    # 2 triangles, one UV set, the material's diffuse colour.
    (tmp_path / "quad.mtl").write_text("newmtl red\nKd 1 0 0\n")
    (tmp_path / "quad.obj").write_text("mtllib quad.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
                                       "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nusemtl red\nf 1/1 2/2 3/3 4/4\n")
    scene = aem.read(tmp_path / "quad.obj")
    assert scene.source_format == "OBJ"
    assert [(m.vertex_count, m.triangle_count, len(m.uvs)) for m in scene.meshes] == [(4, 2, 1)]
    assert scene.materials[0].name == "red"
    assert scene.materials[0].base_color[:3] == pytest.approx((1, 0, 0))
    assert sorted(map(tuple, scene.meshes[0].positions.tolist())) == [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)]


def test_morph_targets_and_their_weights(tmp_path):
    # A triangle with two morph targets (the first also moves normals) and a weights animation of two
    # keys, written here: what Python sees with keep_morph_targets is exactly these numbers.
    positions = [0, 0, 0, 1, 0, 0, 0, 1, 0]
    normals = [0, 0, 1] * 3
    lift = [0, 0, 1, 0, 0, 2, 0, 0, 3]
    lift_normals = [0, 0.5, 0] * 3
    slide = [1, 0, 0] * 3
    times = [0.0, 2.0]
    weights = [0.0, 0.25, 1.0, 0.5]
    arrays = [positions, normals, lift, lift_normals, slide, times, weights]
    blob = b"".join(struct.pack(f"<{len(a)}f", *a) for a in arrays)
    views, offset = [], 0
    for a in arrays:
        views.append({"buffer": 0, "byteOffset": offset, "byteLength": 4 * len(a)})
        offset += 4 * len(a)
    vec3 = lambda view: {"bufferView": view, "componentType": 5126, "count": 3, "type": "VEC3"}
    accessors = [vec3(v) for v in range(5)]
    accessors[0].update({"min": [0, 0, 0], "max": [1, 1, 0]})
    accessors.append({"bufferView": 5, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [2]})
    accessors.append({"bufferView": 6, "componentType": 5126, "count": 4, "type": "SCALAR"})
    gltf = {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(blob), "uri": "data:application/octet-stream;base64," + base64.b64encode(blob).decode()}],
        "bufferViews": views,
        "accessors": accessors,
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1},
                                    "targets": [{"POSITION": 2, "NORMAL": 3}, {"POSITION": 4}]}],
                    "weights": [0.5, 0.0], "extras": {"targetNames": ["lift", "slide"]}}],
        "nodes": [{"mesh": 0}],
        "scenes": [{"nodes": [0]}],
        "animations": [{"name": "rise", "samplers": [{"input": 5, "output": 6, "interpolation": "STEP"}],
                        "channels": [{"sampler": 0, "target": {"node": 0, "path": "weights"}}]}],
    }
    path = tmp_path / "morph.gltf"
    path.write_text(json.dumps(gltf))

    mesh = aem.read(path, keep_morph_targets=True).meshes[0]
    assert [t.name for t in mesh.targets] == ["lift", "slide"]
    np.testing.assert_array_equal(mesh.positions, np.reshape(positions, (3, 3)))
    np.testing.assert_array_equal(mesh.targets[0].positions, np.reshape(lift, (3, 3)))
    np.testing.assert_array_equal(mesh.targets[0].normals, np.reshape(lift_normals, (3, 3)))
    np.testing.assert_array_equal(mesh.targets[1].positions, np.reshape(slide, (3, 3)))
    assert mesh.targets[1].normals.shape == (0, 3)
    np.testing.assert_array_equal(mesh.target_weights, [0.5, 0.0])
    scene = aem.read(path, keep_morph_targets=True)
    (track,) = scene.animations[0].weight_tracks
    assert track.mesh == 0 and track.interpolation == "step"
    np.testing.assert_array_equal(track.times, times)
    np.testing.assert_array_equal(track.weights, np.reshape(weights, (2, 2)))

    baked = aem.read(path)  # without keep_morph_targets the targets become vertex-animation frames
    assert baked.meshes[0].targets == [] and len(baked.meshes[0].target_weights) == 0
    assert baked.animations[0].weight_tracks == [] and len(baked.meshes[0].frames) > 0
