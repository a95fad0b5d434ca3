"""The arrays view the scene's memory: no copy, writes reach the scene, and the scene lives as long as
any array over it."""
import gc
import weakref

import numpy as np
import pytest

import aem
from conftest import data


def address(array):
    return array.__array_interface__["data"][0]


def test_arrays_are_views_of_the_scene():
    scene = aem.read(data("gltf/skinned_quad.glb"))
    mesh = scene.meshes[0]
    first, second = mesh.positions, scene.meshes[0].positions
    # Two reads give two array objects over one buffer: neither owns memory, both start at one address.
    assert first is not second
    assert not first.flags.owndata and not second.flags.owndata
    assert address(first) == address(second)
    assert np.shares_memory(first, second)


def test_writes_reach_the_scene(tmp_path):
    scene = aem.read(data("iqe/skinned_quad.iqe"))
    before = scene.meshes[0].positions.copy()
    scene.meshes[0].positions[:] *= 2
    np.testing.assert_array_equal(scene.meshes[0].positions, before * 2)
    # What the scene writes is the changed geometry: read back, every position is doubled.
    scene.write(tmp_path / "doubled.iqe")
    np.testing.assert_allclose(aem.read(tmp_path / "doubled.iqe").meshes[0].positions, before * 2, atol=1e-6)


def test_interleaved_fields_are_strided_views():
    scene = aem.read(data("gltf/skinned_quad.glb"))
    mesh = scene.meshes[0]
    joints, weights = mesh.joints, mesh.weights
    # Each vertex's 8 joints and 8 weights sit side by side in one record (aem::SkinInfluences, 64 bytes).
    assert joints.strides == (64, 4) and weights.strides == (64, 4)
    assert address(weights) - address(joints) == 32
    binds = scene.skeleton.inverse_binds
    # Column-major 4x4 inside each joint record: row stride 4 bytes, column stride 16.
    assert binds.strides[1:] == (4, 16)
    assert not binds.flags.owndata


def test_index_arrays_are_read_only():
    mesh = aem.example().meshes[0]
    for array in (mesh.indices, mesh.joints):
        with pytest.raises(ValueError):
            array[0, 0] = 10**6
    mesh.positions[0, 0] = 1.5  # floating-point data may be written
    assert mesh.positions[0, 0] == 1.5


def test_an_array_keeps_the_scene_alive():
    scene = aem.read(data("iqm/skinned_quad.iqm"))
    expected = scene.meshes[0].positions.copy()
    positions = scene.meshes[0].positions
    gone = weakref.ref(scene)
    del scene
    gc.collect()
    assert gone() is None  # the Python object is gone; the scene's memory is not
    junk = [np.random.default_rng(1).random(4096) for _ in range(64)]  # reuse freed memory if there were any
    np.testing.assert_array_equal(positions, expected)
    del junk


def test_a_mapped_model_stays_mapped_while_an_array_lives(tmp_path):
    aem.example().write(tmp_path / "tube.aem")
    model = aem.AemModel.map(tmp_path / "tube.aem")
    vertices = model.vertices
    expected = vertices["position"].copy()
    del model
    gc.collect()
    np.testing.assert_array_equal(vertices["position"], expected)
    assert vertices.flags.writeable is False
