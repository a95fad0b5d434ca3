// `aem info --json` read with a JSON parser: values checked against models whose contents are known
// independently (the example tube's sizes, a hand-written glTF triangle), the error object on failure,
// and docs/json.md's key tables against the keys the tool prints.
// Usage: node info_json_test.mjs AEM_TOOL DOCS_JSON_MD TEST_DATA_DIR
import { execFileSync, spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [aem, docPath, dataDir] = process.argv.slice(2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aem-info-json-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

const info = (file) => JSON.parse(execFileSync(aem, ['info', file, '--json'], { encoding: 'utf8' }));
const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-6, `${a} != ${b}`);
const printedKeys = new Set();
const collectKeys = (v) => {
  if (Array.isArray(v)) v.forEach(collectKeys);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      printedKeys.add(k);
      if (k !== 'notes') collectKeys(x);  // notes' names are the file's own facts, documented by example
    }
};

// The example tube: 3 rings of 4 segments (+1 seam vertex), 2 joints in a chain, radius 0.25, height 2.
const tube = path.join(dir, 'tube.aem');
execFileSync(aem, ['example', tube, '--rings', '3', '--segments', '4', '--joints', '2']);
const t = info(tube);
collectKeys(t);
assert.equal(t.format, 'AEM');
assert.equal(t.vertex_count, 15);
assert.equal(t.triangle_count, 16);
assert.equal(t.index_count, 48);
assert.equal(t.meshes.length, t.mesh_count);
assert.equal(t.meshes[0].skinned, true);
assert.deepEqual(t.bones, [{ name: 'bone0', parent: -1 }, { name: 'bone1', parent: 0 }]);
assert.equal(t.animations.length, 1);
assert.equal(t.animations[0].channel_count, 2);
// Per joint: a rotation key per frame of 2 s at 30 keys per second (61), one translation, one scale.
assert.equal(t.animations[0].key_count, 2 * (61 + 1 + 1));
assert.ok(t.animations[0].duration > 0);
[-0.25, 0, -0.25].forEach((v, i) => close(t.bounds.min[i], v));
[0.25, 2, 0.25].forEach((v, i) => close(t.bounds.max[i], v));
assert.ok(typeof t.notes.layout === 'string');
assert.deepEqual(t.warnings, []);

// Converted to IQE, the material's colours become PNG files beside the model: file references.
const iqe = path.join(dir, 'tube.iqe');
execFileSync(aem, ['convert', tube, iqe]);
const q = info(iqe);
collectKeys(q);
assert.ok(q.textures.length > 0);
for (const tex of q.textures) {
  assert.equal(tex.embedded, false);
  assert.equal(tex.file_bytes, fs.statSync(path.join(dir, tex.name)).size);
}
const slots = q.materials[0].textures;
assert.ok(slots.base_color >= 0 && slots.base_color < q.textures.length);

// The hand-written triangle: one node placing one mesh.
const g = info(path.join(dataDir, 'gltf', 'triangle.gltf'));
collectKeys(g);
assert.equal(g.vertex_count, 3);
assert.equal(g.triangle_count, 1);
close(g.bounds.max[0], 1);
close(g.bounds.max[1], 1);

// A truncated file: exit 1, a JSON error object on stdout, the text on stderr.
const cut = path.join(dir, 'cut.aem');
fs.writeFileSync(cut, fs.readFileSync(tube).subarray(0, 40));
const r = spawnSync(aem, ['info', cut, '--json'], { encoding: 'utf8' });
assert.equal(r.status, 1);
const e = JSON.parse(r.stdout);
collectKeys(e);
assert.equal(typeof e.error.code, 'string');
assert.ok(e.error.code.length > 0);
assert.equal(e.error.file, cut);
assert.ok(r.stderr.includes(e.error.code), r.stderr);

// docs/json.md: the backticked names in the first column of its tables.
const doc = fs.readFileSync(docPath, 'utf8');
const documented = new Set();
for (const line of doc.split('\n')) {
  const first = line.match(/^\| ([^|]+) \|/);
  if (first) for (const m of first[1].matchAll(/`([a-z_]+)`/g)) documented.add(m[1]);
}
for (const k of printedKeys) assert.ok(documented.has(k), `key "${k}" is printed but not in docs/json.md`);
const infoSection = doc.slice(doc.indexOf('## `aem info'), doc.indexOf('## Diagnostic objects'));
for (const m of infoSection.matchAll(/^\| ([^|]+) \|/gm))
  for (const k of m[1].matchAll(/`([a-z_]+)`/g))
    if (k[1] !== 'key') assert.ok(printedKeys.has(k[1]), `docs/json.md documents "${k[1]}" but aem info never printed it`);
console.log(`info --json: ${printedKeys.size} keys checked`);
