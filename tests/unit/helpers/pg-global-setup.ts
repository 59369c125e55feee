import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase } from "~/infra/db.server";
import { adminQuery, startPgCluster, type PgCluster } from "../../helpers/pg-cluster";

/** The database every test's own database is copied from (CREATE DATABASE ... TEMPLATE): migrated once. */
export const TEMPLATE_DATABASE = "wedding_template";

let cluster: PgCluster | undefined;

/**
 * With TEST_DATABASE=postgres (npm run test:unit:pg), one throwaway cluster for the whole run,
 * with a migrated template database; tests-db.ts copies it for each test.
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== "postgres") return;
  cluster = await startPgCluster();
  await adminQuery(cluster.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = openDatabase(cluster.urlFor(TEMPLATE_DATABASE));
  try {
    await migrateToLatest(template);
  } finally {
    await template.destroy();
  }
  project.provide("pgUrl", cluster.url);
}

export async function teardown() {
  await cluster?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
