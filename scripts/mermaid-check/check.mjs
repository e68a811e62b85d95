// Parses Mermaid diagrams with the real Mermaid parser, under jsdom.
// Reads a JSON array of diagram sources on stdin and prints a JSON array
// with, for each, {"ok": true, "type": "flowchart-v2"} or
// {"ok": false, "error": "..."}. Exits 0 when it could run at all.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
globalThis.DOMParser = dom.window.DOMParser;
globalThis.Element = dom.window.Element;

const { default: mermaid } = await import('mermaid');
// As GitHub renders it: strict security, no HTML but the sanitized labels.
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

let input = '';
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const src of JSON.parse(input)) {
  try {
    const r = await mermaid.parse(src);
    out.push({ ok: true, type: r.diagramType });
  } catch (e) {
    out.push({ ok: false, error: String(e && e.message ? e.message : e) });
  }
}
process.stdout.write(JSON.stringify(out) + '\n');
