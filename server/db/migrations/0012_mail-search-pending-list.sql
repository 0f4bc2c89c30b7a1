-- The mail log's two GIN indexes take updates into a pending list of at most 256 kB (merged into the tree by the statement that fills it,
-- or by VACUUM): every delivery changes a mail's row twice, and inserting each of its trigrams into the tree cost the database more than
-- the rest of the delivery. Altered in place, so existing rows are not indexed again.
ALTER INDEX "mails_search_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "mails_search_tokens_idx" SET (fastupdate = true, gin_pending_list_limit = 256);
