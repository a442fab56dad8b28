// Description versions: immutable tool -> description maps, identified by content.
import { and, asc, eq } from 'drizzle-orm';
import * as z from 'zod';
import { TraceStoreError } from './errors.ts';
import type { TraceDb } from './open.ts';
import { descriptionVersions, VERSION_ORIGINS } from './schema.ts';
import type { VersionStore } from './types.ts';
import { canonicalJson, contentHash, countDescriptionTokens, MAX_DESCRIPTION_CHARS, versionId } from './versions.ts';
import { inList } from './in-list.ts';

// Versions may come from imported files and optimizer output, so check shape before storing.
const recordVersionInput = z.object({
  server: z.string().min(1),
  descriptions: z.record(z.string(), z.string()),
  origin: z.enum(VERSION_ORIGINS),
  originDetail: z.unknown().optional(),
  parents: z.array(z.string()).optional(),
});

export function versionStore(db: TraceDb, path: string): VersionStore {
  const fail = (what: string) => new TraceStoreError(`trace store ${path}: ${what}`);
  const getVersion = (id: string) => db.select().from(descriptionVersions).where(eq(descriptionVersions.id, id)).get();

  return {
    recordVersion(raw) {
      const parsed = recordVersionInput.safeParse(raw);
      if (!parsed.success) throw fail(`invalid description version: ${z.prettifyError(parsed.error)}`);
      const input = parsed.data;
      // before hashing and counting tokens: their cost grows with the text
      const tooLong = Object.entries(input.descriptions).find(([, text]) => text.length > MAX_DESCRIPTION_CHARS);
      if (tooLong !== undefined) {
        const [tool, text] = tooLong;
        throw fail(`the description of "${tool.slice(0, 64)}" is ${chars(text.length)} characters long; at most ${chars(MAX_DESCRIPTION_CHARS)} are stored`);
      }
      const hash = contentHash(input.descriptions);
      const parents = input.parents ?? [];

      return db.transaction(
        (tx) => {
          const existing = tx
            .select()
            .from(descriptionVersions)
            .where(and(eq(descriptionVersions.server, input.server), eq(descriptionVersions.contentHash, hash)))
            .get();
          if (existing) return existing;

          if (parents.length > 0) {
            const known = tx
              .select({ id: descriptionVersions.id })
              .from(descriptionVersions)
              .where(inList(descriptionVersions.id, parents))
              .all()
              .map((r) => r.id);
            const unknown = parents.filter((p) => !known.includes(p));
            if (unknown.length > 0) throw fail(`unknown parent version${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}`);
          }

          return tx
            .insert(descriptionVersions)
            .values({
              id: versionId(input.server, hash),
              server: input.server,
              // stored in canonical key order so every reader sees the same order
              descriptions: JSON.parse(canonicalJson(input.descriptions)) as Record<string, string>,
              contentHash: hash,
              tokens: countDescriptionTokens(input.descriptions),
              origin: input.origin,
              originDetail: input.originDetail ?? null,
              parents,
              createdAt: new Date().toISOString(),
            })
            .returning()
            .get();
        },
        { behavior: 'immediate' },
      );
    },

    getVersion,

    listVersions(server) {
      return db
        .select()
        .from(descriptionVersions)
        .where(server === undefined ? undefined : eq(descriptionVersions.server, server))
        .orderBy(asc(descriptionVersions.createdAt), asc(descriptionVersions.id))
        .all();
    },
  };
}

const chars = (n: number) => n.toLocaleString('en-US');
