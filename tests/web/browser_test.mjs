// Drives the built site (web/) in headless Chromium with puppeteer-core: for one file of each format,
// loads it through the file input, waits for the page's ready state and compares the silhouette of
// the canvas with `aem render` of the same file at the same time and camera; checks that scrubbing
// changes the picture, that a hostile file shows its error above the model loaded before, which goes
// on playing with its panel, time and button (failed-load.page.png), that a glTF's images dropped
// beside it are not called embedded and a missing image gives one warning naming the file as dropped
// (missing-image.page.png), that a Draco-compressed glTF names the extension the browser build
// lacks, that ?model= loads a file from the site, and that the console shows no errors. The FBX (skinned, animated, its texture a side file)
// also has its joints, take and texture checked in the info panel and on the canvas, and loading a
// larger FBX again must leave the wasm heap as the first load grew it. The models are the repository's own (tests/data, the example tube
// written by `aem example` and converted by our writers, the FBX written by make_fbx_model); with
// AEM_CORPUS_DIR set, CesiumMan joins them and its first frame after the load is reported.
// Usage: node browser_test.mjs SITE_DIR AEM_CLI OUT_DIR MAKE_FBX_MODEL
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [siteDir, aemCli, outDir, makeFbxModel] = process.argv.slice(2);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const puppeteer = createRequire(path.join(repo, 'tests/node/package.json'))('puppeteer-core');
const data = path.join(repo, 'tests/data');
const models = path.join(outDir, 'models');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(models, { recursive: true });

// The animated example tube in our own format, converted by our writers into the others.
const tube = path.join(models, 'tube.aem');
execFileSync(aemCli, ['example', tube]);
for (const ext of ['iqe', 'iqm', 'cem', 'gltf']) execFileSync(aemCli, ['convert', tube, path.join(models, `tube.${ext}`)]);
// A binary FBX 7.4 column skinned to "root" and "tip", take "wave" (2 s), red checks in web_checks.png;
// and web_sheet.fbx, a flat grid of 300 x 300 quads.
execFileSync(makeFbxModel, [models]);
const fbx = { format: 'FBX', files: [path.join(models, 'web_column.fbx'), path.join(models, 'web_checks.png')], animated: true };
// A cube in OBJ, its .mtl naming the same checks image: read in the browser by the FBX reader's ufbx.
const objCube = path.join(models, 'web_cube.obj'), objMtl = path.join(models, 'web_cube.mtl');
fs.writeFileSync(objMtl, 'newmtl checks\nKd 1 1 1\nmap_Kd web_checks.png\n');
fs.writeFileSync(objCube, ['mtllib web_cube.mtl', 'o Cube', 'v -1 -1 -1', 'v 1 -1 -1', 'v 1 1 -1', 'v -1 1 -1', 'v -1 -1 1', 'v 1 -1 1',
  'v 1 1 1', 'v -1 1 1', 'vt 0 0', 'vt 1 0', 'vt 1 1', 'vt 0 1', 'usemtl checks',
  ...[[1, 4, 3, 2], [5, 6, 7, 8], [1, 2, 6, 5], [4, 8, 7, 3], [1, 5, 8, 4], [2, 3, 7, 6]].map((f) => `f ${f.map((v, i) => `${v}/${i + 1}`).join(' ')}`),
  ''].join('\n'));

// A textured quad in glTF whose image is `image` (an object of the glTF images array).
const quadGltf = (image) => {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), uvs = new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]);
  const indices = new Uint16Array([0, 1, 2, 0, 2, 3]);
  const bytes = Buffer.concat([positions, uvs, indices].map((a) => Buffer.from(a.buffer)));
  return JSON.stringify({
    asset: { version: '2.0' },
    buffers: [{ byteLength: bytes.length, uri: `data:application/octet-stream;base64,${bytes.toString('base64')}` }],
    bufferViews: [{ buffer: 0, byteLength: 48 }, { buffer: 0, byteOffset: 48, byteLength: 32 }, { buffer: 0, byteOffset: 80, byteLength: 12 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5126, count: 4, type: 'VEC2' }, { bufferView: 2, componentType: 5123, count: 6, type: 'SCALAR' }],
    images: [image], textures: [{ source: 0 }], materials: [{ name: 'checks', pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, indices: 2, material: 0 }] }],
    nodes: [{ mesh: 0 }], scenes: [{ nodes: [0] }], scene: 0,
  });
};
// The quad naming web_checks.png beside it, and its twin with the image inside the file.
const quad = path.join(models, 'web_quad.gltf'), quadEmbedded = path.join(models, 'web_quad_embedded.gltf');
fs.writeFileSync(quad, quadGltf({ uri: 'web_checks.png' }));
fs.writeFileSync(quadEmbedded, quadGltf({ name: 'checks', uri: `data:image/png;base64,${fs.readFileSync(path.join(models, 'web_checks.png')).toString('base64')}` }));

// One file of each format the browser build reads (`files`: the model first, then its side files).
const cases = [
  { format: 'AEM', files: [tube, path.join(models, 'tube_tube_BCO.png'), path.join(models, 'tube_tube_ORM.png')], animated: true },
  { format: 'AEM legacy', files: [path.join(data, 'aem-legacy/skinned_quad.legacy.aem')] },
  { format: 'IQE', files: [path.join(models, 'tube.iqe')], animated: true },
  { format: 'IQM', files: [path.join(models, 'tube.iqm')] },
  { format: 'CEM', files: [path.join(models, 'tube.cem')], animated: true },
  { format: 'E3D (LZMA)', files: [path.join(data, 'e3d/tube-lzma.e3d')] },
  { format: 'glTF', files: [path.join(models, 'tube.gltf'), path.join(models, 'tube.bin')], animated: true },
  fbx,
  { format: 'OBJ', files: [objCube, objMtl, path.join(models, 'web_checks.png')] },
];
const corpus = process.env.AEM_CORPUS_DIR;
const cesiumMan = corpus && path.join(corpus, 'gltf/CesiumMan/CesiumMan.glb');
if (cesiumMan && fs.existsSync(cesiumMan)) cases.push({ format: 'glTF (CesiumMan)', files: [cesiumMan], timed: true });
const hostile = path.join(data, 'cem/fuzz-frames-overrun.cem');
// A primitive whose geometry is Draco-compressed: the browser build has no Draco decoder.
const draco = path.join(models, 'draco.gltf');
fs.writeFileSync(draco, JSON.stringify({
  asset: { version: '2.0' },
  extensionsUsed: ['KHR_draco_mesh_compression'], extensionsRequired: ['KHR_draco_mesh_compression'],
  buffers: [{ byteLength: 4, uri: 'data:application/octet-stream;base64,AAAAAA==' }],
  bufferViews: [{ buffer: 0, byteLength: 4 }],
  accessors: [{ componentType: 5126, count: 3, type: 'VEC3' }],
  meshes: [{ primitives: [{ attributes: { POSITION: 0 }, extensions: { KHR_draco_mesh_compression: { bufferView: 0, attributes: { POSITION: 0 } } } }] }],
  nodes: [{ mesh: 0 }], scenes: [{ nodes: [0] }], scene: 0,
}));
const minIou = 0.97;

const failures = [];
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

// The site, and the test files under /test/ (for ?model=).
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const name = decodeURIComponent(url.pathname);
  const testFile = name.startsWith('/test/') && cases.flatMap((c) => c.files).find((f) => path.basename(f) === name.slice(6));
  const file = testFile || path.join(siteDir, name === '/' ? 'index.html' : path.normalize(name));
  if (!file.startsWith(siteDir) && !testFile) return res.writeHead(403).end();
  fs.readFile(file, (err, body) => {
    if (err) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' }).end(body);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const profile = fs.mkdtempSync(path.join(outDir, 'chromium-profile-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: 'new',
  args: ['--no-sandbox', '--disable-gpu-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
});
const consoleErrors = [];
try {
  const page = await browser.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.setViewport({ width: 960, height: 640, deviceScaleFactor: 1 });

  const waitSettled = () => page.waitForFunction(() => ['ready', 'error'].includes(document.body.dataset.state), { timeout: 30000 });
  const nextFrames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const load = async (...files) => {
    for (const f of files) if (!fs.existsSync(f)) throw new Error(`test input missing: ${f}`);
    await page.evaluate(() => (document.body.dataset.state = 'waiting'));
    await (await page.$('#file-input')).uploadFile(...files);
    await waitSettled();
    return page.evaluate(() => document.body.dataset.state);
  };
  // Paused at `fraction` of the timeline.
  const scrub = async (fraction) => {
    await page.evaluate((f) => {
      if (document.getElementById('play').textContent === 'Pause') document.getElementById('play').click();
      const t = document.getElementById('timeline');
      t.value = String(Math.round(f * 1000));
      t.dispatchEvent(new Event('input'));
    }, fraction);
    await nextFrames();
  };
  const canvasPng = () => page.evaluate(() => document.getElementById('view').toDataURL('image/png'));
  // Pixels unlike the background in each image, their IoU, and how many pixels differ between the two.
  const silhouettes = (a, b) => page.evaluate(async (a, b) => {
    const pixels = async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height);
    };
    const [pa, pb] = [await pixels(a), await pixels(b)];
    if (pa.width !== pb.width || pa.height !== pb.height) return { error: `sizes ${pa.width}x${pa.height} vs ${pb.width}x${pb.height}` };
    // The background is the clear colour in the top-left corner (framing leaves a margin there).
    const fg = (d, i) => Math.max(Math.abs(d[i] - d[0]), Math.abs(d[i + 1] - d[1]), Math.abs(d[i + 2] - d[2])) > 12;
    let inter = 0, union = 0, na = 0, nb = 0, changed = 0;
    for (let i = 0; i < pa.data.length; i += 4) {
      const x = fg(pa.data, i), y = fg(pb.data, i);
      na += x; nb += y; inter += x && y; union += x || y;
      changed += Math.max(Math.abs(pa.data[i] - pb.data[i]), Math.abs(pa.data[i + 1] - pb.data[i + 1]), Math.abs(pa.data[i + 2] - pb.data[i + 2])) > 24;
    }
    return { iou: union ? inter / union : 0, na, nb, changed };
  }, a, b);
  const dataUrl = (file) => `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;
  const save = (url, file) => fs.writeFileSync(file, Buffer.from(url.split(',')[1], 'base64'));

  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.body.dataset.state === 'idle', { timeout: 30000 });
  await page.click('#grid');  // the comparison renders without the grid

  for (const c of cases) {
    const [model] = c.files;
    const state = await load(...c.files);
    check(state === 'ready', `${c.format}: ${path.basename(model)} reaches the ready state (${state})`);
    if (state !== 'ready') continue;
    if (c.timed) console.log(`${c.format}: first frame ${await page.evaluate(() => document.body.dataset.firstFrameMs)} ms after the load`);
    await scrub(0);
    const base = path.join(outDir, path.basename(model).replace(/\./g, '_'));
    await page.screenshot({ path: `${base}.page.png` });
    const shot = await canvasPng();
    save(shot, `${base}.web.png`);
    const [w, h] = await page.evaluate(() => [document.getElementById('view').width, document.getElementById('view').height]);
    execFileSync(aemCli, ['render', model, '-o', `${base}.aem.png`, '--size', `${w}x${h}`, '--no-grid', '--time', '0']);
    const s = await silhouettes(shot, dataUrl(`${base}.aem.png`));
    check(!s.error && s.iou >= minIou && s.na > 100, `${c.format}: silhouette IoU ${s.iou?.toFixed(4)} >= ${minIou} (${s.na} vs ${s.nb} pixels) ${s.error || ''}`);
    if (c.animated) {
      await scrub(0.5);
      const later = await canvasPng();
      save(later, `${base}.web-half.png`);
      const d = await silhouettes(shot, later);
      check(d.changed > 200, `${c.format}: scrubbing to half the animation changes ${d.changed} pixels`);
    }
  }

  // The FBX once more: what the info panel says about it, its texture on the canvas, and the wasm heap
  // over further loads (ufbx allocates per load: what a load takes must be given back).
  check((await load(...fbx.files)) === 'ready', 'FBX: loads again');
  const panel = await page.evaluate(() => {
    const info = document.getElementById('info');
    const lists = {};
    for (const d of info.querySelectorAll('details'))
      lists[d.querySelector('summary').textContent] = [...d.querySelectorAll('li')].map((li) =>
        [li.firstChild.textContent, li.parentElement.closest('li')?.firstChild.textContent ?? null]);
    return {
      counts: Object.fromEntries([...info.querySelectorAll('table tr')].map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])),
      lists,
      notes: [...info.querySelectorAll('.note')].map((n) => n.textContent),
      warnings: [...info.querySelectorAll('.warning')].map((w) => w.textContent),
      animations: [...document.getElementById('animation').options].map((o) => o.textContent),
    };
  });
  const json = (x) => JSON.stringify(x);
  check(panel.counts.joints === '2' && panel.counts.animations === '1', `FBX: the panel counts 2 joints and 1 animation: ${json(panel.counts)}`);
  check(json(panel.lists['Bones (2)']) === json([['root', null], ['tip', 'root']]), `FBX: the bone tree is root > tip: ${json(panel.lists)}`);
  check(json(panel.animations) === json(['0: wave (2.00 s)']), `FBX: the take is listed with its length: ${json(panel.animations)}`);
  check(json(panel.lists['Textures (1)']) === json([['web_checks.png', null]]) && panel.warnings.length === 0,
    `FBX: its texture is the dropped side file, without warnings: ${json(panel.lists['Textures (1)'])} ${json(panel.warnings)}`);
  check(panel.notes.includes('version: 7.4 binary') && panel.notes.includes('units: metres (1 m per unit)'),
    `FBX: the panel shows the file's version and units: ${json(panel.notes)}`);
  await scrub(0);
  // Without its image the column would be drawn in the material's white: red pixels are the texture's.
  const red = await page.evaluate(() => {
    const c = document.getElementById('view');
    const g = new OffscreenCanvas(c.width, c.height).getContext('2d');
    g.drawImage(c, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const fg = (i) => Math.max(Math.abs(d[i] - d[0]), Math.abs(d[i + 1] - d[1]), Math.abs(d[i + 2] - d[2])) > 12;
    let drawn = 0, reds = 0;
    for (let i = 0; i < d.length; i += 4) if (fg(i)) { drawn++; reds += d[i] > 2 * d[i + 1] && d[i] > 2 * d[i + 2]; }
    return { drawn, share: drawn ? reds / drawn : 0 };
  });
  check(red.drawn > 100 && red.share > 0.9, `FBX: the textured column is red: ${(red.share * 100).toFixed(1)}% of ${red.drawn} pixels`);
  // A sheet whose read takes more than the heap's first 16 MB: once grown, the heap stays as it is.
  const heaps = [];
  for (let i = 0; i < 3; ++i) {
    check((await load(path.join(models, 'web_sheet.fbx'))) === 'ready', `FBX: the 300 x 300 quad sheet loads (${i + 1})`);
    heaps.push(await page.evaluate(() => state.module.HEAPU8.length));  // app.js's state
  }
  check(heaps[0] > 16 << 20 && heaps[2] === heaps[0], `FBX: loading it again leaves the grown wasm heap as it was: ${heaps.join(', ')} bytes`);

  // What the panel lists as textures and warnings.
  const texturesAndWarnings = () => page.evaluate(() => ({
    textures: [...document.querySelectorAll('#info details')].filter((d) => d.querySelector('summary').textContent.startsWith('Textures'))
      .flatMap((d) => [...d.querySelectorAll('li')].map((li) => li.textContent)),
    warnings: [...document.querySelectorAll('#info .warning')].map((w) => w.textContent),
  }));
  // Images dropped beside a glTF are files, not embedded; an image inside the file is.
  check((await load(quad, path.join(models, 'web_checks.png'))) === 'ready', 'glTF quad: loads with its image beside it');
  let listed = await texturesAndWarnings();
  check(json(listed) === json({ textures: ['web_checks.png'], warnings: [] }), `glTF quad: its image is a file beside it, no warnings: ${json(listed)}`);
  check((await load(quadEmbedded)) === 'ready', 'glTF quad with its image inside: loads');
  listed = await texturesAndWarnings();
  check(json(listed.textures) === json(['checks (embedded)']), `glTF quad with its image inside: listed as embedded: ${json(listed)}`);
  // Without the image: one warning, naming the file as the user would (not the page's folder).
  for (const [what, files] of [['glTF quad', [quad]], ['OBJ cube', [objCube, objMtl]]]) {
    check((await load(...files)) === 'ready', `${what} without its image: loads`);
    listed = await texturesAndWarnings();
    const naming = listed.warnings.filter((w) => w.includes('web_checks.png'));
    check(naming.length === 1 && !listed.warnings.some((w) => w.includes('/models/')),
      `${what} without its image: one warning names web_checks.png, none the page's folder: ${json(listed.warnings)}`);
    if (what === 'glTF quad') check(json(listed.textures) === json(['web_checks.png (missing)']), `glTF quad without its image: listed as missing: ${json(listed.textures)}`);
  }
  await page.screenshot({ path: path.join(outDir, 'missing-image.page.png') });

  // A file that fails to load leaves the model shown before working: playing, its panel, time and
  // button, with the error above them.
  check((await load(...cases[0].files)) === 'ready', 'the animated tube loads before the hostile file');
  const state = await load(hostile);
  const shown = await page.evaluate(() => ({ hidden: document.getElementById('error').hidden, code: document.getElementById('error-code')?.textContent,
    text: document.getElementById('error').textContent }));
  check(state === 'error' && !shown.hidden && /^[A-Z][A-Z0-9_]+$/.test(shown.code || '') && /at byte \d+/.test(shown.text) && !shown.text.includes('/models/'),
    `hostile file shows its error with code and offset: ${shown.text}`);
  const timeNow = () => page.evaluate(() => parseFloat(document.getElementById('time').textContent));
  const t0 = await timeNow(), shot0 = await canvasPng();
  await page.waitForFunction((t) => Math.abs(parseFloat(document.getElementById('time').textContent) - t) >= 0.3, { timeout: 20000 }, t0)
    .catch(() => {});
  const moved = await silhouettes(shot0, await canvasPng());
  const kept = await page.evaluate(() => ({
    model: document.querySelector('#info h2 + div')?.textContent, play: document.getElementById('play').textContent,
    controls: ['play', 'timeline', 'animation'].filter((id) => document.getElementById(id).disabled),
    animations: [...document.getElementById('animation').options].map((o) => o.textContent),
    status: document.getElementById('status').textContent,
  }));
  await page.screenshot({ path: path.join(outDir, 'failed-load.page.png') });
  check(kept.model === 'tube.aem (AEM)' && kept.animations.length === 1 && kept.controls.length === 0 && kept.play === 'Pause',
    `after the hostile file the tube's panel and controls stay: ${json(kept)}`);
  check(Math.abs((await timeNow()) - t0) >= 0.3 && moved.changed > 200,
    `after the hostile file the tube still plays: time ${t0} -> ${await timeNow()}, ${moved.changed} pixels changed`);
  check(kept.status.includes('fuzz-frames-overrun.cem') && kept.status.includes('tube.aem'), `the status names both files: ${kept.status}`);
  await page.click('#play');
  const paused = await page.evaluate(() => document.getElementById('play').textContent);
  check(paused === 'Play', `the tube's Pause button still pauses: ${paused}`);
  check((await load(...cases[0].files)) === 'ready', 'after the hostile file the page loads a model again');
  check((await page.evaluate(() => document.getElementById('error').hidden)), 'a model that loads hides the error');

  await load(draco);
  const refused = await page.evaluate(() => ({ code: document.getElementById('error-code')?.textContent, text: document.getElementById('error').textContent }));
  check(refused.code === 'GLTF_UNSUPPORTED_EXTENSION' && refused.text.includes('KHR_draco_mesh_compression'),
    `a Draco-compressed glTF names the extension: ${refused.text}`);

  await page.evaluate(() => (document.body.dataset.state = 'waiting'));
  await page.goto(`${origin}/?model=/test/${path.basename(cases[3].files[0])}`);
  await waitSettled();
  check((await page.evaluate(() => document.body.dataset.state)) === 'ready', '?model= loads a model from the site');
} finally {
  await browser.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
check(consoleErrors.length === 0, `no console errors${consoleErrors.length ? ': ' + consoleErrors.join(' | ') : ''}`);
console.log(failures.length ? `${failures.length} check(s) failed` : 'all checks passed');
process.exit(failures.length ? 1 : 0);
