import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

/**
 * A throwaway PostgreSQL cluster for the tests (the unit suite's Postgres run and the two-instance
 * e2e): `initdb` + `pg_ctl` in a temporary folder, on a free local port, trust authentication,
 * fsync off (nothing here must survive a crash). initdb refuses to run as root, so as root the
 * server runs as the `postgres` user (created by Debian's package) or, failing that, a system
 * user made for it. `stop()` stops it and removes the folder.
 */
export interface PgCluster {
  /** Superuser address of the `postgres` database. */
  url: string;
  port: number;
  /** The address of another database on the same cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/** The newest Debian PostgreSQL binaries, or those on PATH. */
export function pgBinDir(): string {
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], "bin");
  }
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (found) return path.dirname(found);
  throw new Error("PostgreSQL's initdb was not found (apt-get install -y postgresql); the PostgreSQL tests need it");
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function serverUser(): string | null {
  if (!isRoot()) return null;
  for (const name of ["postgres", "wedding-pg"]) {
    if (spawnSync("id", ["-u", name]).status === 0) return name;
  }
  execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "wedding-pg"]);
  return "wedding-pg";
}

function runAs(user: string | null, command: string, args: string[]) {
  const [file, argv] = user ? ["runuser", ["-u", user, "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBinDir();
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-pg-"));
  const data = path.join(dir, "data");
  const sockets = path.join(dir, "sockets");
  fs.mkdirSync(sockets);
  if (user) execFileSync("chown", ["-R", user, dir]);
  runAs(user, path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-k ${sockets}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ];
  runAs(user, path.join(bin, "pg_ctl"), ["-D", data, "-o", options.join(" "), "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor("postgres"),
    port,
    urlFor,
    async stop() {
      try {
        runAs(user, path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs statements on the cluster's `postgres` database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
