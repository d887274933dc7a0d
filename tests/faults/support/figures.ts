import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './api-process';

export const FIGURES_FILE = path.join(ROOT, '.tmp/fault-figures.json');

export interface FaultFigures {
  sent: number;
  acknowledged: number;
  stored: number;
  duplicated: number;
  lost: number;
  /** Anything else the test measured (kills, restarts, seconds, error replies…). */
  extra?: Record<string, unknown>;
}

/** The exactly-once figures of a run: what the devices sent and had acknowledged, and what the audit of the server found. */
export const exactlyOnce = (client: { sent: number; acknowledged: number }, audit: { stored: number; duplicated: number; lost: number }) => ({
  sent: client.sent,
  acknowledged: client.acknowledged,
  stored: audit.stored,
  duplicated: audit.duplicated,
  lost: audit.lost,
});

/**
 * Prints the test's one line of figures and records them under `name` in .tmp/fault-figures.json
 * (other tests' entries are kept), so the table in docs/testing.md can be regenerated from a run.
 */
export function reportFigures(name: string, label: string, figures: FaultFigures): void {
  const line = `faults: ${label} — sent ${figures.sent}, acknowledged ${figures.acknowledged}, stored ${figures.stored}, duplicated ${figures.duplicated}, lost ${figures.lost}`;
  console.log(figures.extra ? `${line} (${Object.entries(figures.extra).map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ')})` : line);
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  const all = existsSync(FIGURES_FILE) ? (JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as Record<string, unknown>) : {};
  all[name] = { label, ...figures, recordedAt: new Date().toISOString() };
  writeFileSync(FIGURES_FILE, `${JSON.stringify(all, null, 2)}\n`);
}
