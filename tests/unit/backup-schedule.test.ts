import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/infra/config.server";
import { backupSlot, lastBackupStatus, listBackups, pruneBackups, runScheduledBackup } from "~/models/backup-schedule.server";
import { useTestDatabase } from "./helpers/test-db";

/** The daily backup: at 04:00 at the venue, once for the whole cluster, the oldest pruned past BACKUP_KEEP. */

describe("the backup's slot", () => {
  it("is the venue's day from 04:00: 03:59 still belongs to the previous day", () => {
    // Panamá is UTC-5 all year: 04:00 there is 09:00 UTC.
    expect(backupSlot(new Date("2026-11-27T08:59:00Z"), "America/Panama")).toBe("2026-11-26");
    expect(backupSlot(new Date("2026-11-27T09:00:00Z"), "America/Panama")).toBe("2026-11-27");
    // Madrid on the day clocks go back (25 Oct 2026): 04:00 is then UTC+1, 03:00 UTC.
    expect(backupSlot(new Date("2026-10-25T02:59:00Z"), "Europe/Madrid")).toBe("2026-10-24");
    expect(backupSlot(new Date("2026-10-25T03:00:00Z"), "Europe/Madrid")).toBe("2026-10-25");
  });
});

describe("the scheduled backup", () => {
  const paths = useTestDatabase({ BACKUP_KEEP: "2", RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });
  const withDir = () => {
    process.env.BACKUP_DIR = path.join(paths.dir, "backups");
    resetConfigForTests();
  };

  it("writes one archive per day at 04:00 with an injected clock; a second process finds the day taken", async () => {
    withDir();
    try {
      const first = await runScheduledBackup(new Date("2026-11-27T09:00:00Z"));
      expect(first).toMatchObject({ ran: true, status: { ok: true } });
      // Another worker or instance looking in the same minute: the claim is taken.
      expect(await runScheduledBackup(new Date("2026-11-27T09:00:30Z"))).toEqual({ ran: false, reason: "taken" });
      // Later that day (and before 04:00 the next): still the same day's.
      expect(await runScheduledBackup(new Date("2026-11-28T08:59:00Z"))).toEqual({ ran: false, reason: "taken" });
      const listed = await listBackups();
      expect(listed).toHaveLength(1);
      expect(listed[0].size).toBeGreaterThan(0);
      expect(fs.readdirSync(path.join(paths.dir, "backups")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
      expect(await lastBackupStatus()).toMatchObject({ ok: true, file: listed[0].name });
    } finally {
      delete process.env.BACKUP_DIR;
    }
  });

  it("keeps BACKUP_KEEP archives, removing the oldest", async () => {
    withDir();
    try {
      const days = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"];
      const made: string[] = [];
      for (const day of days) {
        const run = await runScheduledBackup(new Date(`${day}T10:00:00Z`));
        if (!run.ran || !run.status.file) throw new Error("no backup");
        made.push(run.status.file);
        // Names carry the time written (milliseconds): one after another they differ.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await listBackups()).map((b) => b.name)).toEqual(made.slice(-2).reverse());
      expect(await pruneBackups(1)).toEqual([made[2]]);
    } finally {
      delete process.env.BACKUP_DIR;
    }
  });

  it("records a failed backup for the screen and /healthz", async () => {
    // BACKUP_DIR names a file, not a folder: nothing can be written under it.
    const blocker = path.join(paths.dir, "not-a-folder");
    fs.writeFileSync(blocker, "x");
    process.env.BACKUP_DIR = blocker;
    resetConfigForTests();
    try {
      const run = await runScheduledBackup(new Date("2026-11-27T10:00:00Z"));
      expect(run).toMatchObject({ ran: true, status: { ok: false } });
      expect(await lastBackupStatus()).toMatchObject({ ok: false, error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    } finally {
      delete process.env.BACKUP_DIR;
    }
  });

  it("does nothing without BACKUP_DIR", async () => {
    expect(await runScheduledBackup(new Date("2026-11-27T10:00:00Z"))).toEqual({ ran: false, reason: "off" });
    expect(await listBackups()).toEqual([]);
  });
});
