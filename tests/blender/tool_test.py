"""The add-on's messages (blender/aem_io/tool.py, no Blender needed): they name the artist's files, never
the add-on's temporary ones, and give one warning per kind with a count. Run by ctest as blender.tool
(AEM_CLI: the aem tool; AEM_TEST_DATA_DIR: tests/data)."""
import importlib.util
import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("tool", os.path.join(HERE, "..", "..", "blender", "aem_io", "tool.py"))
tool = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(tool)

AEM = os.environ.get("AEM_CLI", "aem")
DATA = os.environ.get("AEM_TEST_DATA_DIR", os.path.join(HERE, "..", "data"))


class AddonMessages(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.TemporaryDirectory()
        self.addCleanup(self.work.cleanup)
        self.temporary = os.path.join(self.work.name, "aem_import_x")
        os.makedirs(self.temporary)

    def test_an_import_names_the_artists_file_and_each_kind_once(self):
        # A CEM with levels of detail on four meshes: glTF keeps the finest. The tool tells it once,
        # naming three of the meshes and "1 more" (a warning per mesh with -v).
        cem = os.path.join(self.work.name, "kitchen.cem")
        subprocess.run([AEM, "convert", os.path.join(DATA, "e3d", "kitchen-sink.e3d"), cem, "--lods", "2"], check=True,
                       capture_output=True)
        glb = os.path.join(self.temporary, "model.glb")
        raw = subprocess.run([AEM, "convert", cem, glb], capture_output=True, text=True).stderr
        self.assertEqual(raw.count("GLTF_WRITE_LODS_DROPPED"), 1)  # what the tool itself says
        self.assertIn(" and 1 more): ", raw)
        warnings = tool.convert(AEM, cem, glb, shown={glb: cem, self.temporary: self.work.name})
        for line in warnings:
            self.assertNotIn("aem_import_x", line)
        lods = [line for line in warnings if "GLTF_WRITE_LODS_DROPPED" in line]
        self.assertEqual(len(lods), 1)
        self.assertTrue(lods[0].startswith(cem + ": "), lods[0])
        self.assertIn(" and 1 more): ", lods[0])

    def test_an_export_error_names_the_blender_scene(self):
        glb = os.path.join(self.temporary, "model.glb")
        with open(glb, "wb") as f:
            f.write(b"glTF\x02\x00\x00\x00")  # a header cut short
        with self.assertRaises(tool.AemError) as caught:
            tool.convert(AEM, glb, os.path.join(self.work.name, "out.iqm"), shown={glb: "the Blender scene"})
        self.assertIn("the Blender scene", str(caught.exception))
        self.assertNotIn("aem_import_x", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
