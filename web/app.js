// The page over the wasm module (aem.js): files go into the module's in-memory file system, the module
// reads and draws them; this file only keeps the UI state, the clock and the mouse.
'use strict';

const modelExtensions = ['.gltf', '.glb', '.fbx', '.obj', '.aem', '.iqm', '.iqe', '.cem', '.e3d'];
const $ = (id) => document.getElementById(id);
const ui = {
  canvas: $('view'), input: $('file-input'), status: $('status'), error: $('error'), info: $('info'),
  animation: $('animation'), play: $('play'), timeline: $('timeline'), time: $('time'), speed: $('speed'),
  wireframe: $('wireframe'), skeleton: $('skeleton'), grid: $('grid'), frame: $('frame'),
};
const state = { module: null, api: null, info: null, modelName: '', animation: -1, duration: 0, time: 0, playing: true, dirty: true,
  last: 0, loads: 0, readyOnDraw: false };

function setState(s, text) {
  document.body.dataset.state = s;
  ui.status.textContent = text;
}

function showError(e) {
  const where = [e.offset !== undefined ? `at byte ${e.offset}` : '', e.line !== undefined ? `line ${e.line}` : '',
    e.column !== undefined ? `column ${e.column}` : '',
    e.path || ''].filter(Boolean).join(', ');
  ui.error.innerHTML = '';
  const title = document.createElement('strong');
  title.textContent = `${e.format || ''} error `;
  const code = document.createElement('code');
  code.id = 'error-code';
  code.textContent = e.code;
  const body = document.createElement('div');
  body.textContent = `${where ? where + ': ' : ''}${e.message}`;
  ui.error.append(title, code, body);
  ui.error.hidden = false;
}

function resizeCanvas() {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(ui.canvas.clientWidth * dpr)), h = Math.max(1, Math.round(ui.canvas.clientHeight * dpr));
  if (ui.canvas.width !== w || ui.canvas.height !== h) {
    ui.canvas.width = w;
    ui.canvas.height = h;
    state.dirty = true;
  }
}

const aspect = () => ui.canvas.width / Math.max(1, ui.canvas.height);

// Duration of what the animation list selects: a skeletal animation, or the vertex animation.
function currentDuration() {
  const info = state.info;
  if (!info) return 0;
  if (state.animation >= 0) return info.animations[state.animation].duration;
  const va = info.vertex_animation;
  return va.frames >= 2 ? va.frames / va.playback_rate : 0;
}

function setTime(t) {
  state.time = t;
  ui.time.textContent = `${t.toFixed(2)} s`;
  ui.timeline.value = state.duration > 0 ? Math.round((t / state.duration) * 1000) : 0;
  state.api.pose(state.animation, t);
  state.dirty = true;
}

function setPlaying(playing) {
  state.playing = playing && state.duration > 0;
  ui.play.textContent = state.playing ? 'Pause' : 'Play';
}

function selectAnimation(index) {
  state.animation = index;
  state.duration = currentDuration();
  ui.timeline.disabled = ui.play.disabled = state.duration <= 0;
  setTime(0);
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function boneTree(joints) {
  const children = joints.map(() => []), roots = [];
  joints.forEach((j, i) => (j.parent >= 0 && j.parent < joints.length && j.parent !== i ? children[j.parent] : roots).push(i));
  const seen = new Set();
  const build = (indices) => {
    const ul = el('ul');
    for (const i of indices) {
      if (seen.has(i)) continue;  // a parent cycle would recurse forever
      seen.add(i);
      const li = el('li', joints[i].name || `joint ${i}`);
      if (children[i].length) li.append(build(children[i]));
      ul.append(li);
    }
    return ul;
  };
  return build(roots);
}

function showInfo(info, fileName) {
  ui.info.innerHTML = '';
  ui.info.append(el('h2', 'Model'), el('div', `${fileName} (${info.format})`));
  for (const [key, value] of Object.entries(info.notes)) ui.info.append(el('div', `${key}: ${value}`, 'note'));
  const table = el('table');
  for (const [k, v] of Object.entries(info.counts)) {
    const tr = el('tr');
    tr.append(el('td', k.replace('_', ' ')), el('td', String(v)));
    table.append(tr);
  }
  ui.info.append(table);
  const list = (title, items, text) => {
    if (!items.length) return;
    const d = el('details');
    d.open = items.length <= 8;
    d.append(el('summary', `${title} (${items.length})`));
    const ul = el('ul');
    items.forEach((item) => ul.append(el('li', text(item))));
    d.append(ul);
    ui.info.append(d);
  };
  list('Materials', info.materials, (m) => (m.name || '(unnamed)') + (m.textures.length ? ': ' + m.textures.map((t) => `${t.slot} ${t.texture}`).join(', ') : ''));
  list('Textures', info.textures, (t) => t.name + ({ embedded: ' (embedded)', missing: ' (missing)' }[t.source] || ''));
  if (info.joints.length) {
    const d = el('details');
    d.append(el('summary', `Bones (${info.joints.length})`), boneTree(info.joints));
    ui.info.append(d);
  }
  if (info.warnings.length) {
    ui.info.append(el('h2', 'Warnings'));
    info.warnings.forEach((w) => ui.info.append(el('div', w.text, 'warning')));
  }
}

function resetModel() {
  state.info = null;
  ui.info.innerHTML = '';
  ui.animation.innerHTML = '';
  ui.animation.disabled = ui.play.disabled = ui.timeline.disabled = true;
}

// Reads dropped or opened files; the first frame is timed from here (data-first-frame-ms).
async function loadFiles(files) {
  const started = performance.now();
  const named = await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  loadNamed(named, started);
}

// Writes the files into a fresh folder (so that side files resolve beside the model) and loads the
// first model among them.
function loadNamed(named, started = performance.now()) {
  const model = modelExtensions.map((ext) => named.find((f) => f.name.toLowerCase().endsWith(ext))).find(Boolean) || named[0];
  if (!model) return;
  ui.error.hidden = true;
  setState('loading', `Loading ${model.name}…`);
  const FS = state.module.FS;
  const dir = `/models/${++state.loads}`;
  FS.mkdirTree(dir);
  for (const f of named) FS.writeFile(`${dir}/${f.name}`, f.bytes);
  const reply = JSON.parse(state.api.load(`${dir}/${model.name}`, aspect()));
  for (const f of named) FS.unlink(`${dir}/${f.name}`);  // the scene is in memory now; free the copies
  FS.rmdir(dir);
  if (!reply.ok) {
    // The module still shows the model loaded before: it stays as it was, playing, panel and all.
    showError(reply.error);
    state.dirty = true;
    setState('error', `Could not read ${model.name}` + (state.info ? `; still showing ${state.modelName}` : ''));
    return;
  }
  resetModel();
  state.info = reply;
  state.modelName = model.name;
  document.body.classList.add('has-model');
  showInfo(reply, model.name);
  reply.animations.forEach((a, i) => ui.animation.append(new Option(`${i}: ${a.name || '(unnamed)'} (${a.duration.toFixed(2)} s)`, i)));
  if (!reply.animations.length && reply.vertex_animation.frames >= 2) ui.animation.append(new Option('vertex animation', -1));
  ui.animation.disabled = ui.animation.options.length === 0;
  selectAnimation(reply.animations.length ? 0 : -1);
  setPlaying(true);
  state.readyOnDraw = `${model.name}: ${reply.counts.vertices} vertices, ${reply.counts.triangles} triangles`;
  state.loadStarted = started;
}

function draw(now) {
  resizeCanvas();
  const dt = state.last ? (now - state.last) / 1000 : 0;
  state.last = now;
  if (state.info && state.playing && state.duration > 0) setTime((state.time + dt * Number(ui.speed.value)) % state.duration);
  if (state.dirty) {
    state.api.draw(ui.canvas.width, ui.canvas.height, ui.wireframe.checked, ui.skeleton.checked, ui.grid.checked);
    state.dirty = false;
    if (state.readyOnDraw) {
      const ms = performance.now() - state.loadStarted;
      setState('ready', `${state.readyOnDraw} (first frame ${ms.toFixed(0)} ms)`);
      document.body.dataset.firstFrameMs = ms.toFixed(0);
      state.readyOnDraw = false;
    }
  }
  requestAnimationFrame(draw);
}

function bindControls() {
  ui.input.addEventListener('change', () => {
    if (ui.input.files.length) loadFiles([...ui.input.files]);
    ui.input.value = '';
  });
  const stage = $('stage');
  stage.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  stage.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  stage.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    if (e.dataTransfer.files.length) loadFiles([...e.dataTransfer.files]);
  });
  ui.animation.addEventListener('change', () => selectAnimation(Number(ui.animation.value)));
  ui.play.addEventListener('click', () => setPlaying(!state.playing));
  ui.timeline.addEventListener('input', () => setTime((Number(ui.timeline.value) / 1000) * state.duration));
  for (const box of [ui.wireframe, ui.skeleton, ui.grid]) box.addEventListener('change', () => (state.dirty = true));
  const frame = () => { state.api.frame(aspect()); state.dirty = true; };
  ui.frame.addEventListener('click', frame);
  ui.canvas.addEventListener('dblclick', frame);
  ui.canvas.addEventListener('keydown', (e) => { if (e.key === 'f' || e.key === 'F') frame(); });
  ui.canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  let drag = null;
  ui.canvas.addEventListener('pointerdown', (e) => {
    drag = { x: e.clientX, y: e.clientY, pan: e.button === 2 || e.shiftKey };
    ui.canvas.setPointerCapture(e.pointerId);
  });
  ui.canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dpr = window.devicePixelRatio || 1, dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (drag.pan) state.api.pan(dx * dpr, dy * dpr, ui.canvas.height);
    else state.api.orbit(-dx * 0.4, dy * 0.4);
    state.dirty = true;
  });
  ui.canvas.addEventListener('pointerup', () => (drag = null));
  ui.canvas.addEventListener('wheel', (e) => { e.preventDefault(); state.api.zoom(-e.deltaY / 100); state.dirty = true; }, { passive: false });
}

// ?model=PATH loads a model served by the same site (with ?side=A,B its side files, beside it).
async function loadFromUrl() {
  const params = new URLSearchParams(location.search);
  const path = params.get('model');
  if (!path) return;
  const url = new URL(path, location.href);
  if (url.origin !== location.origin) {
    showError({ code: 'URL_NOT_SAME_SITE', message: `${path}: only models from this site can be loaded by URL` });
    setState('error', 'Model URL refused');
    return;
  }
  const sides = (params.get('side') || '').split(',').filter(Boolean).map((s) => new URL(s, url));
  try {
    const named = await Promise.all([url, ...sides].map(async (u) => {
      const response = await fetch(u);
      if (!response.ok) throw new Error(`${u.pathname}: HTTP ${response.status}`);
      return { name: decodeURIComponent(u.pathname.split('/').pop()), bytes: new Uint8Array(await response.arrayBuffer()) };
    }));
    loadNamed(named);
  } catch (e) {
    showError({ code: 'FETCH_FAILED', message: e.message });
    setState('error', 'Model download failed');
  }
}

createAemModule().then((module) => {
  state.module = module;
  state.api = {
    init: module.cwrap('aem_web_init', 'string', ['string']),
    load: module.cwrap('aem_web_load', 'string', ['string', 'number']),
    pose: module.cwrap('aem_web_pose', null, ['number', 'number']),
    draw: module.cwrap('aem_web_draw', null, ['number', 'number', 'number', 'number', 'number']),
    frame: module.cwrap('aem_web_frame', null, ['number']),
    orbit: module.cwrap('aem_web_orbit', null, ['number', 'number']),
    pan: module.cwrap('aem_web_pan', null, ['number', 'number', 'number']),
    zoom: module.cwrap('aem_web_zoom', null, ['number']),
  };
  resizeCanvas();
  const failure = state.api.init('#view');
  if (failure) {
    showError(JSON.parse(failure).error);
    setState('error', 'No WebGL 2');
    return;
  }
  bindControls();
  setState('idle', 'Drop or open a model');
  requestAnimationFrame(draw);
  loadFromUrl();
});
