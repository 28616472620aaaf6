// The paint stage alone, A/B: each child process lays a workload out once with its own build
// of packages/core, then paints the same pages n times (warm) and reports the median CPU and
// wall ms of paintPdf; children of A and B alternate (the order swaps every round). A whole
// render's CPU moves by ±5 % from one process to the next on a shared machine, more than most
// paint changes are worth; painting the same pages again leaves only the paint code's own.
//   node bench/paint-stage.mjs <workload-index> <rounds> <a/core/dist> <b/core/dist> [n]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { layoutOptions, loadStages, parseWorkload } from './stages.mjs';
import { workloads } from './workloads.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function child(index, dist, n) {
  const stages = await loadStages(dist);
  const { format, doc, chrome } = parseWorkload(stages, workloads[index].options);
  const styles = stages.computeStyles(doc, { format, chrome });
  const fonts = stages.getFontRegistry().createFontSet();
  const pages = stages.layoutDocument(styles.root, layoutOptions(stages, styles, format, fonts));
  const cpu = [];
  const wall = [];
  for (let i = 0; i < n + 3; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await stages.paintPdf(pages, { fonts, images: new Map(), outline: true, diagnostics: [] });
    const c = process.cpuUsage(c0);
    if (i >= 3) {
      cpu.push((c.user + c.system) / 1000);
      wall.push(performance.now() - t0);
    }
  }
  console.log(JSON.stringify({ cpu: median(cpu), wall: median(wall) }));
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(Number(args[1]), args[2], Number(args[3]));
} else {
  const [index = '2', rounds = '8', distA, distB, n = '20'] = args;
  if (!distA || !distB) throw new Error('usage: paint-stage.mjs <workload> <rounds> <a/core/dist> <b/core/dist> [n]');
  const self = fileURLToPath(import.meta.url);
  const samples = [[], []];
  for (let r = 0; r < Number(rounds); r++) {
    for (const b of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const out = execFileSync(process.execPath, [self, '--child', index, [distA, distB][b], n], { encoding: 'utf8' });
      samples[b].push(JSON.parse(out.trim().split('\n').pop()));
    }
  }
  for (const [b, label] of [
    [0, 'A'],
    [1, 'B'],
  ]) {
    const cpu = samples[b].map((s) => s.cpu);
    console.log(
      `${label} ${workloads[Number(index)].name} paint: ${median(cpu).toFixed(2)} ms CPU (${cpu.map((x) => x.toFixed(1)).join(' ')}), ${median(samples[b].map((s) => s.wall)).toFixed(2)} ms wall, ${[distA, distB][b]}`,
    );
  }
}
