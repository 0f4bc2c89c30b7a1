import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { keptCounts } from '../db/schema';
import { ALL_FILES, FILE_BYTES } from './counts';
import type { FileStatisticsResponse } from '../../contracts/files';

/** The dashboard's file figures, both kept by every upload (server/files/counts.ts): no pass over the files. */
export async function fileStatistics(db: Db): Promise<FileStatisticsResponse> {
  const rows = await db
    .select()
    .from(keptCounts)
    .where(inArray(keptCounts.key, [ALL_FILES, FILE_BYTES]));
  const kept = new Map(rows.map((row) => [row.key, row.count]));
  return { files: kept.get(ALL_FILES) ?? 0, total_size: kept.get(FILE_BYTES) ?? 0 };
}
