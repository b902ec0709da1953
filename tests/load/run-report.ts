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
