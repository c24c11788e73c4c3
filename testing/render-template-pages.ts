/**
 * Renders the build's pages into the page store of the embedded database in a data folder
 * (`embedded-database-template.ts`), in a process of its own: React's production build, as the
 * server renders with (a test process's NODE_ENV would pick the slower development one).
 * Usage: node --import tsx testing/render-template-pages.ts <data dir> <server build file>
 */
import "#server/production-mode";

const [dataDir, serverBuildFile] = process.argv.slice(2);
if (!dataDir || !serverBuildFile) throw new Error("usage: <data dir> <server build file>");
const { openDatabase } = await import("#database/open-database");
const { createPages } = await import("#server/pages/pages");
const database = await openDatabase({ dataDir });
try {
  await createPages({ database, serverBuildFile }).ensureRendered();
} finally {
  await database.close();
}
