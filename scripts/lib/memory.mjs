// @ts-check
// The memory of a whole server: the process started and every process under it (the cluster's
// workers), read from /proc (Linux). RSS counts a shared page in every process that maps it; PSS
// (from smaps_rollup) splits it between them, so their sum is what the server really holds.
import fs from "node:fs";

/**
 * The pid and every descendant's pid.
 * @param {number} rootPid
 * @returns {number[]}
 */
export function processTree(rootPid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (in parentheses) may contain spaces: the fields after it are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid)?.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  /** @type {number[]} */
  const pids = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = /** @type {number} */ (stack.pop());
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/**
 * @param {number} pid
 * @param {string} field
 */
function rollupKb(pid, field) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const match = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * { processes, rssMb, pssMb } summed over the server's process tree.
 * @param {number} rootPid
 */
export function serverMemory(rootPid) {
  const pids = processTree(rootPid);
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += rollupKb(pid, "Rss");
    pss += rollupKb(pid, "Pss");
  }
  return { processes: pids.length, rssMb: rss / 1024, pssMb: pss / 1024 };
}

/** CPU time (user + system, ms) used so far by the server's live processes: per-request cost that a busy machine distorts less than req/s. */
/** @param {number} rootPid */
export function serverCpuMs(rootPid) {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended meanwhile */
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
