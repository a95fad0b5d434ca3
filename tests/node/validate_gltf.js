// Validates .gltf/.glb files with the Khronos glTF validator and prints one JSON line per file, in order:
// {"file":F,"errors":N,"warnings":N,"infos":N,"messages":[{"code","severity","pointer","message"}]}
// (errors and warnings only). External resources resolve beside each file. Exit code 0 when every
// report was made.
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node validate_gltf.js <file.gltf|file.glb>...');
  process.exit(2);
}
const severities = ['error', 'warning', 'info', 'hint'];
const validate = (file) =>
  validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) => (err ? reject(err.toString()) : resolve(new Uint8Array(data))));
      }),
  }).then((report) => {
    const messages = report.issues.messages
      .filter((m) => m.severity <= 1)
      .map((m) => ({ code: m.code, severity: severities[m.severity], pointer: m.pointer || '', message: m.message }));
    console.log(JSON.stringify({ file, errors: report.issues.numErrors, warnings: report.issues.numWarnings, infos: report.issues.numInfos, messages }));
  });
(async () => {
  for (const file of files) await validate(file);
})().catch((error) => {
  console.error(String(error));
  process.exit(1);
});
