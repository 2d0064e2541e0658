// Scatterlab: the app's Python files, from app.bin into Pyodide's file system.
//
// app.bin (build.py's pack_app) holds the engine, the page's modules and svgwrite, each
// .py with the bytecode Pyodide compiled for it at build time, as one gzip'd pack: a
// little-endian u32 length, that many bytes of JSON [[path, size], ...], then the files'
// bytes in that order. Writing them from JavaScript spares Python's zipfile and shutil,
// and importing from bytecode spares compiling the sources, at every start.
//
// Used by the page's loader (pyodide-loader.mjs) and by every worker's interpreter
// (snapshot.mjs).

const PACK_URL = new URL("./app.bin", import.meta.url);
const HOME = "/home/pyodide/"; // on sys.path: where PyScript would unpack files

/** app.bin's bytes, unzipped (a host that already sent it gunzipped is fine too). */
export async function fetchAppFiles() {
  const response = await fetch(PACK_URL);
  if (!response.ok) throw new Error(`app.bin: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

/** Write the pack's files under Pyodide's home, each folder made as needed. */
export function writeAppFiles(pyodide, pack) {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const indexLength = view.getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(pack.subarray(4, 4 + indexLength)));
  let at = 4 + indexLength;
  for (const [path, size] of index) {
    const full = HOME + path;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, pack.subarray(at, at + size));
    at += size;
  }
  if (at !== pack.length) throw new Error(`app.bin: ${pack.length - at} bytes left over`);
}
