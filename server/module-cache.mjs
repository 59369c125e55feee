// Node's module cache after the app is loaded, trimmed of what never ran.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Importing a CommonJS package from ES modules makes Node read every file the package's entry
 * might `require` to learn its export names, both branches of `if (NODE_ENV === "production")`
 * included, and keep each file's source in the module cache. React's and react-dom's development
 * builds (2 MB of source in every worker) are read that way and never run. Drops the cache entries
 * of modules that were never run; a later `require` of one would simply read it again.
 * Returns the files dropped.
 */
export function dropModulesNeverRun() {
  const dropped = [];
  for (const [file, module] of Object.entries(require.cache)) {
    if (module && !module.loaded) {
      delete require.cache[file];
      dropped.push(file);
    }
  }
  return dropped;
}
