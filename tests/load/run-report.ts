import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** What the load's and the soak's results say of the machine they ran on, and how long they took. */
export function machineInfo(startedMs: number) {
  return {
    cpu: cpus()[0]?.model ?? 'inconnu',
    cores: cpus().length,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    load_at_end: Math.round(loadavg()[0]! * 100) / 100,
    date: new Date().toISOString(),
    seconds: Math.round((Date.now() - startedMs) / 1000),
  };
}

/** A table on the console, each column as wide as its widest cell. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => (r[i] ?? '').length)));
  const print = (r: string[]) => console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join(' | '));
  console.log('');
  print(header);
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  rows.forEach(print);
}

/**
 * Writes a run's results (`machine.seconds` says how long it took), says where, lists its failures,
 * and makes the process end with 1 when there are any.
 */
export function writeResults(file: string, results: { machine: { seconds: number }; failures: readonly string[] }): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nRésultats : ${file} (${results.machine.seconds} s)`);
  if (results.failures.length > 0) {
    console.log(`\nÉchecs :\n- ${results.failures.join('\n- ')}`);
    process.exitCode = 1;
  }
}
