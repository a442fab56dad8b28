// How busy the machine was: benchmark figures on a shared machine mean little without it.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { LoadSample } from './figures.ts';

export function loadSample(): LoadSample {
  return { loadavg1: loadavg()[0] ?? 0, cpuPressureSome10: cpuPressure() };
}

function cpuPressure(): number | null {
  try {
    const match = /^some avg10=([\d.]+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export function machineInfo() {
  const list = cpus();
  return { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: list.length, cpuModel: list[0]?.model ?? 'unknown' };
}
