#!/usr/bin/env node
// `npm run lint:deps`: cruises backend/src once with dependency-cruiser, prints the violations of
// the rules in .dependency-cruiser.cjs as `depcruise` does, and checks on the same graph that no two
// top folders of backend/src (domains and the shared layer) import each other, directly or through
// others. dependency-cruiser's folder rules see every subfolder (dto/, ledger/, ...) as a folder of
// its own, so a cycle such as incoming -> outgoing -> outgoing/dto -> incoming/dto would pass them.
// Exit code 1 on any violation.
import process from 'node:process';
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const SOURCE = 'backend/src';
const topFolder = (file) => file.match(/^backend\/src\/([^/]+)\//)?.[1];

/** The imports between top folders: folder -> imported folder -> one import that makes the edge. */
function folderGraph(modules) {
  const graph = new Map();
  for (const m of modules) {
    const from = topFolder(m.source);
    if (!from) continue;
    const edges = graph.get(from) ?? graph.set(from, new Map()).get(from);
    for (const d of m.dependencies) {
      const to = topFolder(d.resolved);
      if (to && to !== from && !edges.has(to)) edges.set(to, `${m.source} -> ${d.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder (Tarjan's algorithm). */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do component.push((w = stack.pop()));
    while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output: result } = await cruise([SOURCE], options);
const report = await format(result, { outputType: 'err' });
process.stdout.write(report.output);

const graph = folderGraph(result.modules);
const loops = cycles(graph);
for (const component of loops) {
  console.log(`\n  error no-domain-cycle: ${component.map((f) => `${SOURCE}/${f}`).join(', ')} import each other:`);
  for (const from of component) {
    for (const [to, example] of graph.get(from) ?? []) if (component.includes(to)) console.log(`      ${example}`);
  }
}
if (loops.length) console.log(`\nx ${loops.length} import cycle(s) between the folders of ${SOURCE}.\n`);
process.exitCode = report.exitCode || loops.length ? 1 : 0;
