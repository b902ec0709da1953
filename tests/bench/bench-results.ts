/**
 * The benchmark's figures: each metric of issue 4 with its unit and budget, its samples, and the
 * floor measured in the same run and page. Budgets are checked on the p95 (for counts, the worst
 * case); the smoke run prints the same table without judging it. A figure the issues measure
 * without a budget (the cluster's scaling) has a null one: printed, never judged.
 */

export type Unit = 'ms' | 'MB' | 'KB' | 'count' | 'px' | 'ratio';

export type MetricSpec = { unit: Unit; budget: number | null; what: string };

/** The table; dotted names are the second half of a row's budget ("and …"). */
export const METRICS = {
  warm_open_ms: { unit: 'ms', budget: 400, what: 'navigation → newest rows of the 100k room painted, local database filled' },
  'warm_open_ms.store_query': { unit: 'ms', budget: 20, what: "the window query's IndexedDB read during that open" },
  cold_open_ms: { unit: 'ms', budget: 1000, what: 'first visit, empty local database, network only' },
  room_switch_ms: { unit: 'ms', budget: 50, what: 'click on another cached room → its rows painted' },
  'room_switch_ms.event': { unit: 'ms', budget: 100, what: "the click's Event Timing duration" },
  history_page_ms: { unit: 'ms', budget: 50, what: 'scroll to the top → the previous 50 messages prepended and painted' },
  jump_to_message_ms: { unit: 'ms', budget: 300, what: "a search result 50,000 messages back: 'Aller au message' → its row painted, highlighted (network included)" },
  open_at_unread_ms: { unit: 'ms', budget: 150, what: "click on a room whose first unread is 5,000 messages back → that row painted under 'Nouveaux messages'" },
  'history_page_ms.jump_px': { unit: 'px', budget: 1, what: 'how far the first visible row moved on prepend' },
  scroll_frame_p95_ms: { unit: 'ms', budget: 20, what: 'frame intervals scrolling through 10,000 messages at 3,000 px/s' },
  'scroll_frame_p95_ms.long_animation_frames': { unit: 'count', budget: 0, what: 'long animation frames during that scroll' },
  burst_to_paint_p95_ms: { unit: 'ms', budget: 100, what: 'server push → row painted, 200 messages/s for 10 s over 4 joined rooms' },
  'burst_to_paint_p95_ms.long_tasks': { unit: 'count', budget: 0, what: 'long tasks over 50 ms during the burst' },
  'burst_to_paint_p95_ms.stored_wrong': { unit: 'count', budget: 0, what: 'burst messages missing from the store or stored twice' },
  composer_key_p95_ms: { unit: 'ms', budget: 50, what: 'typing in the composer during the burst (Event Timing)' },
  heap_mb: { unit: 'MB', budget: 60, what: 'JS heap after GC, 4 rooms opened and 10,000 rows scrolled' },
  'heap_mb.growth_after_50_switches': { unit: 'MB', budget: 5, what: 'heap growth after 50 room switches' },
  dom_rows: { unit: 'count', budget: 150, what: 'message rows in the DOM at any time' },
  split_burst_to_paint_p95_ms: { unit: 'ms', budget: 100, what: 'server push → row painted, 4 rooms side by side, 200 messages/s over them' },
  'split_burst_to_paint_p95_ms.long_tasks': { unit: 'count', budget: 0, what: 'long tasks over 50 ms during that burst' },
  'split_burst_to_paint_p95_ms.dom_rows': { unit: 'count', budget: 150, what: 'message rows in the DOM of any one column' },
  edit_to_paint_ms: { unit: 'ms', budget: 150, what: "another member's edit sent → its new text painted in the open log (local server)" },
  inbox_open_ms: { unit: 'ms', budget: 100, what: "click on 'Non lus' → the inbox's entries painted, 200 unread mentions stored" },
  initial_js_kb: { unit: 'KB', budget: 150, what: 'gzipped JS + CSS the sign-in page loads' },
  'initial_js_kb.chat': { unit: 'KB', budget: 300, what: 'gzipped JS + CSS the chat page loads' },
  cross_node_delivery_p95_ms: { unit: 'ms', budget: 20, what: 'a post on one node → read by sockets on the others, 200 messages/s over 3 nodes on PostgreSQL and Redis' },
  cluster_ack_p95_ms: { unit: 'ms', budget: null, what: "post sent → acknowledged in that run, the room's sockets spread over the 3 nodes" },
  'cluster_ack_p95_ms.one_node': { unit: 'ms', budget: null, what: 'the same rate and sockets, all on one node' },
  'cluster_ack_p95_ms.scaling_ratio': { unit: 'ratio', budget: null, what: 'ack p95 on 3 nodes ÷ on 1' },
  node_kill_reconnect_ms: { unit: 'ms', budget: 5000, what: 'kill -9 of one of 3 nodes during a 200 messages/s burst → each of its members connected to another' },
  'node_kill_reconnect_ms.lost': { unit: 'count', budget: 0, what: "that burst's messages missing from the database or from a member's stream once caught up" },
  'node_kill_reconnect_ms.duplicated': { unit: 'count', budget: 0, what: 'messages stored twice, or heard that the history does not hold' },
} as const satisfies Record<string, MetricSpec>;

export type MetricName = keyof typeof METRICS;

/** The cross-node part's metrics (issue 24): measured on PostgreSQL and Redis, apart from the browser. */
export const CLUSTER_METRICS = [
  'cross_node_delivery_p95_ms',
  'cluster_ack_p95_ms',
  'cluster_ack_p95_ms.one_node',
  'cluster_ack_p95_ms.scaling_ratio',
  'node_kill_reconnect_ms',
  'node_kill_reconnect_ms.lost',
  'node_kill_reconnect_ms.duplicated',
] as const satisfies readonly MetricName[];

export const isClusterMetric = (name: string): boolean => (CLUSTER_METRICS as readonly string[]).includes(name);

export type MetricResult = {
  median: number;
  p95: number;
  unit: Unit;
  budget: number | null;
  floor: number | null;
  /** How many samples the median and p95 are taken over, and what a sample is. */
  samples: number;
  note?: string;
  /** Breakdowns that explain the figure (parts of an open, the store's share, …). */
  detail?: Record<string, number | string | null>;
};

export type BenchResults = {
  machine: Record<string, string | number>;
  mode: 'full' | 'smoke';
  metrics: Partial<Record<MetricName, MetricResult>>;
  timings: Record<string, number>;
  /** Where and when the cross-node metrics were measured (they may come from a run of their own). */
  cluster_machine?: Record<string, string | number>;
};

/** What the cross-node part gives: its metrics and its own machine block. */
export type ClusterPart = { metrics: Partial<Record<MetricName, MetricResult>>; machine: Record<string, string | number> };

/** `results` with the cluster part's metrics in place of any it held; the others and their machine block stay as measured. */
export function withCluster(results: BenchResults, cluster: ClusterPart): BenchResults {
  const others = Object.fromEntries(Object.entries(results.metrics).filter(([name]) => !isClusterMetric(name)));
  return { ...results, metrics: { ...others, ...cluster.metrics }, cluster_machine: cluster.machine };
}

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  // A run that never finished (NaN) is the worst run, never a missing one.
  const sorted = values.map((v) => (Number.isNaN(v) ? Number.POSITIVE_INFINITY : v)).sort((a, b) => a - b);
  // Nearest rank: the p95 of 7 runs is the worst of them, never an interpolation below it.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

const round = (value: number): number => (Number.isFinite(value) ? Math.round(value * 10) / 10 : value);

export function metric(
  name: MetricName,
  samples: readonly number[],
  floor: number | null,
  extra: { note?: string; detail?: MetricResult['detail'] } = {},
): MetricResult {
  const spec: MetricSpec = METRICS[name];
  return {
    median: round(median(samples)),
    p95: round(quantile(samples, 0.95)),
    unit: spec.unit,
    budget: spec.budget,
    floor: floor === null ? null : round(floor),
    samples: samples.length,
    ...(extra.note ? { note: extra.note } : {}),
    ...(extra.detail ? { detail: extra.detail } : {}),
  };
}

/** Measured without a budget: within it whenever it was measured at all. */
export const withinBudget = (result: MetricResult): boolean => Number.isFinite(result.p95) && (result.budget === null || result.p95 <= result.budget);

const budgetCell = (budget: number | null): string => (budget === null ? '—' : `≤ ${budget}`);

/** The printed table: one line per metric of `names` (all by default), in the issues' order. */
export function formatTable(results: BenchResults, judge: boolean, names: readonly MetricName[] = Object.keys(METRICS) as MetricName[]): string {
  const header = ['metric', 'median', 'p95', 'unit', 'budget', 'floor', 'runs', judge ? 'ok?' : ''];
  const rows = names.map((name) => {
    const r = results.metrics[name];
    if (!r) return [name, '—', '—', METRICS[name].unit, budgetCell(METRICS[name].budget), '—', '0', judge ? 'MISSING' : ''];
    return [
      name,
      String(r.median),
      String(r.p95),
      r.unit,
      budgetCell(r.budget),
      r.floor === null ? '—' : String(r.floor),
      String(r.samples),
      judge ? (withinBudget(r) ? 'ok' : 'MISSED') : '',
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
