import { readFileSync, readdirSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const dir = "build/client/assets";
const want = process.argv.slice(2);
const totals = new Map();
for (const f of readdirSync(dir).filter(f => f.endsWith(".js") && want.some(w => f.startsWith(w)))) {
  const code = readFileSync(`${dir}/${f}`, "utf8");
  let map; try { map = JSON.parse(readFileSync(`${dir}/${f}.map`, "utf8")); } catch { continue; }
  const c = new SourceMapConsumer(map);
  const lines = code.split("\n");
  const segs = [];
  c.eachMapping(m => segs.push(m), null, SourceMapConsumer.GENERATED_ORDER);
  for (let i = 0; i < segs.length; i++) {
    const m = segs[i], n = segs[i+1];
    const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine-1].length;
    const src = (m.source || "?").replace(/.*node_modules\//, "nm/");
    const key = src.replace(/^(nm\/(@[^/]+\/)?[^/]+).*/, "$1") ;
    const k2 = src.startsWith("nm/") ? key + " :: " + src.split("/").slice(-1)[0] : src;
    totals.set(k2, (totals.get(k2) || 0) + (end - m.generatedColumn));
  }
}
[...totals].sort((a,b)=>b[1]-a[1]).slice(0,60).forEach(([k,v])=>console.log(String(v).padStart(8), k));
