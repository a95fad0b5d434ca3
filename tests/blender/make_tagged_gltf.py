"""Writes the glTF the Blender round-trip session turns into a CEM with tag points (run_session.sh):
a 6x6 grid of vertices (50 triangles, enough for `aem convert --lods` to simplify) on node "plate",
and two tag points on that node marked as aem's glTF writer marks them (docs/formats/gltf.md §4),
each with a position for three frames. Usage: make_tagged_gltf.py OUT.gltf"""
import base64
import json
import struct
import sys

SIDE = 6
positions = [(x * 0.2, 0.0, z * 0.2) for z in range(SIDE) for x in range(SIDE)]
indices = []
for z in range(SIDE - 1):
    for x in range(SIDE - 1):
        a = z * SIDE + x
        indices += [a, a + SIDE, a + 1, a + 1, a + SIDE, a + SIDE + 1]
vertex_bytes = b"".join(struct.pack("<3f", *p) for p in positions)
index_bytes = struct.pack("<%dH" % len(indices), *indices)
index_bytes += b"\0" * (-len(index_bytes) % 4)
data = vertex_bytes + index_bytes


def tag(name, frames):
    first = frames[0]
    return {"name": name, "translation": list(first), "extras": {"aem_tag": {"positions": [c for p in frames for c in p]}}}


document = {
    "asset": {"version": "2.0"},
    "scene": 0,
    "scenes": [{"nodes": [0]}],
    "nodes": [
        {"name": "plate", "mesh": 0, "children": [1, 2]},
        tag("hand", [(0.25, 0.5, 0.75), (0.25, 0.625, 0.75), (0.25, 0.75, 0.75)]),
        tag("head", [(0.5, 1.0, 0.5), (0.5, 1.0, 0.625), (0.5, 1.0, 0.75)]),
    ],
    "meshes": [{"name": "plate", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "material": 0}]}],
    "materials": [{"name": "plate_paint", "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.4, 0.1, 1.0]}}],
    "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(vertex_bytes)},
                    {"buffer": 0, "byteOffset": len(vertex_bytes), "byteLength": 2 * len(indices)}],
    "accessors": [
        {"bufferView": 0, "componentType": 5126, "count": len(positions), "type": "VEC3",
         "min": [min(p[i] for p in positions) for i in range(3)], "max": [max(p[i] for p in positions) for i in range(3)]},
        {"bufferView": 1, "componentType": 5123, "count": len(indices), "type": "SCALAR"},
    ],
}
with open(sys.argv[1], "w") as out:
    json.dump(document, out)
