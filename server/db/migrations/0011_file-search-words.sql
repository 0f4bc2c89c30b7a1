-- The words of a file's name, description and reference values as the file search compares them: runs of letters and digits of the
-- text in lower case (ILIKE lowers both sides with the same lower()); a word longer than 100 characters as its first and its last 100.
CREATE FUNCTION "file_words"("name" text, "description" text, "reference_values" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ARRAY(
		SELECT DISTINCT "token"
		FROM regexp_matches(lower("name" || ' ' || "description" || ' ' || "reference_values"), '[[:alnum:]]+', 'g') AS "word",
			LATERAL (VALUES (left("word"[1], 100)), (right("word"[1], 100))) AS "tokens"("token")
		ORDER BY "token"
	)
$$;--> statement-breakpoint
CREATE TABLE "file_search_words" (
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "file_search_words_word_key" ON "file_search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "file_search_words_reversed_idx" ON "file_search_words" USING btree (reverse("word") text_pattern_ops);--> statement-breakpoint
INSERT INTO "file_search_words" ("word") SELECT DISTINCT unnest(file_words("name", "description", "reference_values")) FROM "files";--> statement-breakpoint
-- every word a file holds is kept, by statement triggers so that rows written any way are seen; words are inserted in order, so that two
-- uploads holding the same new words cannot deadlock; words no file holds any more stay (they only widen a lookup)
CREATE FUNCTION "keep_file_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "file_search_words" ("word")
		SELECT DISTINCT unnest(file_words("name", "description", "reference_values")) FROM "written_rows" ORDER BY 1
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "files_words_inserted" AFTER INSERT ON "files" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_file_search_words"();--> statement-breakpoint
CREATE TRIGGER "files_words_updated" AFTER UPDATE ON "files" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_file_search_words"();--> statement-breakpoint
-- A text query as a condition on file_words, which every file that holds the query as a substring meets (README, "File service"): a
-- word the query bounds on both sides is a whole word of the file; its first word, unless the query starts before it, is the end of one
-- (looked up in file_search_words); its last word, unless the query ends after it, the start of one. The words found stand for it, exact,
-- so that GIN skips through a common word's posting list; a start found in more than 100 words is matched as a prefix instead (GIN then
-- reads the posting lists of all those words), an end found in more than 100 adds no condition, nor does a word over 100 characters.
-- NULL when no condition is left (a query inside one word): the trigram indexes serve it.
-- Words are letters and digits only, so quoting them needs no escapes.
CREATE FUNCTION "file_search_query"("query" text) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
	"lowered" text := lower("query");
	"words" text[] := ARRAY(SELECT "match"[1] FROM regexp_matches("lowered", '[[:alnum:]]+', 'g') AS "match");
	"last" integer := cardinality("words");
	"word_end" boolean;
	"word_start" boolean;
	"alternatives" text[];
	"conditions" text[] := '{}';
BEGIN
	FOR "i" IN 1 .. "last" LOOP
		"word_end" := "i" = 1 AND "lowered" ~ '^[[:alnum:]]';
		"word_start" := "i" = "last" AND "lowered" ~ '[[:alnum:]]$';
		CONTINUE WHEN length("words"["i"]) > 100 OR ("word_end" AND "word_start");
		IF "word_end" THEN
			"alternatives" := ARRAY(SELECT "word" FROM "file_search_words" WHERE reverse("word") LIKE reverse("words"["i"]) || '%' LIMIT 101);
		ELSIF "word_start" THEN
			"alternatives" := ARRAY(SELECT "word" FROM "file_search_words" WHERE "word" LIKE "words"["i"] || '%' LIMIT 101);
		ELSE
			"alternatives" := ARRAY["words"["i"]];
		END IF;
		-- none: no file holds such a word, nor the word itself
		IF cardinality("alternatives") = 0 THEN "alternatives" := ARRAY["words"["i"]]; END IF;
		IF cardinality("alternatives") <= 100 THEN
			"conditions" := "conditions" || ('(' || array_to_string(ARRAY(SELECT '''' || "word" || '''' FROM unnest("alternatives") AS "word"), ' | ') || ')');
		ELSIF "word_start" THEN
			"conditions" := "conditions" || ('''' || "words"["i"] || ''':*');
		END IF;
	END LOOP;
	RETURN CASE WHEN cardinality("conditions") > 0 THEN array_to_string("conditions", ' & ')::tsquery END;
END;
$$;--> statement-breakpoint
CREATE INDEX "files_search_words_idx" ON "files" USING gin (array_to_tsvector(file_words("name", "description", "reference_values"))) WITH (fastupdate=false);
