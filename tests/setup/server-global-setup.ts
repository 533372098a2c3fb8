import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database.ts';
import {
  databaseUrlWithName,
  type TemplateInfo,
  uniqueDatabaseName,
  withAdminClient,
} from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TemplateInfo;
  }
}

/** Migrates one template database for the whole run; test files copy it (see test-database.ts). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = uniqueDatabaseName('lumara_template');
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${templateName}"`));
    const template = await openDatabase({
      kind: 'postgres',
      url: databaseUrlWithName(adminUrl, templateName),
      poolMax: 2,
    });
    await template.migrate();
    await template.close();
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, templateName });
    return async () => {
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`),
      );
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumara-template-'));
  const dumpPath = path.join(dir, 'migrated.tar.gz');
  const template = await openDatabase({ kind: 'embedded', dataDir: null, poolMax: 2 });
  await template.migrate();
  await template.dump(dumpPath);
  await template.close();
  project.provide('databaseTemplate', { kind: 'embedded', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
