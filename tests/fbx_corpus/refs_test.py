"""scripts/fbx_corpus_refs.py on small made-up ufbx checkouts: which reference frames test code defines.
Run: python3 -m unittest discover -s tests/fbx_corpus -p '*_test.py' (ctest: fbx_corpus.scripts)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import fbx_corpus_refs as refs  # noqa: E402


class Checkout:
    """A temporary ufbx-like checkout: data/ with empty files, test/ with the given headers."""

    def __init__(self, test, files, headers):
        self.dir = tempfile.TemporaryDirectory()
        test.addCleanup(self.dir.cleanup)
        os.makedirs(os.path.join(self.dir.name, "data"))
        os.makedirs(os.path.join(self.dir.name, "test"))
        for name, text in files.items():
            with open(os.path.join(self.dir.name, "data", name), "w") as f:
                f.write(text)
        for name, text in headers.items():
            with open(os.path.join(self.dir.name, "test", name), "w") as f:
                f.write(text)

    def frames(self):
        corpus, frames, unparsed = refs.parse_tests(self.dir.name)
        return refs.unique_frames(frames), unparsed


def keys(frames):
    return sorted((f.fbx, f.obj, f.anim, f.time) for f in frames if not f.excluded)


class StoredPose(unittest.TestCase):
    def test_every_version_and_format_of_a_file_test(self):
        c = Checkout(self, {"cube_7400_binary.fbx": "", "cube_6100_ascii.fbx": "", "cube.obj": "v 0 0 0\n",
                      "cube_7400_binary_extra.fbx": "", "other_7400_binary.fbx": ""},
                     {"test_a.h": "UFBXT_FILE_TEST(cube)\n#if UFBXT_IMPL\n{\n}\n#endif\n"})
        frames, unparsed = c.frames()
        self.assertEqual(keys(frames), [("cube_6100_ascii.fbx", "cube.obj", None, None),
                                        ("cube_7400_binary.fbx", "cube.obj", None, None)])
        self.assertEqual(unparsed, [])

    def test_alternative_tests_diff_only_when_asked(self):
        c = Checkout(self, {"cube_7400_binary.fbx": "", "cube.obj": "", "ball_7400_binary.fbx": "", "ball.obj": ""},
                     {"test_a.h": "UFBXT_FILE_TEST_ALT(cube_alt, cube)\n{\n}\n"
                                  "UFBXT_FILE_TEST_ALT_FLAGS(ball_alt, ball, UFBXT_FILE_TEST_FLAG_DIFF_ALWAYS)\n{\n}\n"})
        frames, _ = c.frames()
        self.assertEqual(keys(frames), [("ball_7400_binary.fbx", "ball.obj", None, None)])

    def test_scale_flag_and_expected_failures(self):
        c = Checkout(self, {"a_7400_binary.fbx": "", "a_6100_binary.fbx": "", "a.obj": ""},
                     {"test_a.h": "UFBXT_FILE_TEST_FLAGS(a, UFBXT_FILE_TEST_FLAG_DIFF_SCALE_100|"
                                  "UFBXT_FILE_TEST_FLAG_DIFF_EXPECT_FAIL_POST_7000)\n{\n}\n"})
        frames, _ = c.frames()
        by_file = {f.fbx: f for f in frames}
        self.assertEqual(by_file["a_6100_binary.fbx"].scale, 100.0)
        self.assertIsNone(by_file["a_6100_binary.fbx"].excluded)
        self.assertIn("DIFF_EXPECT_FAIL", by_file["a_7400_binary.fbx"].excluded)

    def test_options_function_of_the_test(self):
        c = Checkout(self, {"w_7400_binary.fbx": "", "w.obj": ""},
                     {"test_a.h": "static ufbx_load_opts cm_opts()\n{\n\tufbx_load_opts opts = { 0 };\n"
                                  "\topts.target_unit_meters = (ufbx_real)0.01;\n"
                                  "\topts.target_axes = ufbx_axes_right_handed_z_up;\n\treturn opts;\n}\n"
                                  "UFBXT_FILE_TEST_OPTS(w, cm_opts)\n{\n}\n"})
        frames, _ = c.frames()
        self.assertEqual(len(frames), 1)
        self.assertEqual(frames[0].load_unit, 0.01)
        self.assertEqual(frames[0].load_axes, "right_handed_z_up")

    def test_transform_skin_reference_excluded(self):
        c = Checkout(self, {"s_7400_binary.fbx": "", "s.obj": "# ufbx:transform_skin\nv 0 0 0\n"},
                     {"test_a.h": "UFBXT_FILE_TEST(s)\n{\n}\n"})
        frames, _ = c.frames()
        self.assertIn("transform_skin", frames[0].excluded)


class AnimatedFrames(unittest.TestCase):
    def test_check_frames_with_takes_times_and_flags(self):
        body = ("UFBXT_FILE_TEST(sausage)\n#if UFBXT_IMPL\n{\n"
                "\tufbxt_check_frame(scene, err, true, \"sausage_10\", \"wiggle\", 10.0/24.0);\n"
                "\tufbxt_check_frame_imp(scene, err, false, \"sausage_z_18\", NULL, 18.0/24.0, "
                "UFBXT_CHECK_FRAME_SCALE_100|UFBXT_CHECK_FRAME_Z_TO_Y_UP);\n}\n#endif\n")
        c = Checkout(self, {"sausage_7500_ascii.fbx": "", "sausage_10.obj": "", "sausage_z_18.obj": ""}, {"test_a.h": body})
        frames, unparsed = c.frames()
        self.assertEqual(unparsed, [])
        self.assertEqual(keys(frames), [("sausage_7500_ascii.fbx", "sausage_10.obj", "wiggle", 10.0 / 24.0),
                                        ("sausage_7500_ascii.fbx", "sausage_z_18.obj", None, 0.75)])
        z = [f for f in frames if f.obj == "sausage_z_18.obj"][0]
        self.assertEqual(z.scale, 100.0)
        self.assertAlmostEqual(z.rotation[0], 0.70710678)
        self.assertAlmostEqual(z.rotation[1], -0.70710678)

    def test_frames_evaluated_without_extrapolation_are_excluded(self):
        body = ("UFBXT_FILE_TEST(cube)\n#if UFBXT_IMPL\n{\n"
                "\tufbxt_check_frame(scene, err, true, \"cube_100\", NULL, 100.0/24.0);\n"
                "\tufbxt_check_frame_imp(scene, err, true, \"cube_noex_68\", NULL, 100.0/24.0, "
                "UFBXT_CHECK_FRAME_NO_EXTRAPOLATE);\n}\n#endif\n")
        c = Checkout(self, {"cube_7700_ascii.fbx": "", "cube_100.obj": "", "cube_noex_68.obj": ""}, {"test_a.h": body})
        frames, unparsed = c.frames()
        self.assertEqual(unparsed, [])
        self.assertEqual(keys(frames), [("cube_7700_ascii.fbx", "cube_100.obj", None, 100.0 / 24.0)])
        held = [f for f in frames if f.obj == "cube_noex_68.obj"][0]
        self.assertIn("NO_EXTRAPOLATE", held.excluded)

    def test_version_guard_is_followed(self):
        body = ("UFBXT_FILE_TEST(skin)\n{\n\tif (!scene) return;\n\tif (scene->metadata.version >= 7000) {\n"
                "\t\tufbxt_check_frame(scene, err, true, \"skin_4\", NULL, 4.0/24.0);\n\t}\n"
                "\tufbxt_check_frame(scene, err, true, \"skin_8\", NULL, 8.0/24.0);\n}\n")
        c = Checkout(self, {"skin_6100_binary.fbx": "", "skin_7500_binary.fbx": "", "skin_4.obj": "", "skin_8.obj": ""},
                     {"test_a.h": body})
        frames, _ = c.frames()
        self.assertEqual(keys(frames), [("skin_6100_binary.fbx", "skin_8.obj", None, 8.0 / 24.0),
                                        ("skin_7500_binary.fbx", "skin_4.obj", None, 4.0 / 24.0),
                                        ("skin_7500_binary.fbx", "skin_8.obj", None, 8.0 / 24.0)])

    def test_other_conditions_are_listed_not_dropped(self):
        body = ("UFBXT_FILE_TEST(skin)\n{\n\tif (scene->nodes.count > 3) {\n"
                "\t\tufbxt_check_frame(scene, err, true, \"skin_4\", NULL, 4.0/24.0);\n\t}\n}\n")
        c = Checkout(self, {"skin_7500_binary.fbx": "", "skin_4.obj": ""}, {"test_a.h": body})
        frames, unparsed = c.frames()
        self.assertEqual(keys(frames), [])
        self.assertEqual(len(unparsed), 1)
        self.assertIn("condition", unparsed[0].reason)
        self.assertEqual(unparsed[0].files, ["skin_7500_binary.fbx"])

    def test_iterator_loop_with_load_options(self):
        # A plain test loading every file of an iterator left-handed in metres; the loop over mirror axes
        # gives the same frame each time.
        body = ("UFBXT_TEST(axes_lh)\n{\n\tufbxt_obj_file *obj_file = ufbxt_load_obj_file(\"axes_lh\", NULL);\n"
                "\tobj_file->fbx_position_scale = 100.0;\n"
                "\tufbxt_file_iterator iter = { \"axes\" };\n\twhile (ufbxt_next_file(&iter, path, sizeof(path))) {\n"
                "\t\tfor (uint32_t i = 1; i < UFBX_MIRROR_AXIS_COUNT; i++) {\n"
                "\t\t\tufbx_load_opts opts = { 0 };\n\t\t\topts.target_axes = ufbx_axes_left_handed_y_up;\n"
                "\t\t\topts.handedness_conversion_axis = (ufbx_mirror_axis)i;\n\t\t\topts.target_unit_meters = 1.0f;\n"
                "\t\t\tufbx_scene *scene = ufbx_load_file(path, &opts, &error);\n"
                "\t\t\tif (!scene) ufbxt_log_error(&error);\n"
                "\t\t\tufbxt_diff_to_obj(scene, obj_file, &err, 0);\n"
                "\t\t\tufbxt_check_frame(scene, &err, false, \"axes_lh_5\", NULL, 5.0/24.0);\n"
                "\t\t}\n\t}\n}\n")
        c = Checkout(self, {"axes_7700_ascii.fbx": "", "axes_lh.obj": "", "axes_lh_5.obj": ""}, {"test_a.h": body})
        frames, unparsed = c.frames()
        self.assertEqual(unparsed, [])
        self.assertEqual(keys(frames), [("axes_7700_ascii.fbx", "axes_lh.obj", None, None),
                                        ("axes_7700_ascii.fbx", "axes_lh_5.obj", None, 5.0 / 24.0)])
        stored = [f for f in frames if f.time is None][0]
        self.assertEqual((stored.scale, stored.load_axes, stored.load_unit), (100.0, "left_handed_y_up", 1.0))
        animated = [f for f in frames if f.time is not None][0]
        self.assertEqual(animated.scale, 1.0)  # the frame reads its own .obj, without the diff's scale

    def test_unknown_options_are_listed(self):
        body = ("UFBXT_TEST(t)\n{\n\tufbxt_file_iterator iter = { \"a\" };\n"
                "\twhile (ufbxt_next_file(&iter, path, sizeof(path))) {\n"
                "\t\tufbx_load_opts opts = { 0 };\n\t\topts.target_axes = axes[i];\n"
                "\t\tufbx_scene *scene = ufbx_load_file(path, &opts, NULL);\n"
                "\t\tufbxt_check_frame(scene, &err, false, \"a_5\", NULL, 5.0/24.0);\n\t}\n}\n")
        c = Checkout(self, {"a_7700_ascii.fbx": "", "a_5.obj": ""}, {"test_a.h": body})
        frames, unparsed = c.frames()
        self.assertEqual(frames, [])
        self.assertEqual(len(unparsed), 1)
        self.assertIn("target_axes", unparsed[0].reason)

    def test_braces_in_strings_and_comments_do_not_count(self):
        body = ("UFBXT_FILE_TEST(q)\n{\n\tufbxt_hintf(\"{ not a block\");\n\t// }\n\t/* } */\n"
                "\tufbxt_check_frame(scene, err, false, \"q_1\", NULL, 1.0/24.0);\n}\n")
        c = Checkout(self, {"q_7700_ascii.fbx": "", "q_1.obj": ""}, {"test_a.h": body})
        frames, unparsed = c.frames()
        self.assertEqual(unparsed, [])
        self.assertEqual(keys(frames), [("q_7700_ascii.fbx", "q_1.obj", None, 1.0 / 24.0)])


class Numbers(unittest.TestCase):
    def test_constant_expressions(self):
        self.assertAlmostEqual(refs.number("15.0/24.0"), 0.625)
        self.assertEqual(refs.number("(ufbx_real)0.01"), 0.01)
        self.assertEqual(refs.number("1.0f"), 1.0)
        self.assertIsNone(refs.number("frame / 24.0"))
        self.assertIsNone(refs.number("__import__('os')"))


if __name__ == "__main__":
    unittest.main()
